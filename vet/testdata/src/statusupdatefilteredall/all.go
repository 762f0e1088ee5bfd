// Package statusupdatefilteredall is a controller of one kind, whose For filters update
// events, that writes the kind through an interface: the object stands for the kinds
// the package watches that implement it, all of which filter.
package statusupdatefilteredall

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type Reconciler struct{ client.Client }

// job holds the object being worked on as an interface, as executors of several kinds do.
type job struct{ Obj client.Object }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.finish(ctx, job{Obj: &obj})
}

func (r *Reconciler) finish(ctx context.Context, j job) error {
	return r.Status().Update(ctx, j.Obj)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
