// Command opgen generates storm-proof controller-runtime operators from +opguard:
// markers on Kubernetes API types. See README.md, or `opgen help`.
package main
