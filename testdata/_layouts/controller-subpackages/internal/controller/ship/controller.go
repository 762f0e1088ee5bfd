// Package ship reconciles ships.
package ship

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	portv1 "example.com/port/api/v1"
)

// Reconciler reconciles a Ship.
type Reconciler struct {
	client client.Client
}

// +kubebuilder:rbac:groups=port.example.com,resources=ships,verbs=get;list;watch
// +kubebuilder:rbac:groups=port.example.com,resources=ships/status,verbs=get;update;patch

// Reconcile records the generation it saw.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ship := &portv1.Ship{}
	if err := r.client.Get(ctx, req.NamespacedName, ship); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.updateStatus(ctx, ship)
}

func (r *Reconciler) updateStatus(ctx context.Context, ship *portv1.Ship) error {
	ship.Status.ObservedGeneration = ship.Generation
	return r.client.Status().Update(ctx, ship)
}
