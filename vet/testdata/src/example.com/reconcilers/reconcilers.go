// Package reconcilers holds reconcilers that another package (the manager's set-up)
// registers: what they write reaches it as facts.
package reconcilers

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/managers"
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

// ManagedReconciler leaves the status to a manager it holds behind an interface, whose
// package has one implementation, which writes the status.
type ManagedReconciler struct {
	client.Client
	Resources managers.ResourceManager
}

func (r *ManagedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Resources.Reconcile(ctx, &obj)
}

// SyncingReconciler holds an interface of two implementations, one of which writes:
// which one it holds is not known from here.
type SyncingReconciler struct {
	client.Client
	Syncer managers.Syncer
}

func (r *SyncingReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Syncer.Sync(ctx, &obj)
}
