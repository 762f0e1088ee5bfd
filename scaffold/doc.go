// Package scaffold renders what `opgen init` and `opgen create api` write for the user
// to own, from the template set (see package templates), after checking their input:
// a Go module path, a domain and group that are DNS subdomains, a Kubernetes version
// (v1, v1alpha1, v2beta3), an UpperCamelCase kind. Each bad value is refused with one
// line that says which and why.
//
// It returns files in memory; the CLI writes them, runs `opgen generate`, and undoes
// what it wrote when that fails.
//
// ControllerFiles are `opgen create controller`'s, from templates/controller: the
// reconciler file of a kind the project does not define, with +opguard:for and the
// kind's markers on its type, and the sample its test creates (one that opts in).
// ValidateController checks the kind against the project's Kubernetes release: a kind
// of k8s.io/api it serves, spelled with the group the server gives it (--group
// networking finds networking.k8s.io), unless --external-api-path names another
// module's package.
package scaffold
