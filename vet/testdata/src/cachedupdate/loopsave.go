package cachedupdate

import (
	"context"
	"fmt"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// saveLooping retries its write by hand: it returns nil only right after a write of
// the object it is handed succeeded, and a new error everywhere else. A caller that
// checks its error holds the server's answer.
func (r *Reconciler) saveLooping(ctx context.Context, obj *apiv1.Memcached, state string) error { // want saveLooping:`refreshes \[1\]`
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			return fmt.Errorf("read again: %w", err)
		}
		obj.Status.State = state
		err = r.Status().Update(ctx, obj)
		if err == nil {
			return nil
		}
		if apierrors.IsConflict(err) {
			continue
		}
		return fmt.Errorf("save: %w", err)
	}
	return fmt.Errorf("save after retries: %w", err)
}

// saveLoopingLoose has a path that returns nil with nothing written, and one that
// returns an error variable that may be nil: neither refreshes.
func (r *Reconciler) saveLoopingLoose(ctx context.Context, obj *apiv1.Memcached, state string) error {
	for attempt := 0; attempt < 3; attempt++ {
		if obj.Status.State == state {
			return nil
		}
		obj.Status.State = state
		if err := r.Status().Update(ctx, obj); err == nil {
			return nil
		}
	}
	return nil
}

func (r *Reconciler) saveLoopingPassed(ctx context.Context, obj *apiv1.Memcached, state string, last error) error {
	for attempt := 0; attempt < 3; attempt++ {
		obj.Status.State = state
		if err := r.Status().Update(ctx, obj); err == nil {
			return nil
		}
	}
	return last
}

func (r *Reconciler) afterSaveLooping(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.saveLooping(ctx, obj, "Processing"); err != nil {
		return err
	}
	if err := r.Update(ctx, obj); err != nil {
		return err
	}
	loose := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, loose); err != nil {
		return err
	}
	if err := r.saveLoopingLoose(ctx, loose, "Processing"); err != nil { // want `r.saveLoopingLoose sends loose, a \*v1.Memcached read from the informer cache`
		return err
	}
	if err := r.Update(ctx, loose); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
		return err
	}
	passed := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, passed); err != nil {
		return err
	}
	if err := r.saveLoopingPassed(ctx, passed, "Processing", nil); err != nil { // want `r.saveLoopingPassed sends passed, a \*v1.Memcached read from the informer cache`
		return err
	}
	return r.Update(ctx, passed) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// putLatest retries its write by hand and, on a conflict, puts a fresh read into the
// object it is handed (*obj = latest, keeping the status it means to write): the next
// attempt sends the version just read, as a conflict retry does.
func (r *Reconciler) putLatest(ctx context.Context, obj *apiv1.Memcached) error {
	for i := 0; i < 4; i++ {
		err := r.Status().Update(ctx, obj)
		if err == nil || !apierrors.IsConflict(err) {
			return err
		}
		var latest apiv1.Memcached
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &latest); err != nil {
			return err
		}
		latest.Status = obj.Status
		*obj = latest
	}
	return fmt.Errorf("status of %s still conflicts", obj.Name)
}

// copyLatest does the same with DeepCopyInto.
func (r *Reconciler) copyLatest(ctx context.Context, obj *apiv1.Memcached) error {
	for i := 0; i < 4; i++ {
		err := r.Status().Update(ctx, obj)
		if !apierrors.IsConflict(err) {
			return err
		}
		latest := &apiv1.Memcached{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		status := obj.Status
		latest.DeepCopyInto(obj)
		obj.Status = status
	}
	return nil
}

// putKept puts back a copy taken before the loop, not a fresh read: every attempt
// resends the same stale resourceVersion.
func (r *Reconciler) putKept(ctx context.Context, obj *apiv1.Memcached) error {
	kept := *obj
	for i := 0; i < 4; i++ {
		err := r.Status().Update(ctx, obj)
		if !apierrors.IsConflict(err) {
			return err
		}
		*obj = kept
	}
	return nil
}

func (r *Reconciler) withPutLatest(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	obj.Status.State = "Ready"
	if err := r.putLatest(ctx, obj); err != nil {
		return err
	}
	if err := r.copyLatest(ctx, obj); err != nil {
		return err
	}
	return r.putKept(ctx, obj) // want `r.putKept sends obj, a \*v1.Memcached read from the informer cache`
}

// releaseAll retries on any error, reading the object again on each attempt, and
// leaves once a write succeeded: a retry, as client-go's OnError with a predicate
// that takes every error is.
func (r *Reconciler) releaseAll(ctx context.Context, key client.ObjectKey) {
	for range 5 {
		var fresh apiv1.Memcached
		if err := r.Get(ctx, key, &fresh); err != nil {
			return
		}
		fresh.Status.State = "Released"
		if err := r.Status().Update(ctx, &fresh); err == nil {
			return
		}
	}
}

// markEach goes on to the next object whether its write succeeded or not: a loop over
// objects, each read from the cache and sent whole once.
func (r *Reconciler) markEach(ctx context.Context, keys []client.ObjectKey) {
	for _, key := range keys {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			continue
		}
		obj.Status.State = "Marked"
		if err := r.Status().Update(ctx, &obj); err == nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			continue
		}
	}
}
