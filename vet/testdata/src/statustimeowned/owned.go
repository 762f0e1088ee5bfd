// Package statustimeowned is a controller that stamps the clock into the status of a
// child kind no controller of its own watches: the child's only watches are its
// owner's, and they filter update events, so its status updates wake nothing.
package statustimeowned

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var child apiv1.Watched
	child.Status.LastSync = time.Now().String()
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	// The chain's event filter applies to Owns as to For.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Owns(&apiv1.Watched{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r); err != nil {
		return err
	}
	// A second controller watches the child with a predicate of its own.
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&apiv1.Watched{}, handler.EnqueueRequestsFromMapFunc(owner), builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func owner(ctx context.Context, o client.Object) []reconcile.Request { return nil }
