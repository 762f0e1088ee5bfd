package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A retry library that calls its function again on any error retries a 409 too:
// an attempt that reads the object again sends what it just read.
func (r *Reconciler) setStateAvast(ctx context.Context, key client.ObjectKey) error {
	return retry.Do(func() error {
		m := &apiv1.Memcached{}
		if err := r.Get(ctx, key, m); err != nil {
			return err
		}
		m.Spec.Size = 3
		return r.Update(ctx, m)
	}, retry.Attempts(10))
}

func (r *Reconciler) setStateBackoff(ctx context.Context, key client.ObjectKey) error {
	return backoff.Retry(func() error {
		m := &apiv1.Memcached{}
		if err := r.Get(ctx, key, m); err != nil {
			return err
		}
		m.Status.State = "Ready"
		return r.Status().Update(ctx, m)
	}, backoff.NewExponentialBackOff())
}

// resendAvast retries the object it read once, outside: every attempt sends the
// same cached resourceVersion.
func (r *Reconciler) resendAvast(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := r.Get(ctx, key, m); err != nil {
		return err
	}
	return retry.Do(func() error {
		m.Spec.Size = 3
		return r.Update(ctx, m) // want `r.Update of \*v1.Memcached read from the informer cache \(r.Get\)`
	})
}
