// Package main is a second binary of the module, with its own RBAC markers, outside the
// rbac generator's paths: they must not widen the manager's role.
package main

// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch

func main() {}
