package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// StaleExit writes twice past an early exit on a status field: once with what the
// pass found, then with the field given the value the exit left on. The first write
// stores the field as it was, so the exit's test still says what is stored when the
// second write changes it (rule 7).
type StaleExit struct {
	*Reconciler
	// plan builds what the object asks for: code this package cannot see into.
	plan func(context.Context, *apiv1.Memcached) (stepResult, error)
}

// Reported twice: the first write sends the same Image on every pass that finds the
// object unreserved, and so does the branch that waits; the last moves Reserved from
// false to true, once.
func (r *StaleExit) reserve(ctx context.Context, obj *apiv1.Memcached, image string) (stepResult, error) {
	if obj.Status.Reserved {
		return stepResult{done: true}, nil
	}
	obj.Status.Image = image
	res, err := r.plan(ctx, obj)
	if err != nil {
		return stepResult{}, err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return stepResult{}, err
	}
	if !res.done {
		obj.Status.Reserved = false
		if !res.failed {
			meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Complete", Status: metav1.ConditionFalse, Reason: "Waiting"})
		} else {
			meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Complete", Status: metav1.ConditionFalse, Reason: "Failed"})
		}
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return stepResult{}, err
		}
		return res, nil
	}
	obj.Status.Reserved = true
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Complete", Status: metav1.ConditionTrue, Reason: "Done"})
	if err := r.Status().Update(ctx, obj); err != nil {
		return stepResult{}, err
	}
	return stepResult{done: true}, nil
}

// Reported twice: Reserved is assigned before the first write, which stores it; the
// exit no longer says what the second write replaces.
func (r *StaleExit) reserveAssigned(ctx context.Context, obj *apiv1.Memcached, image string) error {
	if obj.Status.Reserved {
		return nil
	}
	obj.Status.Reserved = image != ""
	if _, err := r.plan(ctx, obj); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	obj.Status.Reserved = true
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported once: a state compared with ==, the write past the first one in a branch.
func (r *StaleExit) finish(ctx context.Context, obj *apiv1.Memcached, done bool) error {
	if obj.Status.State == "Done" {
		return nil
	}
	obj.Status.Message = "working"
	if _, err := r.plan(ctx, obj); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	if done {
		obj.Status.State = "Done"
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Reported twice: the exit asks a function of the whole object, which may read
// fields the first write stored anew.
func (r *StaleExit) finishHidden(ctx context.Context, obj *apiv1.Memcached) error {
	if finished(obj) {
		return nil
	}
	obj.Status.Message = "working"
	if _, err := r.plan(ctx, obj); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return err
	}
	obj.Status.State = "Done"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported once: the condition the exit tests is set before the first write, which
// stores it (a change); the second write sends it again unchanged.
func (r *StaleExit) readyTwice(ctx context.Context, obj *apiv1.Memcached) error {
	if meta.IsStatusConditionTrue(obj.Status.Conditions, "Ready") {
		return nil
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"})
	if _, err := r.plan(ctx, obj); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, obj); err != nil {
		return err
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Done"})
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// stepResult is what a step found: done when nothing is left to wait for.
type stepResult struct{ done, failed bool }

func finished(obj *apiv1.Memcached) bool {
	return obj.Status.State == "Done" || obj.Status.Message == "done"
}

// HeldExits leaves unless the reference is ready, then leaves when the claim is
// ready too: past both, the claim is not ready, and the write makes it so (rule 7).
type HeldExits struct{ *Reconciler }

// Not reported: the second exit's first conjunct holds past the first exit.
func (r *HeldExits) claimReady(ctx context.Context, ref *apiv1.Watched, claim *apiv1.Memcached) error {
	if ref.Status.State != "Ready" {
		return nil
	}
	if ref.Status.State == "Ready" && claim.Status.State == "Ready" {
		return nil
	}
	if err := r.Get(ctx, client.ObjectKeyFromObject(ref), &apiv1.Watched{}); err != nil {
		return err
	}
	claim.Status.State = "Ready"
	return r.Status().Update(ctx, claim)
}

// Reported: what the first exit found is assigned before the second reads it.
func (r *HeldExits) claimReadyMoved(ctx context.Context, ref *apiv1.Watched, claim *apiv1.Memcached, state string) error {
	if ref.Status.State != "Ready" {
		return nil
	}
	ref.Status.State = state
	if ref.Status.State == "Ready" && claim.Status.State == "Ready" {
		return nil
	}
	if err := r.Get(ctx, client.ObjectKeyFromObject(ref), &apiv1.Watched{}); err != nil {
		return err
	}
	claim.Status.State = "Ready"
	return r.Status().Update(ctx, claim) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported: the first exit leaves on another test.
func (r *HeldExits) claimReadyOther(ctx context.Context, ref *apiv1.Watched, claim *apiv1.Memcached) error {
	if ref.Status.Message == "" {
		return nil
	}
	if ref.Status.State == "Ready" && claim.Status.State == "Ready" {
		return nil
	}
	if err := r.Get(ctx, client.ObjectKeyFromObject(ref), &apiv1.Watched{}); err != nil {
		return err
	}
	claim.Status.State = "Ready"
	return r.Status().Update(ctx, claim) // want `r.Status\(\).Update writes status with no semantic diff`
}
