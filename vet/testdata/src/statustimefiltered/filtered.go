// Package statustimefiltered is a controller whose For filters update events: a
// heartbeat written into status reconciles nothing again.
package statustimefiltered

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	var other apiv1.Watched
	other.Status.LastSync = time.Now().String() // want `time.Now\(\) written into status \(other.Status.LastSync\)`
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r); err != nil {
		return err
	}
	// Watched's controller passes every update.
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Watched{}).Complete(r)
}
