// Package statustimeconsult stamps the clock behind conditions that read the stored
// status in ways statustime's other rules do not judge (left alone), and behind tests
// of a plain field against a constant (reported: a heartbeat while the state holds).
package statustimeconsult

import (
	"context"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// due reads the stored count against one computed: a schedule of its own.
func due(obj *apiv1.Memcached, n int32) bool { return obj.Status.Attempts < n }

// Left alone: the stamp goes with a count found behind, moved in the same pass.
func (r *Reconciler) counted(obj *apiv1.Memcached, n int32) {
	if obj.Status.Attempts < n {
		obj.Status.LastReconcileTime = &metav1.Time{}
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now
		obj.Status.Attempts = n
	}
}

// Left alone: a function that consults the status says when.
func (r *Reconciler) scheduled(obj *apiv1.Memcached, n int32) {
	if !due(obj, n) {
		return
	}
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
}

// Reported: a state tested against a constant, the stamp renewed on every pass while
// it holds.
func (r *Reconciler) heartbeat(obj *apiv1.Memcached) {
	if obj.Status.State == "Running" {
		now := metav1.Now()
		obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status`
	}
}

// stale reads the stored stamp against the clock: a rate limit of the stamp itself.
func stale(obj *apiv1.Memcached) bool {
	if obj.Status.LastReconcileTime == nil {
		return true
	}
	return metav1.Now().Sub(obj.Status.LastReconcileTime.Time) > 60
}

// Left alone: the stamp is made only in a helper every call of which sits behind a
// function that consults the stored status (a resync gate on the stamp itself), one
// call up and two.
func (r *Reconciler) resync(obj *apiv1.Memcached) {
	if stale(obj) {
		r.stampSync(obj)
	}
	if !stale(obj) {
		return
	}
	r.syncThenStamp(obj)
}

func (r *Reconciler) stampSync(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
}

func (r *Reconciler) syncThenStamp(obj *apiv1.Memcached) { r.stampAfterSync(obj) }

func (r *Reconciler) stampAfterSync(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
}

// Reported: one of the two calls stamps with no look at the stored status.
func (r *Reconciler) resyncOnce(obj *apiv1.Memcached) {
	if stale(obj) {
		r.stampEither(obj)
	}
	r.stampEither(obj)
}

func (r *Reconciler) stampEither(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status`
}

// Left alone: the whole status is rebuilt, stamped, in a helper reached only past an
// early return when the stored status already records what the rebuild sets (a
// state and a version compared with the desired one): the stamp goes with that change.
func (r *Reconciler) apply(obj *apiv1.Memcached, version string) {
	if obj.Status.Image == version && obj.Status.State == "Applied" {
		return
	}
	r.recordApplied(obj, version)
}

func (r *Reconciler) recordApplied(obj *apiv1.Memcached, version string) {
	now := metav1.Now()
	obj.Status = apiv1.MemcachedStatus{State: "Applied", Image: version, LastReconcileTime: &now}
}

// Reported: the same rebuild with nothing on the way that looks at the stored status.
func (r *Reconciler) applyAlways(obj *apiv1.Memcached, version string) {
	r.recordAlways(obj, version)
}

func (r *Reconciler) recordAlways(obj *apiv1.Memcached, version string) {
	now := metav1.Now()
	obj.Status = apiv1.MemcachedStatus{State: "Applied", Image: version, LastReconcileTime: &now} // want `metav1.Now\(\) through now written into status`
}
