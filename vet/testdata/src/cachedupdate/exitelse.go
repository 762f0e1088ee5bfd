package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// finishAndReset patches the status, its error checked by an if whose branches both
// leave (a conflict requeues, anything else fails): past it the patch succeeded, and
// the object holds the resourceVersion the server answered, which the Update sends.
func (r *Reconciler) finishAndReset(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	var cur apiv1.Memcached
	if err := r.Get(ctx, key, &cur); err != nil {
		return ctrl.Result{}, err
	}
	desired := cur.DeepCopy()
	desired.Status.State = "Finished"
	if err := r.Status().Patch(ctx, desired, client.MergeFrom(&cur)); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		} else {
			return ctrl.Result{}, err
		}
	}
	desired.Labels = map[string]string{"phase": "none"}
	if err := r.Update(ctx, desired); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// finishOrLog checks the patch's error with an if one branch of which goes on: past
// it the patch may have failed, and the Update sends the cache's resourceVersion.
func (r *Reconciler) finishOrLog(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	var cur apiv1.Memcached
	if err := r.Get(ctx, key, &cur); err != nil {
		return ctrl.Result{}, err
	}
	desired := cur.DeepCopy()
	desired.Status.State = "Finished"
	if err := r.Status().Patch(ctx, desired, client.MergeFrom(&cur)); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		} else {
			desired.Status.Message = err.Error()
		}
	}
	desired.Labels = map[string]string{"phase": "none"}
	if err := r.Update(ctx, desired); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
