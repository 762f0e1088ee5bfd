package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
)

// Imported tests the status through the API package's helpers, whose bodies the
// controller's package cannot read: their facts say which field they test.
type Imported struct {
	*Reconciler
}

// Not reported: HasImage false finds Image empty, and SetImage fills it.
func (r *Imported) record(ctx context.Context, obj *apiv1.Memcached, image string) error {
	if !obj.HasImage() {
		obj.SetImage(image)
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Not reported: found set, and cleared.
func (r *Imported) forget(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.HasImage() {
		obj.Status.Image = ""
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Not reported: a function of the API package that finds Message empty, then filled.
func (r *Imported) explain(ctx context.Context, obj *apiv1.Memcached) error {
	if apiv1.NoMessage(obj) {
		obj.Status.Message = "waiting for pods"
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Reported: found set, and given another value that may be the one it holds.
func (r *Imported) replace(ctx context.Context, obj *apiv1.Memcached, image string) error {
	if obj.HasImage() {
		obj.SetImage(image)
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: the test is of another field than the one written.
func (r *Imported) other(ctx context.Context, obj *apiv1.Memcached) error {
	if !obj.HasImage() {
		obj.Status.Message = "no image"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
