// Package deadsetupnew is a controller built with controller.New and c.Watch, its
// reconciler handed on as a reconcile.Reconciler (Add, which the main of package
// deadsetupnewmain calls, filtering update events), beside a SetupWithManager that
// nothing calls, left from the scaffold, watching without a predicate. Its
// reconciler records the generation it saw on every pass, compared with nothing.
package deadsetupnew

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

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
func Add(mgr manager.Manager) error {
	return add(mgr, newReconciler(mgr))
}

func newReconciler(mgr manager.Manager) reconcile.Reconciler {
	return &Reconciler{Client: mgr.GetClient()}
}

func add(mgr manager.Manager, r reconcile.Reconciler) error {
	c, err := controller.New("memcached", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &cachev1alpha1.Memcached{},
		&handler.TypedEnqueueRequestForObject[*cachev1alpha1.Memcached]{},
		predicate.TypedGenerationChangedPredicate[*cachev1alpha1.Memcached]{}))
}
