package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

func (r *Reconciler) connect(ctx context.Context) error { return nil }

// An if that repeats the test of an earlier if whose body left, nothing between
// changing what it reads, never runs its body.
func (r *Reconciler) repeatedCheck(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	err := r.connect(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err != nil {
		obj.Status.State = "Disconnected"
		return ctrl.Result{}, r.Status().Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

// Given another value between the two, or tested first by an if that goes on, the
// error may be set there.
func (r *Reconciler) repeatedCheckReassigned(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	err := r.connect(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	err = r.connect(ctx)
	if err != nil {
		obj.Status.State = "Disconnected"
		return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) repeatedCheckGoesOn(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	err := r.connect(ctx)
	if err != nil {
		obj.Status.Message = err.Error()
	}
	if err != nil {
		obj.Status.State = "Disconnected"
		return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return ctrl.Result{}, nil
}
