package cachedupdate

import (
	"context"
	"errors"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// A helper whose one return of nil comes right after a checked status write, its
// other returns new errors of the package's own kind (Fails): a caller that checks
// its error holds the server's answer.

// nonRetryable is an error retrying cannot fix.
type nonRetryable struct{ err error }

func (e *nonRetryable) Error() string { return e.err.Error() }

// permanent always answers a new error.
func permanent(err error) error { // want permanent:`fails`
	return &nonRetryable{err: err}
}

// permanentf wraps permanent.
func permanentf(msg string) error { // want permanentf:`fails`
	return permanent(errors.New(msg))
}

// permanentIf answers nil for nil: no Fails.
func permanentIf(err error) error {
	if err == nil {
		return nil
	}
	return &nonRetryable{err: err}
}

func (r *Reconciler) provision(ctx context.Context, obj *apiv1.Memcached) error { // want provision:`refreshes \[1\]`
	if obj.Spec.Size < 0 {
		return permanent(errors.New("negative size"))
	}
	if obj.Spec.Size == 0 {
		return permanentf("no size")
	}
	obj.Status.State = "Provisioned"
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	return nil
}

func (r *Reconciler) provisionMaybe(ctx context.Context, obj *apiv1.Memcached, check error) error {
	if obj.Spec.Size < 0 {
		return permanentIf(check)
	}
	obj.Status.State = "Provisioned"
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	return nil
}

// Not reported at the last write: provision wrote the object whenever it returned nil.
func (r *Reconciler) reconcileProvision(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.provision(ctx, obj); err != nil { // want `r.provision sends obj`
		return err
	}
	obj.Status.Message = "done"
	return r.Status().Update(ctx, obj)
}

// Reported at the last write: provisionMaybe may answer nil without writing.
func (r *Reconciler) reconcileProvisionMaybe(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	if err := r.provisionMaybe(ctx, obj, nil); err != nil { // want `r.provisionMaybe sends obj`
		return err
	}
	obj.Status.Message = "done"
	return r.Status().Update(ctx, obj) // want `Status\(\).Update`
}
