package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A retry written with a label: on a conflict the function goes back to the label
// and reads the object again before the next try.
func (r *Reconciler) storeByLabel(ctx context.Context, key client.ObjectKey, data string) error {
Retry:
	obj := apiv1.Memcached{}
	if err := r.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Status.State = data
	if err := r.Status().Update(ctx, &obj); err != nil {
		if apierrors.IsConflict(err) {
			goto Retry
		}
		return err
	}
	return nil
}

// The label stands after the read: going back to it sends the same stale object
// again.
func (r *Reconciler) storeByLabelStale(ctx context.Context, key client.ObjectKey, data string) error {
	obj := apiv1.Memcached{}
	if err := r.Get(ctx, key, &obj); err != nil {
		return err
	}
Again:
	obj.Status.State = data
	if err := r.Status().Update(ctx, &obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		if apierrors.IsConflict(err) {
			goto Again
		}
		return err
	}
	return nil
}

// Back to the label on any error, conflicts not asked for: no conflict retry.
func (r *Reconciler) storeByLabelAnyError(ctx context.Context, key client.ObjectKey, data string, tries int) error {
Once:
	obj := apiv1.Memcached{}
	if err := r.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Status.State = data
	if err := r.Status().Update(ctx, &obj); err != nil && tries > 0 { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		tries--
		goto Once
	}
	return nil
}
