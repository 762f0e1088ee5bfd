// Package scaffold renders what `opgen init` and `opgen create api` write for the user
// to own, from the template set (see package templates), after checking their input:
// a Go module path, a domain and group that are DNS subdomains, a Kubernetes version
// (v1, v1alpha1, v2beta3), an UpperCamelCase kind. Each bad value is refused with one
// line that says which and why.
//
// It returns files in memory; the CLI writes them, runs `opgen generate`, and undoes
// what it wrote when that fails.
package scaffold
