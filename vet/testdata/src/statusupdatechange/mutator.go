package statusupdatechange

import (
	"context"
	"errors"

	apiv1 "example.com/api/v1"
	"example.com/conds"
	"example.com/mutator"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A helper of another package that writes only when the mutate function it is handed
// says yes: the function that says no whenever its diff finds nothing changed guards
// the write; one that never says no, or says no on something else, does not.

type mutatorReconciler struct{ c client.Client }

func (r *mutatorReconciler) sync(ctx context.Context, obj *apiv1.Memcached, msg string, failed error) error {
	// The object's writer sends no status.
	if err := mutator.Spec(ctx, r.c, obj, func() error {
		obj.Labels = map[string]string{"synced": "true"}
		return nil
	}); err != nil {
		return err
	}
	// Says no when the condition it sets is already there.
	if err := mutator.Status(ctx, r.c, obj, func() error {
		if !meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) {
			return &mutator.NoUpdate{}
		}
		return nil
	}); err != nil {
		return err
	}
	// Says no when a setter of another package reports it changed nothing.
	if err := mutator.Status(ctx, r.c, obj, func() error {
		if !conds.Set(obj, metav1.Condition{Type: "Synced", Status: metav1.ConditionTrue}) {
			return &mutator.NoUpdate{}
		}
		return nil
	}); err != nil {
		return err
	}
	// Says no when the status before and after the change are equal.
	if err := mutator.SameGeneration(ctx, r.c, obj, func() error {
		before := obj.Status.DeepCopy()
		obj.Status.Message = msg
		if equality.Semantic.DeepEqual(*before, obj.Status) {
			return &mutator.NoUpdate{}
		}
		return nil
	}); err != nil {
		return err
	}
	// A literal held in a variable says the same.
	same := func() error {
		if obj.Status.Message == msg {
			return &mutator.NoUpdate{}
		}
		obj.Status.Message = msg
		return nil
	}
	if err := mutator.Status(ctx, r.c, obj, same); err != nil {
		return err
	}
	// Never says no.
	if err := mutator.Status(ctx, r.c, obj, func() error { // want `mutator.Status writes the status of obj with no semantic diff guarding it`
		obj.Status.Message = msg
		return nil
	}); err != nil {
		return err
	}
	// Says no on an error, not on a diff.
	if err := mutator.Status(ctx, r.c, obj, func() error { // want `mutator.Status writes the status of obj with no semantic diff guarding it`
		if failed != nil {
			return errors.New("not now")
		}
		obj.Status.Message = msg
		return nil
	}); err != nil {
		return err
	}
	if err := mutator.Force(ctx, r.c, obj); err != nil { // want `mutator.Force writes the status of obj with no semantic diff guarding it`
		return err
	}
	return mutator.Bump(ctx, r.c, obj) // want `mutator.Bump writes the status of obj with no semantic diff guarding it`
}
