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

// A helper that reads the object itself and hands back its write's error; the
// caller's attempt loop asks errors.IsConflict of that error and goes round again:
// each attempt reads again, as a conflict retry's does.
func (r *Reconciler) applyAttempt(ctx context.Context, key client.ObjectKey, data string) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	obj.Status.State = data
	return r.Update(ctx, obj)
}

func (r *Reconciler) applyWhileConflict(ctx context.Context, key client.ObjectKey, data string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = r.applyAttempt(ctx, key, data)
		if err == nil {
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// The same helper over a list of objects: a range loop that goes on to the next
// object on a conflict tries each once.
func (r *Reconciler) applyAttemptEach(ctx context.Context, key client.ObjectKey, data string) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	obj.Status.State = data
	return r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

func (r *Reconciler) applyEach(ctx context.Context, keys []client.ObjectKey) {
	for _, key := range keys {
		if err := r.applyAttemptEach(ctx, key, "x"); apierrors.IsConflict(err) {
			continue
		}
	}
}

// A loop that never asks what the error was tries again on any failure, but a
// counted loop around a call that does not read the conflict is no retry either.
func (r *Reconciler) applyAttemptBlind(ctx context.Context, key client.ObjectKey, data string) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	obj.Status.State = data
	return r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

func (r *Reconciler) applyBlind(ctx context.Context, key client.ObjectKey) error {
	var err error
	for i := 0; i < 3; i++ {
		err = r.applyAttemptBlind(ctx, key, "x")
		if err != nil {
			break
		}
	}
	return err
}
