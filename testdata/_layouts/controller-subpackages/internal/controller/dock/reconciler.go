// Package dock reconciles docks.
package dock

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	portv1 "example.com/port/api/v1"
)

// Reconciler reconciles a Dock.
type Reconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=port.example.com,resources=docks,verbs=get;list;watch
// +kubebuilder:rbac:groups=port.example.com,resources=docks/status,verbs=get;update;patch

// Reconcile records the generation it saw.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var current portv1.Dock
	if err := r.Get(ctx, req.NamespacedName, &current); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dock := current.DeepCopy()
	dock.Status.ObservedGeneration = dock.Generation
	patch := client.MergeFrom(&current)
	return ctrl.Result{}, r.Status().Patch(ctx, dock, patch)
}
