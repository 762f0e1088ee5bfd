package cachedupdate

import (
	"context"
	"errors"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

var errBackend = errors.New("backend")

// releaseBackend frees what the object holds outside the cluster. It answers
// (released, err); released is false without an error only on the way out where the
// backend refused and the status, written with its error checked, says so.
func (r *Reconciler) releaseBackend(ctx context.Context, obj *apiv1.Memcached, refused bool) (bool, error) {
	if obj.Status.State == "" {
		return true, nil
	}
	if refused {
		obj.Status.Message = "backend refused the release"
		if err := r.Status().Update(ctx, obj); err != nil {
			return false, err
		}
		return false, nil
	}
	if obj.Spec.Size < 0 {
		return false, errBackend
	}
	return true, nil
}

// releaseLoosely answers released false, without an error, also on a way out that
// writes nothing.
func (r *Reconciler) releaseLoosely(ctx context.Context, obj *apiv1.Memcached, refused bool) (bool, error) {
	if obj.Spec.Size == 0 {
		return false, nil
	}
	if refused {
		if err := r.Status().Update(ctx, obj); err != nil {
			return false, err
		}
		return false, nil
	}
	return true, nil
}

// A write in the branch where released is false comes after the callee's status
// write: the object holds the server's answer.
func (r *Reconciler) finalizeRefused(ctx context.Context, req ctrl.Request, refused bool) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	released, err := r.releaseBackend(ctx, obj, refused) // want `r.releaseBackend sends obj, a \*v1.Memcached read from the informer cache`
	if err != nil {
		return ctrl.Result{}, err
	}
	if released {
		obj.Finalizers = nil
		return ctrl.Result{}, r.Patch(ctx, obj, nil)
	} else {
		obj.Status.State = "Blocked"
		if err := r.Status().Update(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{RequeueAfter: 30}, nil
}

// The same, the other way round: past a test that leaves when released, it is false.
func (r *Reconciler) finalizeRefusedGuard(ctx context.Context, req ctrl.Request, refused bool) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if released, err := r.releaseBackend(ctx, obj, refused); err != nil || released { // want `r.releaseBackend sends obj, a \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	obj.Status.State = "Blocked"
	return ctrl.Result{}, r.Status().Update(ctx, obj)
}

// released, err := …; if err != nil { … }; if released { return }: past both the
// callee has written the object.
func (r *Reconciler) finalizeRefusedAhead(ctx context.Context, req ctrl.Request, refused bool) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	released, err := r.releaseBackend(ctx, obj, refused) // want `r.releaseBackend sends obj, a \*v1.Memcached read from the informer cache`
	if err != nil {
		return ctrl.Result{}, err
	}
	if released {
		return ctrl.Result{}, nil
	}
	obj.Status.State = "Blocked"
	return ctrl.Result{}, r.Status().Update(ctx, obj)
}

// A callee that also says false on a way out that writes nothing leaves the object
// the cache's there.
func (r *Reconciler) finalizeLoosely(ctx context.Context, req ctrl.Request, refused bool) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	released, err := r.releaseLoosely(ctx, obj, refused) // want `r.releaseLoosely sends obj, a \*v1.Memcached read from the informer cache`
	if err != nil {
		return ctrl.Result{}, err
	}
	if !released {
		obj.Status.State = "Blocked"
		return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return ctrl.Result{}, nil
}

// A path that does not test released, or gives it another value first, knows
// nothing of which way the callee went out.
func (r *Reconciler) finalizeUntested(ctx context.Context, req ctrl.Request, refused bool) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	released, err := r.releaseBackend(ctx, obj, refused) // want `r.releaseBackend sends obj, a \*v1.Memcached read from the informer cache`
	if err != nil {
		return ctrl.Result{}, err
	}
	if refused {
		released = obj.Spec.Size > 0
	}
	if !released {
		obj.Status.State = "Blocked"
		return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	obj.Status.State = "Released"
	return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
}

// recordRefusal returns its write's error through a variable, looked at on the way by
// a branch that goes on: nil only when the write succeeded.
func (r *Reconciler) recordRefusal(ctx context.Context, obj *apiv1.Memcached) error { // want recordRefusal:`refreshes \[1\]`
	obj.Status.Message = "backend refused the release"
	err := r.Status().Update(ctx, obj)
	if err != nil {
		obj.Status.State = "Unrecorded"
	}
	return err
}

// recordRefusalQuietly lets a conflict go as nil: it may return nil with the cache's
// copy.
func (r *Reconciler) recordRefusalQuietly(ctx context.Context, obj *apiv1.Memcached) error {
	err := r.Status().Update(ctx, obj)
	if err != nil && obj.Status.State == "" {
		err = nil
	}
	return err
}

func (r *Reconciler) finalizeQuietly(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.recordRefusalQuietly(ctx, obj); err != nil { // want `r.recordRefusalQuietly sends obj, a \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	obj.Status.State = "Blocked"
	return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
}

// releaseRecorded says released false, without an error, only past a helper that
// writes the status and returns that write's error.
func (r *Reconciler) releaseRecorded(ctx context.Context, obj *apiv1.Memcached, refused bool) (err error, released bool) {
	if !refused {
		return nil, true
	}
	if err := r.recordRefusal(ctx, obj); err != nil {
		return err, false
	}
	return nil, false
}

func (r *Reconciler) finalizeRecorded(ctx context.Context, req ctrl.Request, refused bool) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	released := false
	var err error
	if err, released = r.releaseRecorded(ctx, obj, refused); err != nil { // want `r.releaseRecorded sends obj, a \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	if released {
		return ctrl.Result{}, nil
	}
	obj.Status.State = "Blocked"
	return ctrl.Result{}, r.Status().Update(ctx, obj)
}
