// Package controller holds the operator's reconcilers. opgen generates the files named
// zz_generated.*: the status writers, the guarded Reconcile and SetupWithManager of each
// kind, the manager wiring and the envtest suite. The <kind>_controller.go files are
// yours: Reconcile<Kind> drives the cluster toward the spec and returns the status.
package controller
