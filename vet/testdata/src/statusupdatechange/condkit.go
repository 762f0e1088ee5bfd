package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/condkit"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A project's find that answers an error, and a merge that returns the new list
// (rule 7 reads them as meta's find and set); the status is no constant but the same
// expression in the test and in the condition set.

// Not reported: written, in a conflict retry, only when the stored Ready status is
// another than the one set.
func (r *Reconciler) readiness(ctx context.Context, obj *apiv1.Memcached, ready bool, why string) error { // want readiness:`fills Conditions`
	old, err := condkit.Lookup(&obj.Status.Conditions, "Ready")
	if err == nil && old.Status != condkit.StatusOf(ready) {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
				return err
			}
			obj.Status.Conditions = *condkit.Merge(obj.Status.Conditions, metav1.Condition{
				Type:    "Ready",
				Status:  condkit.StatusOf(ready),
				Message: why,
			})
			return r.Status().Update(ctx, obj)
		})
	}
	return nil
}

// Not reported: the early exit of the same test, and a merge that returns the list.
func (r *Reconciler) readinessExit(ctx context.Context, obj *apiv1.Memcached, want metav1.ConditionStatus) error { // want readinessExit:`fills Conditions`
	old, err := condkit.Lookup(&obj.Status.Conditions, "Ready")
	if err != nil || old.Status == want {
		return nil
	}
	obj.Status.Conditions = condkit.Upsert(obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: want})
	return r.Status().Update(ctx, obj)
}

// Not reported: meta's find and set, with a status that is a parameter.
func (r *Reconciler) readinessMeta(ctx context.Context, obj *apiv1.Memcached, want metav1.ConditionStatus) error {
	c := meta.FindStatusCondition(obj.Status.Conditions, "Ready")
	if c != nil && c.Status == want {
		return nil
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: want})
	return r.Status().Update(ctx, obj)
}

// Reported: AddMissing keeps a Ready condition that is there as it is, so the
// write sends what is stored.
func (r *Reconciler) readinessAddMissing(ctx context.Context, obj *apiv1.Memcached, ready bool) error { // want readinessAddMissing:`fills Conditions`
	old, err := condkit.Lookup(&obj.Status.Conditions, "Ready")
	if err == nil && old.Status != condkit.StatusOf(ready) {
		obj.Status.Conditions = condkit.AddMissing(obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: condkit.StatusOf(ready)})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: the test is of Ready, the merge sets Available.
func (r *Reconciler) readinessOtherType(ctx context.Context, obj *apiv1.Memcached, ready bool) error { // want readinessOtherType:`fills Conditions`
	old, err := condkit.Lookup(&obj.Status.Conditions, "Ready")
	if err == nil && old.Status != condkit.StatusOf(ready) {
		obj.Status.Conditions = *condkit.Merge(obj.Status.Conditions, metav1.Condition{Type: "Available", Status: condkit.StatusOf(ready)})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: the status tested is another expression than the one set.
func (r *Reconciler) readinessOtherValue(ctx context.Context, obj *apiv1.Memcached, ready, live bool) error { // want readinessOtherValue:`fills Conditions`
	old, err := condkit.Lookup(&obj.Status.Conditions, "Ready")
	if err == nil && old.Status != condkit.StatusOf(ready) {
		obj.Status.Conditions = *condkit.Merge(obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: condkit.StatusOf(live)})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: the merge's list is another object's, so the written object's Ready is
// as stored.
func (r *Reconciler) readinessOtherList(ctx context.Context, obj, peer *apiv1.Memcached, ready bool) error { // want readinessOtherList:`fills Conditions`
	old, err := condkit.Lookup(&obj.Status.Conditions, "Ready")
	if err == nil && old.Status != condkit.StatusOf(ready) {
		obj.Status.Conditions = *condkit.Merge(peer.Status.Conditions, metav1.Condition{Type: "Ready", Status: condkit.StatusOf(ready)})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
