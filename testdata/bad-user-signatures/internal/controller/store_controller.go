package controller

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	storev1 "opgen.test/golden/bad-user-signatures/api/v1"
)

// StoreReconciler is kubebuilder's shape.
type StoreReconciler struct {
	client.Client
}

// NewStoreReconciler fits.
func NewStoreReconciler(mgr ctrl.Manager) *StoreReconciler {
	return &StoreReconciler{Client: mgr.GetClient()}
}

// ReconcileStore returns no Outcome.
func (r *StoreReconciler) ReconcileStore(ctx context.Context, obj *storev1.Store) (storev1.StoreStatus, error) {
	return storev1.StoreStatus{}, nil
}
