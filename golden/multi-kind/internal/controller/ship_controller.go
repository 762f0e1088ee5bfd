package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	fleetv1 "opgen.test/golden/multi-kind/api/v1"
)

// ShipReconciler reconciles Ship objects. opgen generates its Reconcile and
// SetupWithManager (zz_generated.ship_reconciler.go); this file is yours: add the
// fields your logic needs and set them in NewShipReconciler.
type ShipReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewShipReconciler builds the reconciler that SetupReconcilers registers.
func NewShipReconciler(mgr ctrl.Manager) *ShipReconciler {
	return &ShipReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileShip drives the cluster toward obj.Spec and returns the status to record.
//
// It never writes status itself: the generated Reconcile writes what it returns with
// ApplyShipStatus, and only when that differs from what is stored, so returning the
// same status again costs nothing. Start from an empty status and set what this operator
// owns; fields other writers own are not yours to return.
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is recorded in
// the Ready condition and not retried. Any other error is retried with backoff. Ask for
// a later look only for state no watch reports, with Outcome{RequeueAfter: d}.
func (r *ShipReconciler) ReconcileShip(ctx context.Context, obj *fleetv1.Ship) (fleetv1.ShipStatus, Outcome, error) {
	log := logf.FromContext(ctx)
	status := fleetv1.ShipStatus{}
	// Create or apply the objects obj.Spec asks for here.
	log.V(1).Info("reconciling", "generation", obj.Generation)
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionTrue,
		Reason:  "Reconciled",
		Message: "the spec is applied",
	})
	return status, Outcome{}, nil
}
