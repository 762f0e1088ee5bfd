package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Terminal states: an early exit on the states a write moves into, and helpers that
// set the state and write it.

func markReady(conds *[]metav1.Condition, status metav1.ConditionStatus, reason string, generation int64) {
	meta.SetStatusCondition(conds, metav1.Condition{Type: "Ready", Status: status, Reason: reason, ObservedGeneration: generation})
}

func (r *Reconciler) markNotReady(obj *apiv1.Memcached, reason string) { // want markNotReady:"fills Conditions"
	markReady(&obj.Status.Conditions, metav1.ConditionFalse, reason, obj.Generation)
}

// giveUp moves the state into Failed; every way to it passes the exit on Failed.
func (r *Reconciler) giveUp(ctx context.Context, obj *apiv1.Memcached, reason string) error { // want giveUp:"fills State, Message, Conditions"
	obj.Status.State = apiv1.StateFailed
	obj.Status.Message = reason
	r.markNotReady(obj, reason)
	return r.Status().Update(ctx, obj)
}

// begin may move the state to Saving before it gives up: the helper's Failed is what
// the write sends, whatever the branch gave before.
func (r *Reconciler) begin(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Size > 3 {
		obj.Status.State = "Saving"
	}
	if obj.Spec.Image == "" {
		return r.giveUp(ctx, obj, "NoImage")
	}
	return nil
}

func (r *Reconciler) lifecycle(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Done" || obj.Status.State == apiv1.StateFailed {
		return nil
	}
	if obj.Spec.Size == 0 {
		return r.giveUp(ctx, obj, "NoSize")
	}
	switch obj.Status.State {
	case "", "Pending":
		return r.begin(ctx, obj)
	}
	return nil
}

// giveUpMaybe gives Failed, then a branch may give Saving: the state may be Saving, which
// the exit does not rule out, so the write may send what is stored.
func (r *Reconciler) giveUpMaybe(ctx context.Context, obj *apiv1.Memcached, retry bool) error { // want giveUpMaybe:"fills State"
	obj.Status.State = apiv1.StateFailed
	if retry {
		obj.Status.State = "Saving"
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) lifecycleMaybe(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Done" || obj.Status.State == apiv1.StateFailed {
		return nil
	}
	return r.giveUpMaybe(ctx, obj, obj.Spec.Size > 3)
}

func (r *Reconciler) enter(obj *apiv1.Memcached, state, msg string) { // want enter:"sets status" enter:"fills State, Message"
	obj.Status.State = state
	obj.Status.Message = msg
}

// A switch whose clause for the final states leaves is the early exit of an if: past
// it the state is none of them, and a setter that gives one of them moves it, here
// and in the helper called past it.
func (r *Reconciler) review(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Done", apiv1.StateFailed, "Rejected":
		return nil
	}
	if obj.Spec.Size == 0 {
		r.enter(obj, "Rejected", "no size")
		return r.Status().Update(ctx, obj)
	}
	return r.approve(ctx, obj)
}

func (r *Reconciler) approve(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Image == "" {
		r.enter(obj, apiv1.StateFailed, "no image")
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// A break ends only the switch: the final states go on to the write.
func (r *Reconciler) reviewBreak(ctx context.Context, obj *apiv1.Memcached) error { // want reviewBreak:"fills State, Message"
	switch obj.Status.State {
	case "Done", "Rejected":
		break
	}
	r.enter(obj, "Rejected", "no size")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Cases are tried in order: a state equal to the spec's image goes on through the
// first clause even when it is Rejected, so the later clause rules nothing out.
func (r *Reconciler) reviewOrdered(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case obj.Spec.Image:
		obj.Status.Message = "image"
	case "Rejected":
		return nil
	}
	r.enter(obj, "Rejected", "no size")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Without a clause that leaves on Rejected, the write may send it again.
func (r *Reconciler) reviewOther(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Done":
		return nil
	}
	r.enter(obj, "Rejected", "no size")
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// The clauses of a switch are not statements one after another: a clause that writes
// and leaves is not on the way to the next clause's helper, which the early exit
// guards.
func (r *Reconciler) decide(ctx context.Context, obj *apiv1.Memcached) error {
	switch obj.Status.State {
	case "Done", apiv1.StateFailed, "Rejected":
		return nil
	}
	switch obj.Spec.Image {
	case "":
		r.enter(obj, "Rejected", "no image")
		return r.Status().Update(ctx, obj)
	case "latest":
		if obj.Spec.Size > 0 {
			return r.approve(ctx, obj)
		}
	}
	return nil
}

// The exit may be several calls up: a reconciler's phase handler hands the object to a
// step, the step to a check, the check to the helper that fails it.
func (r *Reconciler) pipeline(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == apiv1.StateFailed {
		return nil
	}
	return r.stage(ctx, obj)
}

func (r *Reconciler) stage(ctx context.Context, obj *apiv1.Memcached) error {
	return r.step(ctx, obj)
}

func (r *Reconciler) step(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Size > 9 {
		return r.check(ctx, obj)
	}
	return nil
}

func (r *Reconciler) check(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Spec.Image == "old" {
		return r.failPipeline(ctx, obj)
	}
	return nil
}

func (r *Reconciler) failPipeline(ctx context.Context, obj *apiv1.Memcached) error { // want failPipeline:"fills State"
	obj.Status.State = apiv1.StateFailed
	return r.Status().Update(ctx, obj)
}
