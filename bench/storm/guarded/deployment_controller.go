package guarded

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	appsv1 "k8s.io/api/apps/v1"
)

// DeploymentReconciler reconciles Deployment objects (apps/v1/Deployment), a kind
// this project does not define. opgen generates its Reconcile and SetupWithManager
// (zz_generated.deployment_reconciler.go) from the markers below, which stand
// here because the project has no type of the kind to put them on (docs/markers.md).
// This file is yours: add the fields your logic needs and set them in
// NewDeploymentReconciler.
//
// +opguard:for=apps/v1/Deployment
// +opguard:select-annotation=storm.opgen.dev/config
// +opguard:owns=core/v1/ConfigMap
type DeploymentReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewDeploymentReconciler builds the reconciler that SetupReconcilers registers.
func NewDeploymentReconciler(mgr ctrl.Manager) *DeploymentReconciler {
	return &DeploymentReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileDeployment drives what obj asks of this operator; the generated Reconcile calls
// it only for the objects that opt in. obj is not this project's: read it, never
// write it (its status belongs to its own controller).
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is not retried.
// Any other error is retried with backoff. Ask for a later look only for state no watch
// reports, with Outcome{RequeueAfter: d}.
func (r *DeploymentReconciler) ReconcileDeployment(ctx context.Context, obj *appsv1.Deployment) (Outcome, error) {
	log := logf.FromContext(ctx)
	log.V(1).Info("reconciling", "generation", obj.Generation)
	// The objects obj asks for. Each Apply function (zz_generated.deployment_owned.go)
	// sends one Server-Side Apply only when the object differs from what this operator
	// applied last, so building them on every reconcile costs no request; each gets obj
	// as its controller, so it goes when obj goes.
	namespace := obj.Namespace
	configMap := corev1ac.ConfigMap(obj.Name, namespace).
		WithLabels(map[string]string{
			"app.kubernetes.io/managed-by": "storm",
			"app.kubernetes.io/instance":   obj.Name,
		}).
		WithData(map[string]string{
			"value": obj.Annotations["storm.opgen.dev/config"], // what the opt-in annotation says
		})
	if _, err := ApplyDeploymentConfigMap(ctx, r.Client, obj, configMap); err != nil {
		return Outcome{}, fmt.Errorf("applying the ConfigMap: %w", err)
	}
	return Outcome{}, nil
}
