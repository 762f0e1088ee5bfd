package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Created creates the object of a step and gives it its first status: the API server
// stores a created object without the status it carried, so a write that follows
// a successful Create and gives a status field something is a change.
type Created struct {
	*Reconciler
}

// Not reported: the else of the Create's failure check.
func (r *Created) start(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.Create(ctx, obj); err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return err
		}
		// Reported: the object that existed may hold this state already.
		obj.Status.State = "Processing"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	} else {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Processing"})
		if err := r.Status().Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

// Reported: the body of the Create's failure check, where the object exists already.
func (r *Created) again(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.Create(ctx, obj); err == nil {
		return nil
	} else {
		obj.Status.State = "Pending"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
}
