// Command deadsetupmain makes the manager and wires package deadsetup's controller
// with Add: its SetupWithManager is never called.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/deadsetup"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	if err := deadsetup.Add(mgr); err != nil {
		panic(err)
	}
}
