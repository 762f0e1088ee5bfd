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
