package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/lifecycle"
)

type lifeReconciler struct{ life *lifecycle.Lifecycle }

// A step of another package called only from the states it moves out of: its write
// changes the state. Called again from the state it moves into, it sends what is
// stored.
func (r *lifeReconciler) reconcile(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "", "Pending":
		return r.life.Start(ctx, obj)
	case "Running":
		return r.life.Start(ctx, obj) // want `r.life.Start writes the status of obj with no semantic diff guarding it`
	case "Failed":
		return r.life.Retry(ctx, obj, false) // want `r.life.Retry writes the status of obj with no semantic diff guarding it`
	}
	return r.life.Note(ctx, obj, "unknown state") // want `r.life.Note writes the status of obj with no semantic diff guarding it`
}
