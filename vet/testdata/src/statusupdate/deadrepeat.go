package statusupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

func (r *Reconciler) connectBackend(ctx context.Context) error { return nil }

// An if that repeats the test of an earlier if whose body left never runs its body.
func (r *Reconciler) repeatedErrCheck(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) {
	err := r.connectBackend(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if err != nil {
		obj.Status.State = "Disconnected"
		return ctrl.Result{}, r.Status().Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) repeatedErrCheckReassigned(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) {
	err := r.connectBackend(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	err = r.connectBackend(ctx)
	if err != nil {
		obj.Status.State = "Disconnected"
		return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return ctrl.Result{}, nil
}
