package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// scheduler is a seam the reconciler calls through, with a mock of its own beside
// the real one: each implementation says true only when it changed the status it was
// handed, so a call through the interface reports a change whichever it reaches.
type scheduler interface {
	reschedule(obj *apiv1.Memcached) bool // want reschedule:"reports change"
}

type cronScheduler struct{ incarnation string }

func (c *cronScheduler) reschedule(obj *apiv1.Memcached) bool { // want reschedule:"reports change"
	changed := false
	if obj.Status.LastSync != c.incarnation {
		obj.Status.LastSync = c.incarnation
		changed = true
	}
	return changed
}

type fixedScheduler struct{}

func (fixedScheduler) reschedule(obj *apiv1.Memcached) bool { // want reschedule:"sets status" reschedule:"reports change"
	if obj.Status.LastSync == "fixed" {
		return false
	}
	obj.Status.LastSync = "fixed"
	return true
}

// refresher's one implementation says true whatever it did: no change report.
type refresher interface {
	refresh(obj *apiv1.Memcached) bool
}

type alwaysRefresh struct{}

func (alwaysRefresh) refresh(obj *apiv1.Memcached) bool { // want refresh:"fills Message" refresh:"sets status"
	obj.Status.Message = "refreshed"
	return true
}

type scheduleReconciler struct {
	client.Client
	sched scheduler
	fresh refresher
}

func (r *scheduleReconciler) reconcileSchedule(ctx context.Context, obj *apiv1.Memcached) error {
	if r.sched.reschedule(obj) {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

func (r *scheduleReconciler) reconcileRefresh(ctx context.Context, obj *apiv1.Memcached) error {
	if r.fresh.refresh(obj) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}
