// Package rbac generates the manager's ClusterRole (config/rbac/role.yaml, name
// manager-role) through controller-tools' RBAC generator, from the +kubebuilder:rbac
// markers of every loaded package plus the rules opgen's generated code needs, with
// least privilege:
//
//   - a status-owner kind: patch on <plural>/status (Server-Side Apply), never update;
//   - a reconciler kind: get, list and watch on <plural>; with a finalizer also patch
//     on <plural> (the finalizer is applied) and update on <plural>/finalizers; never
//     create, so an apply racing a deletion cannot recreate the object;
//   - each owned kind: get, list, watch (the watch), create and patch (Server-Side
//     Apply of owned objects).
//
// opgen's rules reach controller-tools as markers of a synthetic package
// (manifests.RBACRoots, which the Helm chart reads too), so both kinds
// of rules are merged and normalized by the same code.
package rbac
