// Package sharer is a controller that scales its Memcacheds through package shared,
// which so runs in its reconcile loop.
package sharer

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/shared"
)

// Reconciler scales every Memcached to one.
type Reconciler struct {
	client.Client
}

// Reconcile scales req's Memcached to one.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, shared.NewScaler(r.Client).Scale(ctx, req.NamespacedName, 1)
}
