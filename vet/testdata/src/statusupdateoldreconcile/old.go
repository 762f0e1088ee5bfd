// Package statusupdateoldreconcile is a controller whose Reconcile takes the request
// alone, as before controller-runtime 0.7 (and as a reconciler a wrapper of another
// package calls): its package holds a controller, and its status writes are judged.
package statusupdateoldreconcile

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type ReconcileMemcached struct{ client client.Client }

func (r *ReconcileMemcached) Reconcile(request reconcile.Request) (reconcile.Result, error) {
	ctx := context.Background()
	var obj apiv1.Memcached
	if err := r.client.Get(ctx, request.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	obj.Status.State = "Failed"
	return reconcile.Result{}, r.client.Status().Update(ctx, &obj) // want `r.client.Status\(\).Update writes status with no semantic diff`
}
