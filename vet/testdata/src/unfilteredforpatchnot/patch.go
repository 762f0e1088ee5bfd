// Package unfilteredforpatchnot calls a Patch of its own patch helper, which is no
// status write: nothing here writes the kind's status.
package unfilteredforpatchnot

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

// Helper patches labels only.
type Helper struct{ c client.Client }

func (h *Helper) Patch(ctx context.Context, obj client.Object) error {
	return h.c.Patch(ctx, obj, client.MergeFrom(obj.DeepCopyObject().(client.Object)))
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	h := &Helper{c: r.Client}
	obj.Labels = map[string]string{"seen": "true"}
	return reconcile.Result{}, h.Patch(ctx, &obj)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Complete(r)
}
