// Package unfilteredfor is a controller of an operator whose module lives under
// sigs.k8s.io/: its custom resource is watched like any other.
package unfilteredfor

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	examplev1alpha1 "sigs.k8s.io/sample/api/v1alpha1"
)

type BusyboxReconciler struct {
	client.Client
}

func (r *BusyboxReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	busybox := &examplev1alpha1.Busybox{}
	if err := r.Get(ctx, req.NamespacedName, busybox); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	busybox.Status.Conditions = nil
	return reconcile.Result{}, r.Status().Update(ctx, busybox)
}

func (r *BusyboxReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&examplev1alpha1.Busybox{}). // want `For\(&examplev1alpha1.Busybox{}\) without predicates: \*v1alpha1.Busybox has a status subresource`
		Owns(&appsv1.Deployment{}).
		Complete(r)
}
