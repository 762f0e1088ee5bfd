package workers

import (
	"flag"

	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const many = 50

type localOptions struct{ MaxConcurrentReconciles int }

func options() []any {
	n := flag.Int("workers", 4, "")
	var o controller.Options
	o.MaxConcurrentReconciles = 64 // want `MaxConcurrentReconciles of 64 is above 10: `
	o.MaxConcurrentReconciles = 10
	return []any{
		controller.Options{MaxConcurrentReconciles: many},                       // want `MaxConcurrentReconciles of 50 is above 10`
		controller.TypedOptions[reconcile.Request]{MaxConcurrentReconciles: 11}, // want `MaxConcurrentReconciles of 11 is above 10`
		controller.Options{MaxConcurrentReconciles: 2},
		controller.Options{MaxConcurrentReconciles: *n},
		localOptions{MaxConcurrentReconciles: 100},
		//opguard:ignore workers each reconcile waits 30s on a slow cloud API and never writes the object
		controller.Options{MaxConcurrentReconciles: 40},
	}
}
