package statusupdatechange

import (
	"context"

	"example.com/api/managed"
	"example.com/xpv1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Buckets reconciles a kind with a condition API of its own (GetCondition,
// SetConditions and constructors of a constant type and status, in another package).
type Buckets struct{ *Reconciler }

// Not reported: found Ready True, the path sets Ready False; the next pass skips the
// branch.
func (r *Buckets) deleteExternal(ctx context.Context, cr *managed.Bucket, err error) error {
	if cr.GetCondition(xpv1.TypeReady).Status == metav1.ConditionTrue {
		if err != nil {
			cr.SetConditions(xpv1.ReconcileError(err), xpv1.Deleting())
			return r.Status().Update(ctx, cr)
		}
	}
	return nil
}

// Found True and made True again: the write may send what is stored.
func (r *Buckets) availableAgain(ctx context.Context, cr *managed.Bucket) error {
	if cr.GetCondition(xpv1.TypeReady).Status == metav1.ConditionTrue {
		cr.SetConditions(xpv1.Available())
		return r.Status().Update(ctx, cr) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Not reported: found not True (the constant first), made True through the status's
// own method.
func (r *Buckets) becomeAvailable(ctx context.Context, cr *managed.Bucket) error {
	if metav1.ConditionTrue != cr.GetCondition(xpv1.TypeReady).Status {
		cr.Status.SetConditions(xpv1.Available())
		return r.Status().Update(ctx, cr)
	}
	return nil
}

// The status comes from the caller: nothing says it differs.
func (r *Buckets) setReady(ctx context.Context, cr *managed.Bucket, s metav1.ConditionStatus) error {
	if cr.GetCondition(xpv1.TypeReady).Status == metav1.ConditionTrue {
		cr.SetConditions(xpv1.WithStatus(s))
		return r.Status().Update(ctx, cr) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Another type moves: Synced set False says nothing of Ready found True.
func (r *Buckets) syncFailed(ctx context.Context, cr *managed.Bucket, err error) error {
	if cr.GetCondition(xpv1.TypeReady).Status == metav1.ConditionTrue {
		cr.SetConditions(xpv1.ReconcileError(err))
		return r.Status().Update(ctx, cr) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// notReady is a constructor of the controller's own package.
func notReady(reason string) xpv1.Condition { // want notReady:`makes condition "Ready" False`
	return xpv1.Condition{Condition: metav1.Condition{Type: "Ready", Status: "False", Reason: reason}}
}

// Not reported: found True, made False by the package's own constructor.
func (r *Buckets) pause(ctx context.Context, cr *managed.Bucket) error {
	if cr.GetCondition(xpv1.TypeReady).Status != metav1.ConditionTrue {
		return nil
	}
	cr.SetConditions(notReady("Paused"))
	return r.Status().Update(ctx, cr)
}
