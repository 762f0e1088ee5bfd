// Package statusupdateconsult holds the writes that rule 9 of statusupdate leaves
// alone, because a condition on the way reads the stored status in a way the other
// rules do not judge, and those it still reports, because nothing on the way does.
package statusupdateconsult

import (
	"context"
	"fmt"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}

// due compares the stored status with something computed: a guard of its own shape.
func (r *Reconciler) due(obj *apiv1.Memcached, image string) bool {
	return obj.Status.Image != image || len(obj.Status.Nodes) > 3
}

// Left alone: a helper of the package that consults the status decides.
func (r *Reconciler) helperDecides(ctx context.Context, obj *apiv1.Memcached) error {
	if !r.due(obj, obj.Spec.Image) {
		return nil
	}
	obj.Status.State = "Rolling"
	return r.Status().Update(ctx, obj)
}

// Left alone: a method of the kind, in another package, consults the status (the
// ReadsStatus fact).
func (r *Reconciler) methodDecides(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Outdated(obj.Spec.Image) {
		obj.Status.Message = "outdated"
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Left alone: a flag set under a comparison with the stored status gates the write.
func (r *Reconciler) flagDecides(ctx context.Context, obj *apiv1.Memcached, hash string) error { // want flagDecides:"fills Attempts"
	stale := false
	if obj.Status.LastSync != hash {
		stale = true
	}
	obj.Status.Attempts = 1
	if stale {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Left alone: a condition found, then read through a local variable.
func (r *Reconciler) localDecides(ctx context.Context, obj *apiv1.Memcached, reason string) error {
	cond := meta.FindStatusCondition(obj.Status.Conditions, "Paused")
	if cond == nil || cond.Reason != reason {
		return nil
	}
	obj.Status.Conditions = nil
	return r.Status().Update(ctx, obj)
}

// Left alone: the same early exit written as an if inside an if.
func (r *Reconciler) nestedDecides(ctx context.Context, obj *apiv1.Memcached, reason string) error {
	cond := meta.FindStatusCondition(obj.Status.Conditions, "Paused")
	if cond != nil {
		if cond.Reason == reason {
			return nil
		}
	}
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Paused", Status: metav1.ConditionTrue, Reason: reason})
	return r.Status().Update(ctx, obj)
}

// Reported: the outer if holds more than the inner one, so the path past it may
// not have tested the reason.
func (r *Reconciler) nestedMore(ctx context.Context, obj *apiv1.Memcached, reason string) error {
	cond := meta.FindStatusCondition(obj.Status.Conditions, "Paused")
	if cond != nil {
		fmt.Println(reason)
		if cond.Reason == reason {
			return nil
		}
	}
	obj.Status.Message = "x"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Left alone: a switch on a value computed from the status.
func (r *Reconciler) switchDecides(ctx context.Context, obj *apiv1.Memcached) error {
	switch phase(obj.Status.State) {
	case "pending":
		obj.Status.State = "Running"
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func phase(s string) string { return fmt.Sprint(s) }

// reconcileChild consults the status, but the caller only asks whether it failed.
func (r *Reconciler) reconcileChild(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.Image != obj.Spec.Image {
		return fmt.Errorf("rolling")
	}
	return nil
}

// Reported: an error says whether the call failed, not what the status holds.
func (r *Reconciler) errorOnly(ctx context.Context, obj *apiv1.Memcached) error {
	if err := r.reconcileChild(ctx, obj); err != nil {
		obj.Status.State = "Failed"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: tests of a plain field against a constant, a bool field as it is, and a
// condition of meta with constants are the other rules' to judge, and none of them
// says the write changes anything.
func (r *Reconciler) plainTests(ctx context.Context, obj *apiv1.Memcached, n int32) error {
	if obj.Status.State == "Running" {
		obj.Status.Attempts = n
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if obj.Status.Reserved {
		obj.Status.Attempts = n
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
			return err
		}
	}
	if meta.IsStatusConditionTrue(obj.Status.Conditions, "Ready") {
		obj.Status.Attempts = n
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: an if that writes before it leaves is a branch, not an early exit; what
// follows it is sent whatever the status held.
func (r *Reconciler) branchNotExit(ctx context.Context, obj *apiv1.Memcached, msg string) error {
	if obj.Status.Message != msg {
		obj.Status.Message = msg
		return r.Status().Update(ctx, obj)
	}
	obj.Status.Attempts = 1
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// holder copies the status; building one consults nothing.
type holder struct {
	status apiv1.MemcachedStatus
	ready  bool
}

func newHolder(obj *apiv1.Memcached) holder {
	return holder{status: obj.Status, ready: true}
}

// Reported: a value built from a copy of the status is no comparison with it.
func (r *Reconciler) copied(ctx context.Context, obj *apiv1.Memcached) error {
	h := newHolder(obj)
	if h.ready {
		obj.Status.Attempts = 2
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: the status of another kind is not the written object's.
func (r *Reconciler) otherKind(ctx context.Context, obj *apiv1.Memcached, other *apiv1.Watched) error {
	if other.Status.Image != other.Spec.Image {
		obj.Status.Attempts = 3
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// lastStart is a getter of the status: it gives back a field of it, or a default
// when the field is empty.
func lastStart(obj *apiv1.Memcached) metav1.Time {
	t := obj.Status.StartTime
	if t == nil {
		return metav1.Time{}
	}
	return *t
}

// imageOf is a getter of the spec.
func imageOf(obj *apiv1.Memcached) string { return obj.Spec.Image }

// Not reported: a schedule compared with what the getter gives back, through a local
// and a method of the time, compares the stored status (rule 9).
func (r *Reconciler) scheduled(ctx context.Context, obj *apiv1.Memcached, next func(metav1.Time) metav1.Time) error {
	due := next(lastStart(obj))
	if due.Before(&metav1.Time{}) {
		now := metav1.Now()
		obj.Status.StartTime = &now
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Reported: what the spec's getter gives back says nothing of the status.
func (r *Reconciler) scheduledBySpec(ctx context.Context, obj *apiv1.Memcached, image string) error {
	if imageOf(obj) != image {
		obj.Status.Image = "pending"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// adapter hands out the object it adapts and accessors of its status, as a generic
// reconciler's adapter of many kinds does.
type adapter interface {
	GetObject() *apiv1.Memcached
	GetStatusImage() *string
	GetSpecImage() string
}

// Left alone: a status accessor of the adapter whose object the write sends consults
// the stored status (the image recorded or not).
func (r *Reconciler) adapted(ctx context.Context, a adapter) error {
	if a.GetStatusImage() == nil {
		a.GetObject().Status.Image = a.GetSpecImage()
		return r.Status().Update(ctx, a.GetObject())
	}
	return nil
}

// Reported: an accessor of the spec, or a status accessor of another adapter, says
// nothing of what this object stores.
func (r *Reconciler) adaptedSpec(ctx context.Context, a adapter) error {
	if a.GetSpecImage() != "" {
		a.GetObject().Status.Image = a.GetSpecImage()
		return r.Status().Update(ctx, a.GetObject()) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

func (r *Reconciler) adaptedOther(ctx context.Context, a, b adapter) error {
	if b.GetStatusImage() == nil {
		a.GetObject().Status.Image = a.GetSpecImage()
		return r.Status().Update(ctx, a.GetObject()) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
