// Package statuswriter is a controller (a Reconcile method; its For is elsewhere) that
// writes a Memcached's status on every pass, with nothing comparing it, and stamps the
// clock into it. Whether that
// loops depends on the controllers that watch Memcacheds: package filteredctl's
// filters update events (no loop), kubebuilder's does not.
package statuswriter

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Reconciler marks every Memcached seen.
type Reconciler struct {
	client.Client
}

// Reconcile marks req's Memcached seen.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	meta.SetStatusCondition(&m.Status.Conditions, metav1.Condition{Type: "Seen", Status: metav1.ConditionTrue, Reason: "Seen"})
	// Stamped on every pass: a loop's seed where a controller of the kind passes
	// status updates.
	now := metav1.Now()
	for i := range m.Status.Conditions {
		m.Status.Conditions[i].LastTransitionTime = now
	}
	return ctrl.Result{}, r.Status().Update(ctx, &m)
}
