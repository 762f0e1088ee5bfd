// Command sealedmain makes the manager and runs package monitor's Watcher once; it
// builds no Monitor.
package main

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/internal/monitor"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	w := monitor.NewWatcher(mgr.GetClient())
	if err := w.Record(context.Background(), client.ObjectKey{Namespace: "default", Name: "m"}); err != nil {
		panic(err)
	}
}
