// Package idle holds two reconcilers of Memcacheds: Reconciler, which the main of
// package idlemain registers, and Legacy, left behind when Reconciler took over, whose
// SetupWithManager nothing calls there. Both send the cached object whole and stamp the
// generation without comparing it, and neither For has a predicate: the comment at the
// end of a line names the analyzers opgen vet reports there with idlemain in view (a
// line without one gets none, as resync, a method of Reconciler nothing calls);
// idleiface's main registers Legacy too.
package idle

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
	return ctrl.Result{}, r.Status().Update(ctx, &m) // statusupdate cachedupdate
}

// SetupWithManager wires the controller without a predicate.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}). // unfilteredfor
		Complete(r)
}

// resync was Reconcile's until a rewrite dropped its call: nothing refers to it, and a
// live reconciler's method runs only when something does.
func (r *Reconciler) resync(ctx context.Context, m *cachev1alpha1.Memcached) error {
	m.Status.ObservedGeneration = m.Generation
	return r.Status().Update(ctx, m)
}

// Legacy is the reconciler Reconciler replaced. It is still built (New), printed
// and asserted to be a reconcile.Reconciler, none of which runs it.
type Legacy struct {
	client.Client
}

var _ interface {
	Reconcile(context.Context, ctrl.Request) (ctrl.Result, error)
} = &Legacy{}

// NewLegacy builds a Legacy.
func NewLegacy(c client.Client) *Legacy {
	return &Legacy{Client: c}
}

// Reconcile records req's Memcached's generation, as Reconciler's does.
func (l *Legacy) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := l.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, l.record(ctx, &m)
}

// record is reached from Legacy's Reconcile only.
func (l *Legacy) record(ctx context.Context, m *cachev1alpha1.Memcached) error {
	return stamp(ctx, l.Client, m)
}

// stamp is called by Legacy's record only.
func stamp(ctx context.Context, c client.Client, m *cachev1alpha1.Memcached) error {
	m.Status.ObservedGeneration = m.Generation
	return c.Status().Update(ctx, m)
}

// SetupWithManager wires Legacy through a helper of the package.
func (l *Legacy) SetupWithManager(mgr ctrl.Manager) error {
	return complete(mgr, l)
}

// complete is called by Legacy's SetupWithManager only: the reconciler it hands to
// Complete flows into an interface in code nothing runs.
func complete(mgr ctrl.Manager, l *Legacy) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}).
		Complete(l)
}
