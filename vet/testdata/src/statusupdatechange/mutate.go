package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/client-go/util/retry"
)

// A writer handed the change as a function literal that it runs before the write
// (rule 7 reads the literal's assignments at each call as the path's).

// persist runs mutate, then writes, in a conflict retry.
func (r *Reconciler) persist(ctx context.Context, obj *apiv1.Memcached, mutate func()) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		mutate()
		return r.Status().Update(ctx, obj)
	})
}

// setState hands persist a literal that gives the state its parameter.
func (r *Reconciler) setState(ctx context.Context, obj *apiv1.Memcached, state string) error {
	return r.persist(ctx, obj, func() {
		obj.Status.State = state
		obj.Status.Message = "moved to " + state
	})
}

// Not reported: each call moves the state from the one it found.
func (r *Reconciler) advance(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "" || obj.Status.State == "Failed" {
		if err := r.setState(ctx, obj, "Installing"); err != nil {
			return err
		}
	}
	if obj.Status.State == "Installing" {
		return r.setState(ctx, obj, "Installed")
	}
	return nil
}

// apply hands the status to the literal it is given.
func (r *Reconciler) apply(ctx context.Context, obj *apiv1.Memcached, mutate func(*apiv1.MemcachedStatus)) error {
	mutate(&obj.Status)
	return r.Status().Update(ctx, obj)
}

// Not reported: the literal's parameter is the written object's status.
func (r *Reconciler) reserveOnce(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Reserved {
		return nil
	}
	return r.apply(ctx, obj, func(s *apiv1.MemcachedStatus) { s.Reserved = true })
}

// persistAgain is persist, reported for the call of stay.
func (r *Reconciler) persistAgain(ctx context.Context, obj *apiv1.Memcached, mutate func()) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		mutate()
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	})
}

// Reported: found Running and set Running again.
func (r *Reconciler) stay(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Running" {
		return r.persistAgain(ctx, obj, func() { obj.Status.State = "Running" })
	}
	return nil
}

// persistHanded is persist, reported for the call of handed.
func (r *Reconciler) persistHanded(ctx context.Context, obj *apiv1.Memcached, mutate func()) error {
	mutate()
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported: the change is no literal at the call, so what it does is not known.
func (r *Reconciler) handed(ctx context.Context, obj *apiv1.Memcached, change func()) error {
	if obj.Status.State == "" {
		return r.persistHanded(ctx, obj, change)
	}
	return nil
}
