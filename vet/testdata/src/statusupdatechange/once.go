package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
)

// Once records what a pass did past the checked write of the transition it made: the
// next pass finds the new state and does not come back (rule 11).
type Once struct{ *Reconciler }

// Not reported: the version is recorded by a helper, called only past the checked
// write that moves the state from Pending to Provisioning.
func (r *Once) provision(ctx context.Context, obj *apiv1.Memcached, version string) error {
	if obj.Status.State == "Pending" {
		obj.Status.State = "Provisioning"
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
		return r.recordVersion(ctx, obj, version)
	}
	return nil
}

func (r *Once) recordVersion(ctx context.Context, obj *apiv1.Memcached, version string) error { // want recordVersion:"fills Image"
	obj.Status.Image = version
	return r.Status().Update(ctx, obj)
}

// Not reported: the same in one function, the error kept in a variable.
func (r *Once) provisionInline(ctx context.Context, obj *apiv1.Memcached, version string) error {
	if obj.Status.State != "Pending" {
		return nil
	}
	obj.Status.State = "Provisioning"
	err := r.Status().Update(ctx, obj)
	if err != nil {
		return err
	}
	obj.Status.Image = version
	return r.Status().Update(ctx, obj)
}

// Reported: the earlier write is no change itself (sent on every pass), so neither
// is what follows it.
func (r *Once) pastPlain(ctx context.Context, obj *apiv1.Memcached, version string) error { // want pastPlain:"fills Message"
	obj.Status.Message = "provisioning"
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	obj.Status.Image = version
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported: the transition's write is not checked; when it fails the state stays
// Pending and the next pass records the version again.
func (r *Once) pastUnchecked(ctx context.Context, obj *apiv1.Memcached, version string) error {
	if obj.Status.State != "Pending" {
		return nil
	}
	obj.Status.State = "Provisioning"
	_ = r.Status().Update(ctx, obj)
	obj.Status.Image = version
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported: the transition written is another object's.
func (r *Once) pastOther(ctx context.Context, obj, parent *apiv1.Memcached, version string) error {
	if parent.Status.State != "Pending" {
		return nil
	}
	parent.Status.State = "Provisioning"
	if err := r.Status().Update(ctx, parent); err != nil {
		return err
	}
	obj.Status.Image = version
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
