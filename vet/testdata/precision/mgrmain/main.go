// Command mgrmain is an operator's main: it makes the manager and hands its client to
// package hook.
package main

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/hook"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	_ = hook.NewScaler(mgr.GetClient()).Scale(context.Background(), client.ObjectKey{Name: "m"}, 1)
}
