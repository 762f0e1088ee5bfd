package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// setPhase writes its object's status on every path and answers nothing: each call
// is a write whose answer the caller does not look at.
func (r *Reconciler) setPhase(ctx context.Context, obj *apiv1.Memcached, phase string) { // want setPhase:`refreshes \[1\]`
	obj.Status.State = phase
	r.Status().Update(ctx, obj)
}

// setPhaseMaybe may return before it writes: a call of it writes nothing for sure.
func (r *Reconciler) setPhaseMaybe(ctx context.Context, obj *apiv1.Memcached, phase string) {
	if phase == "" {
		return
	}
	obj.Status.State = phase
	r.Status().Update(ctx, obj)
}

// A pass that writes status several times without looking at the answers: the first
// write sends the cached version (a 409 when the cache lags); each later one sends
// what the write before it decoded, or, when that one failed, the same version it
// failed with, which is that first write's finding.
func (r *Reconciler) phases(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	r.setPhase(ctx, &obj, "Starting") // want `r.setPhase sends &obj, a \*v1.Memcached read from the informer cache`
	r.setPhase(ctx, &obj, "Running")
	_ = r.Status().Update(ctx, &obj)
	r.Status().Update(ctx, &obj)
	return r.Update(ctx, &obj)
}

// After a helper that may not have written, the object may still be the cache's.
func (r *Reconciler) phasesMaybe(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	r.setPhaseMaybe(ctx, &obj, "") // want `r.setPhaseMaybe sends &obj, a \*v1.Memcached read from the informer cache`
	return r.Update(ctx, &obj)     // want `r.Update of \*v1.Memcached read from the informer cache`
}
