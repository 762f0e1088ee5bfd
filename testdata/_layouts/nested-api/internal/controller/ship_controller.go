// Package controller reconciles ships.
package controller

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	harborv1 "example.com/harbor/api/v1"
)

// ShipReconciler reconciles a Ship.
type ShipReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=harbor.example.com,resources=ships,verbs=get;list;watch
// +kubebuilder:rbac:groups=harbor.example.com,resources=ships/status,verbs=get;update;patch

// Reconcile records the generation it saw.
func (r *ShipReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var ship harborv1.Ship
	if err := r.Get(ctx, req.NamespacedName, &ship); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ship.Status.ObservedGeneration = ship.Generation
	return ctrl.Result{}, r.Status().Update(ctx, &ship)
}

// SetupWithManager registers the reconciler.
func (r *ShipReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&harborv1.Ship{}).Complete(r)
}
