package cachedupdate

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A poll whose attempt reads the object afresh and ends not done, without an error,
// when its write failed: the wait package calls it again, and the next attempt sends
// what it read. A retry on any error, 409 included.
func (r *Reconciler) pollAnyError(ctx context.Context, key client.ObjectKey, phase string) error {
	return wait.Poll(50*time.Millisecond, time.Second, func() (bool, error) {
		fresh := &apiv1.Memcached{}
		if err := r.Get(ctx, key, fresh); err != nil {
			return false, nil
		}
		fresh.Status.State = phase
		err := r.Status().Update(ctx, fresh)
		if err == nil {
			return true, nil
		}
		return false, nil
	})
}

func (r *Reconciler) pollAnyErrorInit(ctx context.Context, key client.ObjectKey, phase string) error {
	return wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, time.Second, true, func(ctx context.Context) (bool, error) {
		var fresh apiv1.Memcached
		if err := r.Get(ctx, key, &fresh); err != nil {
			return false, err
		}
		fresh.Status.State = phase
		if err := r.Status().Update(ctx, &fresh); err != nil {
			return false, nil
		}
		return true, nil
	})
}

// An attempt that hands the write's error back stops the poll at the first 409.
func (r *Reconciler) pollStopsOnError(ctx context.Context, key client.ObjectKey, phase string) error {
	return wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, time.Second, true, func(ctx context.Context) (bool, error) {
		fresh := &apiv1.Memcached{}
		if err := r.Get(ctx, key, fresh); err != nil {
			return false, nil
		}
		fresh.Status.State = phase
		if err := r.Status().Update(ctx, fresh); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return false, err
		}
		return true, nil
	})
}

// An object read once, before the poll, is sent again as it was on every attempt.
func (r *Reconciler) pollReadOnce(ctx context.Context, key client.ObjectKey, phase string) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	return wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, time.Second, true, func(ctx context.Context) (bool, error) {
		obj.Status.State = phase
		err := r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		if err == nil {
			return true, nil
		}
		return false, nil
	})
}
