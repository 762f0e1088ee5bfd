// Package statustimeownedall is a controller that stamps the clock into the status of a
// child kind it owns with no filter on the child: each stamp is an update event that
// enqueues the owner, whose pass stamps again.
package statustimeownedall

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var child apiv1.Watched
	child.Status.LastSync = time.Now().String() // want `time.Now\(\) written into status \(child.Status.LastSync\)`
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	// The predicate given to For filters the owner's events, not the child's.
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&apiv1.Watched{}).
		Complete(r)
}
