package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// createOrResume creates the object, or reads the one that exists from the cache. The
// else of the Create's error check runs when the Create succeeded: the object holds
// the resourceVersion the server has just answered, and its first status write sends
// that. The branch that read the existing one from the cache sends the cached one.
func (r *Reconciler) createOrResume(ctx context.Context, key client.ObjectKey) error {
	obj := &apiv1.Memcached{}
	obj.Name = key.Name
	if err := r.Create(ctx, obj); err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return err
		}
		if err := r.Get(ctx, key, obj); err != nil {
			return err
		}
		obj.Status.State = "Resuming"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	} else {
		obj.Status.State = "Processing"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}
