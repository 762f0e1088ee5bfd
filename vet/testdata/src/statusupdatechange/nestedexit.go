package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type nestedReconciler struct{ client.Client }

// The exit nested in a test of the state, after a local found among the stored
// conditions, reads the stored status: the write is left to its author.
func (r *nestedReconciler) waiting(ctx context.Context, obj *apiv1.Memcached, msg string) error {
	if obj.Status.State == "Pending" {
		existing := meta.FindStatusCondition(obj.Status.Conditions, "Ready")
		if existing != nil && existing.Message == msg {
			return nil
		}
	}
	obj.Status.State = "Pending"
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Message: msg})
	return r.Status().Update(ctx, obj)
}

// A definition that changes the status before the inner exit is no read: the exit
// no longer says the stored status was looked at.
func (r *nestedReconciler) waitingChanged(ctx context.Context, obj *apiv1.Memcached, msg string) error {
	if obj.Status.State == "Pending" {
		changed := meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Seen", Status: metav1.ConditionTrue})
		if !changed && obj.Status.Message == msg {
			return nil
		}
	}
	obj.Status.State = "Pending"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

func (r *nestedReconciler) run(ctx context.Context, obj *apiv1.Memcached) {
	_ = r.waiting(ctx, obj, "m")
	_ = r.waitingChanged(ctx, obj, "m")
}
