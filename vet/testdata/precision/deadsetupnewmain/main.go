// Command deadsetupnewmain makes the manager and wires package deadsetupnew's
// controller with Add: its SetupWithManager is never called.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/deadsetupnew"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	if err := deadsetupnew.Add(mgr); err != nil {
		panic(err)
	}
}
