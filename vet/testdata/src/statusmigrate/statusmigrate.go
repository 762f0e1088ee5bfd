// Package statusmigrate is a controller package where opgen generated
// ApplyMemcachedStatus, and hand-written status writes of Memcached remain: the fix
// moves each to the writer, keeping what happens to its error.
package statusmigrate

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/api/v1"
)

// ApplyMemcachedStatus stands for the writer opgen generates.
func ApplyMemcachedStatus(ctx context.Context, c client.Client, obj *v1.Memcached, desired v1.MemcachedStatus) (bool, error) { // want ApplyMemcachedStatus:"reports change"
	if obj.Status.State == desired.State {
		return false, nil
	}
	obj.Status.State = desired.State
	return true, nil
}

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *MemcachedReconciler) update(ctx context.Context, memcached *v1.Memcached) error {
	if err := r.Status().Update(ctx, memcached); err != nil { // want `r.Status\(\).Update writes status .*; ApplyMemcachedStatus, which opgen generated for Memcached, writes it only when it differs`
		return err
	}
	var err error
	err = r.Status().Update(ctx, memcached) // want `ApplyMemcachedStatus, which opgen generated`
	if err != nil {
		return err
	}
	r.Status().Update(ctx, memcached)        // want `ApplyMemcachedStatus, which opgen generated`
	return r.Status().Update(ctx, memcached) // want `ApplyMemcachedStatus, which opgen generated`
}

func patch(ctx context.Context, c client.Client, memcached *v1.Memcached, p client.Patch) error {
	err := c.Status().Patch(ctx, memcached, p) // want `c.Status\(\).Patch writes status .*ApplyMemcachedStatus, which opgen generated`
	return err
}
