// Command idlemain makes the manager and registers package idle's Reconciler. It
// builds a Legacy and prints it, and registers nothing with it.
package main

import (
	"fmt"

	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/idle"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	if err := (&idle.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
	legacy := idle.NewLegacy(mgr.GetClient())
	fmt.Println("built", legacy)
}
