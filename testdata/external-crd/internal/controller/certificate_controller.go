package controller

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	certsv1 "example.com/certs/api/v1"
)

// CertificateReconciler keeps a Secret of trust bundles beside every managed
// Certificate of another project's API (example.com/certs).
//
// +opguard:for=certs.example.org/v1/Certificate
// +opguard:for-package=example.com/certs/api/v1
// +opguard:select-labels=example.com/managed=true
// +opguard:owns=core/v1/Secret
// +opguard:finalizer=example.com/bundle
// +opguard:watch-annotations=example.com/bundle
type CertificateReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewCertificateReconciler builds the reconciler.
func NewCertificateReconciler(mgr ctrl.Manager) *CertificateReconciler {
	return &CertificateReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileCertificate applies the bundle Secret of a Certificate.
func (r *CertificateReconciler) ReconcileCertificate(ctx context.Context, obj *certsv1.Certificate) (Outcome, error) {
	if obj.Spec.SecretName == "" {
		return Outcome{}, Terminal("NoSecretName", fmt.Errorf("certificate %s names no secret", obj.Name))
	}
	bundle := corev1ac.Secret(obj.Spec.SecretName+"-bundle", obj.Namespace).
		WithData(map[string][]byte{"bundle": []byte(obj.Annotations["example.com/bundle"])})
	if _, err := ApplyCertificateSecret(ctx, r.Client, obj, bundle); err != nil {
		return Outcome{}, fmt.Errorf("applying the bundle: %w", err)
	}
	return Outcome{}, nil
}

// CleanupCertificate has nothing outside the cluster to release.
func (r *CertificateReconciler) CleanupCertificate(ctx context.Context, obj *certsv1.Certificate) error {
	return nil
}
