// Package rbac generates the manager's ClusterRole (config/rbac/role.yaml, name
// manager-role) from the +kubebuilder:rbac markers of every loaded package, through
// controller-tools' RBAC generator, as controller-gen does.
package rbac
