package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const guardFinalizer = "example.com/finalizer"

func live(obj *apiv1.Memcached) bool {
	return obj.DeletionTimestamp.IsZero() && controllerutil.ContainsFinalizer(obj, guardFinalizer)
}

// Two blocks on the same condition: the second runs only when the first did, and the
// first went past its checked status write, which gave the object the server's
// version.
func (r *Reconciler) sameGuard(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if live(&obj) {
		obj.Status.State = "Validated"
		if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
		if obj.Status.Message != "" {
			return nil
		}
	}
	r.inspect(&obj)
	obj.Status.Message = "checked" // the status the pass computes: no test of the object's life
	if obj.Status.State == "Gone" {
		// The finalizer goes on a path that leaves: the later if is never reached.
		controllerutil.RemoveFinalizer(&obj, guardFinalizer)
		return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	}
	if live(&obj) {
		obj.Status.State = "Applied"
		return r.Status().Update(ctx, &obj)
	}
	return nil
}

// The first block may skip its write and go on: the second may send the cache's
// version.
func (r *Reconciler) sameGuardSkipped(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	for _, phase := range []string{"a", "b"} {
		if live(&obj) {
			if phase == "a" {
				continue
			}
			if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
				return err
			}
		}
		if live(&obj) {
			return r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		}
	}
	return nil
}

// A finalizer added between the two may turn the condition: the first block did not
// run, the second does.
func (r *Reconciler) sameGuardTurned(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if live(&obj) {
		if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
	}
	controllerutil.AddFinalizer(&obj, guardFinalizer)
	if live(&obj) {
		return r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}

// Another condition: the first block may not have run.
func (r *Reconciler) otherGuard(ctx context.Context, req ctrl.Request, force bool) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if live(&obj) {
		if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
	}
	if force {
		return r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}

// A variable of the condition assigned between the two.
func (r *Reconciler) sameGuardAssigned(ctx context.Context, req ctrl.Request, ready bool) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if ready {
		if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
	}
	ready = !ready
	if ready {
		return r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}

func (r *Reconciler) inspect(obj *apiv1.Memcached) {}

// A condition on the status, and the status changed between the two.
func (r *Reconciler) sameStatusGuard(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if obj.Status.State == "Ready" {
		if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
	}
	obj.Status.State = "Ready"
	if obj.Status.State == "Ready" {
		return r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}
