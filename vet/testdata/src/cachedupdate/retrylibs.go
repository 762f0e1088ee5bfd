package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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

// updateStatusAliased sends the object as handed in first, and on a conflict reads it
// again and gives it the version read, under other names (meta := obj; freshObj, ok
// := fresh.(metav1.Object)): a conflict retry.
func updateStatusAliased(ctx context.Context, c client.Client, obj client.Object) error {
	first := true
	meta := obj
	return retryOnConflict(func() error {
		if first {
			first = false
			return c.Status().Update(ctx, obj)
		}
		fresh := &apiv1.Memcached{}
		if err := c.Get(ctx, client.ObjectKeyFromObject(meta), fresh); err != nil {
			return err
		}
		freshObj, ok := client.Object(fresh).(metav1.Object)
		if !ok {
			return nil
		}
		meta.SetResourceVersion(freshObj.GetResourceVersion())
		return c.Status().Update(ctx, obj)
	})
}

func (r *Reconciler) saveAliased(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := r.Get(ctx, key, m); err != nil {
		return err
	}
	m.Status.State = "Ready"
	return updateStatusAliased(ctx, r.Client, m)
}
