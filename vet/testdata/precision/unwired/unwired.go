// Package unwired is a controller whose SetupWithManager nothing calls yet, and whose
// reconciler no other set-up registers: the controller the author has still to wire.
// Its watch passes every update, and its reconciler stamps the generation it saw on
// every pass.
package unwired

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

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

// New builds the reconciler; package unwiredmain calls it, and sets up nothing.
func New(c client.Client) *Reconciler {
	return &Reconciler{Client: c}
}
