package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// publish retries by hand: each attempt reads the object again and writes it; the
// else of the write's failure check ends the loop, so a failed attempt goes round
// again with what it read.
func (r *Reconciler) publish(ctx context.Context, key client.ObjectKey, state string) error {
	obj := &apiv1.Memcached{}
	for i := 1; i <= 3; i++ {
		if err := r.Get(ctx, key, obj); err != nil {
			return err
		}
		obj.Status.State = state
		err := r.Status().Update(ctx, obj)
		if err != nil {
			if i == 3 {
				return err
			}
		} else {
			break
		}
	}
	return nil
}

// publishStale goes round again without reading: every attempt sends the version
// the cache gave once.
func (r *Reconciler) publishStale(ctx context.Context, key client.ObjectKey, state string) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	for i := 1; i <= 3; i++ {
		obj.Status.State = state
		err := r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		if err != nil {
			if i == 3 {
				return err
			}
		} else {
			break
		}
	}
	return nil
}
