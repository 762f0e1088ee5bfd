// Command deadsetupiface makes the manager and sets up a list of reconcilers through
// an interface: package deadsetup's SetupWithManager may be among them.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/deadsetup"
)

type setupper interface {
	SetupWithManager(ctrl.Manager) error
}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	for _, r := range []setupper{&deadsetup.Reconciler{Client: mgr.GetClient()}} {
		if err := r.SetupWithManager(mgr); err != nil {
			panic(err)
		}
	}
}
