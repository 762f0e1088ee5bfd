// Package cachedupdate is a controller of an operator whose module lives under
// sigs.k8s.io/: an Update of its custom resource read from the cache is reported like
// any other.
package cachedupdate

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	examplev1alpha1 "sigs.k8s.io/sample/api/v1alpha1"
)

type BusyboxReconciler struct {
	client.Client
}

func (r *BusyboxReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	busybox := &examplev1alpha1.Busybox{}
	if err := r.Get(ctx, req.NamespacedName, busybox); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	busybox.Spec.Size = 1
	if err := r.Update(ctx, busybox); err != nil { // want `r.Update of \*v1alpha1.Busybox read from the informer cache \(r.Get\)`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
