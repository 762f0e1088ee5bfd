// Command idleiface makes the manager and sets up package idle's reconcilers from a
// list of an interface of its own: Legacy runs too.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/idle"
)

type setupper interface {
	SetupWithManager(ctrl.Manager) error
}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	for _, s := range []setupper{&idle.Reconciler{Client: mgr.GetClient()}, idle.NewLegacy(mgr.GetClient())} {
		if err := s.SetupWithManager(mgr); err != nil {
			panic(err)
		}
	}
}
