package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// A phase set and written in every branch of an if: past it the object holds what the
// server answered.

func (r *Reconciler) putPhase(ctx context.Context, obj *apiv1.Memcached, phase string) { // want putPhase:`refreshes \[1\]`
	obj.Status.State = phase
	_ = r.Status().Update(ctx, obj)
}

func (r *Reconciler) afterEveryBranch(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if obj.Spec.Size > 1 {
		r.putPhase(ctx, obj, "Ready") // want `r.putPhase sends obj, a \*v1.Memcached read from the informer cache`
	} else if obj.Spec.Size == 1 {
		r.putPhase(ctx, obj, "Deploying") // want `r.putPhase sends obj, a \*v1.Memcached read from the informer cache`
	} else {
		return nil
	}
	return r.Status().Update(ctx, obj)
}

// Without a final else, or with a branch that reads the object again after its write,
// the path may reach the write with the cache's copy.
func (r *Reconciler) afterSomeBranches(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if obj.Spec.Size > 1 {
		r.putPhase(ctx, obj, "Ready") // want `r.putPhase sends obj, a \*v1.Memcached read from the informer cache`
	} else if obj.Spec.Size == 1 {
		r.putPhase(ctx, obj, "Deploying") // want `r.putPhase sends obj, a \*v1.Memcached read from the informer cache`
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return err
	}
	if obj.Spec.Size > 1 {
		r.putPhase(ctx, obj, "Ready")
		_ = r.Get(ctx, req.NamespacedName, obj)
	} else {
		r.putPhase(ctx, obj, "Idle")
	}
	return r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}
