// Package statustimeexcluded is a controller that stamps a time into status on every
// pass but gates its status write on a field-by-field comparison, in another package,
// that leaves the time out: the time is written only along with another change.
package statustimeexcluded

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/state"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, err
	}
	next := obj.DeepCopy()
	next.Status.Nodes = []string{"a"}
	now := metav1.Now()
	next.Status.LastReconcileTime = &now
	if state.Inconsistent(obj.Status, next.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, next)
	}
	return ctrl.Result{}, nil
}
