package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Counters: a number of the status moved by a constant on every way to the write is
// stored as a count the API server does not hold.

// Not reported: one more attempt each time.
func (r *Reconciler) bumped(ctx context.Context, obj *apiv1.Memcached) error {
	obj.Status.Attempts++
	return r.Status().Update(ctx, obj)
}

// Not reported: moved by a constant, as an assignment of the sum too.
func (r *Reconciler) bumpedBy(ctx context.Context, obj *apiv1.Memcached, twice bool) error {
	if twice {
		obj.Status.Attempts += 2
		return r.Status().Update(ctx, obj)
	}
	obj.Status.Attempts = 1 + obj.Status.Attempts
	return r.Status().Update(ctx, obj)
}

// Reset on some ways after the count: it may be what is stored.
func (r *Reconciler) bumpedReset(ctx context.Context, obj *apiv1.Memcached, fresh bool) error {
	obj.Status.Attempts++
	if fresh {
		obj.Status.Attempts = 0
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Counted on one way only.
func (r *Reconciler) bumpedSometimes(ctx context.Context, obj *apiv1.Memcached, failed bool) error {
	if failed {
		obj.Status.Attempts++
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Counted before an earlier write: the second sends what the first stored.
func (r *Reconciler) bumpedThenWritten(ctx context.Context, obj *apiv1.Memcached) error {
	obj.Status.Attempts++
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Moved by a variable that may be zero.
func (r *Reconciler) bumpedByVar(ctx context.Context, obj *apiv1.Memcached, n int32) error {
	obj.Status.Attempts += n
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Counted, then reset before the conflict retry that sends it.
func (r *Reconciler) bumpedResetBeforeRetry(ctx context.Context, obj *apiv1.Memcached, fresh bool) error {
	obj.Status.Attempts++
	if fresh {
		obj.Status.Attempts = 0
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	})
}

// Not reported: counted in the retry, on the object it reads again.
func (r *Reconciler) bumpedInRetry(ctx context.Context, obj *apiv1.Memcached) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		latest.Status.Attempts++
		return r.Status().Update(ctx, latest)
	})
}

// Not reported: reset and stored on one way, then counted on every way: the reset
// reached the server before the count moved it.
func (r *Reconciler) bumpedAfterStoredReset(ctx context.Context, obj *apiv1.Memcached, restart bool) error {
	if restart {
		obj.Status.Attempts = 0
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	obj.Status.Attempts++
	return r.Status().Update(ctx, obj)
}

// Reset and written without a check of the write's error: the reset may not be
// stored, and the count may land on what is.
func (r *Reconciler) bumpedAfterUncheckedReset(ctx context.Context, obj *apiv1.Memcached, restart bool) error {
	if restart {
		obj.Status.Attempts = 0
		_ = r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	obj.Status.Attempts++
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reset and written only on some ways past the reset: not stored on the others.
func (r *Reconciler) bumpedAfterMaybeStoredReset(ctx context.Context, obj *apiv1.Memcached, restart, save bool) error {
	if restart {
		obj.Status.Attempts = 0
		if save {
			if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
				return err
			}
		}
	}
	obj.Status.Attempts++
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
