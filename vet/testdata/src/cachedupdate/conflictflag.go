package cachedupdate

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A helper that reads the object, writes it and answers whether the write failed
// with a conflict; its caller goes round again while it says so: each attempt reads
// again, as a conflict retry's does.
func (r *Reconciler) storeAttempt(ctx context.Context, key client.ObjectKey, data string) (bool, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return false, err
	}
	obj.Status.State = data
	if err := r.Status().Update(ctx, obj); err != nil {
		return apierrors.IsConflict(err), err
	}
	return false, nil
}

func (r *Reconciler) storeWhileConflict(ctx context.Context, key client.ObjectKey, data string) {
	for i := 0; i < 3; i++ {
		retry, err := r.storeAttempt(ctx, key, data)
		_ = err
		if retry {
			time.Sleep(time.Second)
			continue
		}
		break
	}
}

// The same helper's answer, but the caller tries once: a 409 is not answered.
func (r *Reconciler) storeAttemptOnce(ctx context.Context, key client.ObjectKey, data string) (bool, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return false, err
	}
	obj.Status.State = data
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return apierrors.IsConflict(err), err
	}
	return false, nil
}

func (r *Reconciler) storeOnce(ctx context.Context, key client.ObjectKey, data string) error {
	conflict, err := r.storeAttemptOnce(ctx, key, data)
	if conflict {
		return nil
	}
	return err
}

// A loop that goes round on the answer, and a second caller that does not: the
// helper's write is reported for that one.
func (r *Reconciler) storeAttemptMixed(ctx context.Context, key client.ObjectKey, data string) (bool, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return false, err
	}
	obj.Status.State = data
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return apierrors.IsConflict(err), err
	}
	return false, nil
}

func (r *Reconciler) storeMixed(ctx context.Context, key client.ObjectKey, data string) error {
	for {
		again, err := r.storeAttemptMixed(ctx, key, data)
		if again {
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	_, err := r.storeAttemptMixed(ctx, key, data)
	return err
}
