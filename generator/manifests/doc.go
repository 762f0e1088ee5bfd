// Package manifests holds what two generators of deploy manifests must build alike:
// config/ (packages apf and rbac) and the Helm chart (package chart) describe the same
// objects, so the typed objects and the RBAC input come from here, once.
//
//   - [APF] is the API Priority and Fairness objects of an operator's ServiceAccount;
//   - [RBACRoots] is the run's packages plus one holding opgen's own rules (the status
//     writers' patch, the reconcilers' reads, the owned kinds' writes) as
//     +kubebuilder:rbac markers, which controller-tools' RBAC generator reads as it
//     reads the user's.
//
// It is not a generator: it names no output and claims no place.
package manifests
