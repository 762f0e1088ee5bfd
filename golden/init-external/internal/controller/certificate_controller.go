package controller

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	certsv1 "example.com/certs/api/v1"
)

// CertificateReconciler reconciles Certificate objects (certs.example.org/v1/Certificate), a kind
// this project does not define. opgen generates its Reconcile and SetupWithManager
// (zz_generated.certificate_reconciler.go) from the markers below, which stand
// here because the project has no type of the kind to put them on (docs/markers.md).
// This file is yours: add the fields your logic needs and set them in
// NewCertificateReconciler.
//
// +opguard:for=certs.example.org/v1/Certificate
// +opguard:for-package=example.com/certs/api/v1
// +opguard:select-labels=example.com/managed=true
// +opguard:owns=core/v1/ConfigMap
// +opguard:own-condition=example.com/BundleReady
type CertificateReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewCertificateReconciler builds the reconciler that SetupReconcilers registers.
func NewCertificateReconciler(mgr ctrl.Manager) *CertificateReconciler {
	return &CertificateReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileCertificate drives what obj asks of this operator; the generated Reconcile calls
// it only for the objects that opt in. obj is not this project's: read it, never
// write it (its status belongs to its own controller).
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is not retried.
// Any other error is retried with backoff. Ask for a later look only for state no watch
// reports, with Outcome{RequeueAfter: d}.
func (r *CertificateReconciler) ReconcileCertificate(ctx context.Context, obj *certsv1.Certificate) (Outcome, error) {
	log := logf.FromContext(ctx)
	log.V(1).Info("reconciling", "generation", obj.Generation)
	// The objects obj asks for. Each Apply function (zz_generated.certificate_owned.go)
	// sends one Server-Side Apply only when the object differs from what this operator
	// applied last, so building them on every reconcile costs no request; each gets obj
	// as its controller, so it goes when obj goes.
	namespace := obj.Namespace
	configMap := corev1ac.ConfigMap(obj.Name, namespace).
		WithLabels(map[string]string{
			"app.kubernetes.io/managed-by": "sidecar-operator",
			"app.kubernetes.io/instance":   obj.Name,
		}).
		WithData(map[string]string{
			"instance": obj.Name, // the configuration derived from obj
		})
	if _, err := ApplyCertificateConfigMap(ctx, r.Client, obj, configMap); err != nil {
		return Outcome{}, fmt.Errorf("applying the ConfigMap: %w", err)
	}
	// The one condition of obj's status this operator owns (+opguard:own-condition):
	// applied only when it says something new; the kind's own conditions stay its
	// controller's.
	if _, err := ApplyCertificateCondition(ctx, r.Client, obj, metav1.ConditionTrue, "Reconciled", "reconciled by sidecar-operator"); err != nil {
		return Outcome{}, fmt.Errorf("setting the condition example.com/BundleReady: %w", err)
	}
	return Outcome{}, nil
}
