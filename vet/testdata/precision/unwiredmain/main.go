// Command unwiredmain makes the manager and builds package unwired's reconciler, but
// sets up no controller of Memcacheds: the reconciler runs nowhere.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/unwired"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	_ = unwired.New(mgr.GetClient())
}
