package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	appv1 "opgen.test/golden/bad-existing-reconciler/api/v1"
)

// AppReconciler is a kubebuilder-style controller.
type AppReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile is the user's own.
func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// SetupWithManager is the user's own.
func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appv1.App{}).Named("app").Complete(r)
}

// JobReconciler has none of the methods opgen's code calls.
type JobReconciler struct {
	client.Client
}
