package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Reasons fails a run by the reason of its Ready condition: a pass that finds the
// reason Failed stops, so a write that sets it to Failed is a change. The reason (and
// the status) of a condition found by meta.FindStatusCondition reads as the
// condition's own, which meta.SetStatusCondition sets. Each test is an else if past a
// branch that writes, which rule 9 does not take for a guard: only the path
// analysis judges these.
type Reasons struct{ *Reconciler }

// Not reported: absent, Ready is added (a change); present with reason Failed, the
// pass stops; past that, the reason is another and the write sets Failed.
func (r *Reasons) fail(ctx context.Context, obj *apiv1.Memcached, err error) error {
	if ready := meta.FindStatusCondition(obj.Status.Conditions, "Ready"); ready == nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Pending"})
		return r.Status().Update(ctx, obj)
	} else if ready.Reason == "Failed" {
		return nil
	}
	if err != nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Failed", Message: err.Error()})
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Reported: the pass stops on Failed but sets Stopped, which may be stored already.
func (r *Reasons) failOther(ctx context.Context, obj *apiv1.Memcached, err error) error {
	if ready := meta.FindStatusCondition(obj.Status.Conditions, "Ready"); ready == nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Pending"})
		return r.Status().Update(ctx, obj)
	} else if ready.Reason == "Failed" {
		return nil
	}
	if err != nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Stopped"})
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: the reason set is a variable's, which may be Failed's equal or any other.
func (r *Reasons) failVar(ctx context.Context, obj *apiv1.Memcached, reason string) error {
	if ready := meta.FindStatusCondition(obj.Status.Conditions, "Ready"); ready == nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Pending"})
		return r.Status().Update(ctx, obj)
	} else if ready.Reason == "Failed" {
		return nil
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: reason})
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported: another condition's reason is tested.
func (r *Reasons) failElsewhere(ctx context.Context, obj *apiv1.Memcached) error {
	if synced := meta.FindStatusCondition(obj.Status.Conditions, "Synced"); synced == nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Synced", Status: metav1.ConditionFalse, Reason: "Pending"})
		return r.Status().Update(ctx, obj)
	} else if synced.Reason == "Failed" {
		return nil
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Failed"})
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Not reported: the status of the condition found, False, leaves; past it the write
// sets it False.
func (r *Reasons) lower(ctx context.Context, obj *apiv1.Memcached) error {
	if c := meta.FindStatusCondition(obj.Status.Conditions, "Ready"); c == nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionUnknown, Reason: "Pending"})
		return r.Status().Update(ctx, obj)
	} else if c.Status == metav1.ConditionFalse {
		return nil
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Down"})
	return r.Status().Update(ctx, obj)
}

// Reported: the whole list is replaced after the test, so the condition found says
// nothing of what the write sends.
func (r *Reasons) replaced(ctx context.Context, obj *apiv1.Memcached, conds []metav1.Condition) error {
	if ready := meta.FindStatusCondition(obj.Status.Conditions, "Ready"); ready == nil {
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Pending"})
		return r.Status().Update(ctx, obj)
	} else if ready.Reason == "Failed" {
		return nil
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Failed"})
	obj.Status.Conditions = conds
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
