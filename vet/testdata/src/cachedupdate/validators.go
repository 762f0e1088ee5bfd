package cachedupdate

import (
	"context"
	"errors"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// A validator whose every outcome a handler writes: each return fails, returns a
// handler that writes the object, or returns the answer of a check that does.

func (r *Reconciler) handleValid(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) { // want handleValid:`refreshes \[1\]`
	obj.Status.State = "Valid"
	if err := r.Status().Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) handleInvalid(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) { // want handleInvalid:`refreshes \[1\]`
	obj.Status.State = "Invalid"
	return ctrl.Result{RequeueAfter: 30}, r.Status().Update(ctx, obj)
}

func (r *Reconciler) checkImage(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) { // want checkImage:`refreshes \[1\]`
	if obj.Spec.Image == "" {
		return r.handleInvalid(ctx, obj)
	}
	return r.handleValid(ctx, obj)
}

func (r *Reconciler) validate(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) { // want validate:`refreshes \[1\]`
	if obj.Spec.Size < 0 {
		return ctrl.Result{}, errors.New("negative size")
	}
	if res, err := r.checkImage(ctx, obj); err != nil || res.RequeueAfter > 0 {
		return res, err
	}
	return r.handleValid(ctx, obj)
}

func (r *Reconciler) afterValidation(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if res, err := r.validate(ctx, obj); err != nil || res.RequeueAfter > 0 { // want `r.validate sends obj, a \*v1.Memcached read from the informer cache`
		return res, err
	}
	obj.Status.Message = "validated"
	return ctrl.Result{}, r.Status().Update(ctx, obj)
}

// One way out that writes nothing (return ctrl.Result{}, nil), or a check whose
// answer is let through whatever it is, leaves the object as the cache gave it.
func (r *Reconciler) validateLoosely(ctx context.Context, obj *apiv1.Memcached) (ctrl.Result, error) {
	if obj.Spec.Size == 0 {
		return ctrl.Result{}, nil
	}
	return r.handleValid(ctx, obj)
}

func (r *Reconciler) afterLooseValidation(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if res, err := r.validateLoosely(ctx, obj); err != nil || res.RequeueAfter > 0 { // want `r.validateLoosely sends obj, a \*v1.Memcached read from the informer cache`
		return res, err
	}
	obj.Status.Message = "validated"
	return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
}

func (r *Reconciler) afterUncheckedValidation(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if res, err := r.validate(ctx, obj); res.RequeueAfter > 0 { // want `r.validate sends obj, a \*v1.Memcached read from the informer cache`
		return res, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
}
