package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type clauseReconciler struct{ client.Client }

// A clause that leaves on a test of its own leaves when its case and the test hold:
// past the switch the state is not Restoring, or no job is named yet; the write names
// one and moves the state into Restoring, so it changes one or the other.
func (r *clauseReconciler) start(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Done", "Failed":
		return nil
	case "Restoring":
		if obj.Status.Message != "" {
			return r.poll(ctx, obj)
		}
	}
	obj.Status.Message = "job-" + obj.Name
	obj.Status.State = "Restoring"
	return r.Status().Update(ctx, obj)
}

// Naming the job alone: with the state Pending and the job named, past the switch,
// the write sends what is stored.
func (r *clauseReconciler) name(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Done", "Failed":
		return nil
	case "Restoring":
		if obj.Status.Message != "" {
			return r.poll(ctx, obj)
		}
	}
	obj.Status.Message = "job-" + obj.Name
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

// A clause whose if goes on leaves nothing out.
func (r *clauseReconciler) restart(ctx context.Context, obj *apiv1.Memcached) error { // want restart:"fills Message, State"
	switch obj.Status.State {
	case "Restoring":
		if obj.Status.Message != "" {
			obj.Status.Attempts++
		}
	}
	obj.Status.Message = "job-" + obj.Name
	obj.Status.State = "Restoring"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

func (r *clauseReconciler) poll(ctx context.Context, obj *apiv1.Memcached) error { return nil }

func (r *clauseReconciler) run(ctx context.Context, obj *apiv1.Memcached) { // want run:"fills Message, State"
	_ = r.start(ctx, obj)
	_ = r.name(ctx, obj)
	_ = r.restart(ctx, obj)
}
