// Package deadsetup is a controller with two set-ups: Add, which the main of package
// deadsetupmain calls, filters update events; SetupWithManager, left behind when Add
// took over, watches without a predicate and is called by nothing there. Its
// reconciler records the generation it saw on every pass, compared with nothing.
package deadsetup

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Reconciler records the generation of every Memcached it sees.
type Reconciler struct {
	client.Client
}

// Reconcile records req's Memcached's generation.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m.Status.ObservedGeneration = m.Generation
	return ctrl.Result{}, r.Status().Update(ctx, &m)
}

// SetupWithManager wires the controller without a predicate.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}).
		Complete(r)
}

// Add wires the controller, passing only the updates that change a generation.
func Add(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(&Reconciler{Client: mgr.GetClient()})
}
