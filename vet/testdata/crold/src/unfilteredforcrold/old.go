// Package unfilteredforcrold wires controllers as controller-runtime before 0.15 did:
// c.Watch(&source.Kind{Type: obj}, handler, predicates…).
package unfilteredforcrold

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	obj.Status.Message = "ready"
	return reconcile.Result{}, r.Status().Update(ctx, &obj)
}

func add(mgr manager.Manager, r *Reconciler) error {
	c, err := controller.New("memcached", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}); err != nil { // want `Watch\(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}\) without predicates: \*v1.Memcached has a status subresource`
		return err
	}
	if err := c.Watch(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}, predicate.Funcs{}); err != nil { // want `with predicates that pass status-only updates`
		return err
	}
	// predicate.Funcs and the change predicates of these versions are structs of their
	// own names, and the update event is event.UpdateEvent.
	if err := c.Watch(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}, predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool { return true }}); err != nil { // want `with predicates that pass status-only updates`
		return err
	}
	if err := c.Watch(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}, predicate.ResourceVersionChangedPredicate{}); err != nil { // want `with predicates that pass status-only updates`
		return err
	}
	if err := c.Watch(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}, predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
	}}); err != nil {
		return err
	}
	return c.Watch(&source.Kind{Type: &apiv1.Memcached{}}, &handler.EnqueueRequestForObject{}, predicate.GenerationChangedPredicate{})
}
