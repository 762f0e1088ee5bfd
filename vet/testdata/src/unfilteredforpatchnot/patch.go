// Package unfilteredforpatchnot calls a Patch of its own patch helper, which is no
// status write, and cluster-api's helper on an object given only metadata: nothing
// here writes the kinds' status.
package unfilteredforpatchnot

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/cluster-api/util/patch"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
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

// FinalizerReconciler patches with cluster-api's helper after adding a finalizer
// only: the helper sends what changed since it was made, metadata here, and no
// status.
type FinalizerReconciler struct {
	client.Client
}

func (r *FinalizerReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Watched
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.ensureFinalizer(ctx, &obj)
}

func (r *FinalizerReconciler) ensureFinalizer(ctx context.Context, obj client.Object) error {
	if controllerutil.ContainsFinalizer(obj, "example.com/cleanup") {
		return nil
	}
	helper, err := patch.NewHelper(obj, r.Client)
	if err != nil {
		return err
	}
	controllerutil.AddFinalizer(obj, "example.com/cleanup")
	return helper.Patch(ctx, obj)
}

func (r *FinalizerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Watched{}).
		Complete(r)
}
