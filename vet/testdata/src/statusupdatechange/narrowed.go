package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type narrowReconciler struct{ client.Client }

// A flag defined from a test and afterwards only turned off: found true, the test
// held when it was defined. The image was empty, and the write fills it.
func (r *narrowReconciler) create(ctx context.Context, obj *apiv1.Memcached, ready, blocked bool) error {
	create := ready && obj.Status.Image == ""
	if blocked {
		obj.Status.Message = "blocked"
		create = false
	}
	if create {
		obj.Status.Image = "img-" + obj.Name
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Turned on under another condition too: found true, it says nothing of the image.
func (r *narrowReconciler) recreate(ctx context.Context, obj *apiv1.Memcached, retry bool) error {
	create := obj.Status.Image == ""
	if retry {
		create = true
	}
	if create {
		obj.Status.Image = "img-" + obj.Name
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}

// Set through its address, the flag may be anything.
func (r *narrowReconciler) handed(ctx context.Context, obj *apiv1.Memcached) error {
	create := obj.Status.Image == ""
	decide(&create)
	if create {
		obj.Status.Image = "img-" + obj.Name
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}

func decide(b *bool) { *b = true }

// Found false, a flag only ever turned off says nothing either.
func (r *narrowReconciler) skipped(ctx context.Context, obj *apiv1.Memcached, blocked bool) error {
	keep := obj.Status.Image != ""
	if blocked {
		keep = false
	}
	if !keep {
		obj.Status.Image = "img-" + obj.Name
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}
