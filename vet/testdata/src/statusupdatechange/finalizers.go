package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"
)

// controller-runtime's finalizer registry says what its finalizers changed: its
// Result's StatusUpdated is true only when one changed the status.

// Not reported: written only when a finalizer changed the status.
func (r *Reconciler) finalizeRegistered(ctx context.Context, fs finalizer.Finalizers, obj *apiv1.Memcached) error {
	res, err := fs.Finalize(ctx, obj)
	if err != nil {
		return err
	}
	if res.Updated {
		if err := r.Update(ctx, obj); err != nil {
			return err
		}
	}
	if res.StatusUpdated {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Reported: written when a finalizer changed the metadata, which says nothing of
// the status.
func (r *Reconciler) finalizeMetadata(ctx context.Context, fs finalizer.Finalizers, obj *apiv1.Memcached) error {
	res, err := fs.Finalize(ctx, obj)
	if err != nil {
		return err
	}
	if res.Updated {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: written when no finalizer changed the status.
func (r *Reconciler) finalizeUnchanged(ctx context.Context, fs finalizer.Finalizers, obj *apiv1.Memcached) error {
	res, err := fs.Finalize(ctx, obj)
	if err != nil {
		return err
	}
	if !res.StatusUpdated {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
