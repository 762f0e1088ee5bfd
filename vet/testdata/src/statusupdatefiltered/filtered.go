// Package statusupdatefiltered is a controller whose For of Memcached filters update
// events: an unguarded status write of Memcached reconciles nothing again.
package statusupdatefiltered

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Status().Update(ctx, &obj); err != nil {
		return ctrl.Result{}, err
	}
	var other apiv1.Watched
	return ctrl.Result{}, r.Status().Update(ctx, &other) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Watched{}).Complete(r)
}

// writeAny writes an object of an interface type: it stands for both kinds the package
// wires a controller for, and Watched's passes update events.
func (r *Reconciler) writeAny(ctx context.Context, obj client.Object) error {
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
