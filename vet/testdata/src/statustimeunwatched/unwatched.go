// Package statustimeunwatched builds one controller, for Memcached, whose pass plans
// a Watched: it stamps the clock into the Watched's status when it plans it, and no
// watch of the package is of Watched. The stamp wakes Watched's own controller,
// elsewhere, which does not stamp it: no loop runs through this one. The stamp into
// Memcached's status, which this package watches without a predicate, is reported.
package statustimeunwatched

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.plan(ctx, &obj)
}

func (r *Reconciler) plan(ctx context.Context, obj *apiv1.Memcached) error {
	planned := &apiv1.Watched{}
	planned.Name = obj.Name
	planned.Status.LastSync = time.Now().String()
	if err := r.Status().Update(ctx, planned); err != nil {
		return err
	}
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status \(obj.Status.LastReconcileTime\)`
	return r.Status().Update(ctx, obj)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}
