package controller

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
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
	log.V(1).Info("reconciling", "generation", obj.Generation)
	// The objects obj.Spec asks for. Each Apply function (zz_generated.ship_owned.go)
	// sends one Server-Side Apply only when the object differs from what this operator
	// applied last, so building them on every reconcile costs no request; each gets obj
	// as its controller, so it goes when obj goes. Set only the fields you mean to own:
	// the rest is left to the server's defaults and to other managers.
	namespace := obj.Namespace
	labels := map[string]string{
		"app.kubernetes.io/name":     "ship",
		"app.kubernetes.io/instance": obj.Name,
	}
	var applied []string
	configMap := corev1ac.ConfigMap(obj.Name, namespace).
		WithLabels(labels).
		WithData(map[string]string{
			"instance": obj.Name, // the configuration your workload reads, from obj.Spec
		})
	if _, err := ApplyShipConfigMap(ctx, r.Client, obj, configMap); err != nil {
		return shipNotApplied(status, "ConfigMap", err)
	}
	applied = append(applied, "ConfigMap "+obj.Name)
	// Build the Beacon obj.Spec asks for and apply it with
	// ApplyShipBeacon(ctx, r.Client, obj, desired).
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionTrue,
		Reason:  "Reconciled",
		Message: "applied " + strings.Join(applied, ", "),
	})
	return status, Outcome{}, nil
}

// shipNotApplied is the status and error of a reconcile whose apply of an owned object
// failed: Ready False with the reason, and the error, which is retried with backoff.
func shipNotApplied(status fleetv1.ShipStatus, kind string, err error) (fleetv1.ShipStatus, Outcome, error) {
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionFalse,
		Reason:  "ApplyFailed",
		Message: fmt.Sprintf("applying the %s: %v", kind, err),
	})
	return status, Outcome{}, fmt.Errorf("applying the %s: %w", kind, err)
}
