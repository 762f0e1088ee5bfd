package controller

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	batchv1beta1 "example.com/fleet-operator/api/batch/v1beta1"
)

// SweeperReconciler reconciles Sweeper objects. opgen generates its Reconcile and
// SetupWithManager (zz_generated.sweeper_reconciler.go); this file is yours: add the
// fields your logic needs and set them in NewSweeperReconciler.
type SweeperReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewSweeperReconciler builds the reconciler that SetupReconcilers registers.
func NewSweeperReconciler(mgr ctrl.Manager) *SweeperReconciler {
	return &SweeperReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileSweeper drives the cluster toward obj.Spec and returns the status to record.
//
// It never writes status itself: the generated Reconcile writes what it returns with
// ApplySweeperStatus, and only when that differs from what is stored, so returning the
// same status again costs nothing. Start from an empty status and set what this operator
// owns; fields other writers own are not yours to return.
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is recorded in
// the Ready condition and not retried. Any other error is retried with backoff. Ask for
// a later look only for state no watch reports, with Outcome{RequeueAfter: d}.
func (r *SweeperReconciler) ReconcileSweeper(ctx context.Context, obj *batchv1beta1.Sweeper) (batchv1beta1.SweeperStatus, Outcome, error) {
	log := logf.FromContext(ctx)
	status := batchv1beta1.SweeperStatus{}
	log.V(1).Info("reconciling", "generation", obj.Generation)
	// The objects obj.Spec asks for. Each Apply function (zz_generated.sweeper_owned.go)
	// sends one Server-Side Apply only when the object differs from what this operator
	// applied last, so building them on every reconcile costs no request; each gets obj
	// as its controller, so it goes when obj goes. Set only the fields you mean to own:
	// the rest is left to the server's defaults and to other managers.
	namespace := "default" // a cluster-scoped Sweeper keeps what it owns in this namespace
	labels := map[string]string{
		"app.kubernetes.io/name":     "sweeper",
		"app.kubernetes.io/instance": obj.Name,
	}
	replicas := obj.Spec.Replicas
	var applied []string
	configMap := corev1ac.ConfigMap(obj.Name, namespace).
		WithLabels(labels).
		WithData(map[string]string{
			"replicas": fmt.Sprint(replicas), // the configuration your workload reads
		})
	if _, err := ApplySweeperConfigMap(ctx, r.Client, obj, configMap); err != nil {
		return sweeperNotApplied(status, "ConfigMap", err)
	}
	applied = append(applied, "ConfigMap "+obj.Name)
	// Data, not StringData: the server stores StringData as Data and keeps no trace of
	// it, so the fields this operator applied could not be read back (the Apply function
	// returns an error). Derive the content from obj.Spec or a source of truth, never
	// anew on each reconcile.
	secret := corev1ac.Secret(obj.Name, namespace).
		WithLabels(labels).
		WithType(corev1.SecretTypeOpaque).
		WithData(map[string][]byte{
			"username": []byte(obj.Name),
		})
	if _, err := ApplySweeperSecret(ctx, r.Client, obj, secret); err != nil {
		return sweeperNotApplied(status, "Secret", err)
	}
	applied = append(applied, "Secret "+obj.Name)
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionTrue,
		Reason:  "Reconciled",
		Message: "applied " + strings.Join(applied, ", "),
	})
	return status, Outcome{}, nil
}

// sweeperNotApplied is the status and error of a reconcile whose apply of an owned object
// failed: Ready False with the reason, and the error, which is retried with backoff.
func sweeperNotApplied(status batchv1beta1.SweeperStatus, kind string, err error) (batchv1beta1.SweeperStatus, Outcome, error) {
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionFalse,
		Reason:  "ApplyFailed",
		Message: fmt.Sprintf("applying the %s: %v", kind, err),
	})
	return status, Outcome{}, fmt.Errorf("applying the %s: %w", kind, err)
}
