// Package reconcilers holds reconcilers that another package (the manager's set-up)
// registers: what they write reaches it as facts.
package reconcilers

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// MemcachedReconciler writes the Memcached's status, through a helper of its own.
type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.report(ctx, &obj)
}

func (r *MemcachedReconciler) report(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Status().Patch(ctx, obj, client.MergeFrom(obj.DeepCopy()))
}

// LabelReconciler reads Memcacheds and writes none of their status.
type LabelReconciler struct {
	client.Client
}

func (r *LabelReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	return reconcile.Result{}, r.Get(ctx, req.NamespacedName, &obj)
}
