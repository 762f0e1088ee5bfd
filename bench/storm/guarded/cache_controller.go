package guarded

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// This file is the user's side of the guarded operator: the same logic as the naive
// operators (a Deployment and a ConfigMap kept at the spec, a phase, a timestamp on every
// reconcile, the generation, a Ready condition), written the way opgen asks: it applies
// what it owns through the gated Apply functions and returns the status, never writing
// it.

// CacheReconciler reconciles Cache objects.
type CacheReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewCacheReconciler builds the reconciler that SetupReconcilers registers.
func NewCacheReconciler(mgr ctrl.Manager) *CacheReconciler {
	return &CacheReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileCache keeps a Deployment of spec.size replicas and a ConfigMap describing it,
// as the naive operators do, and returns the status they write.
func (r *CacheReconciler) ReconcileCache(ctx context.Context, obj *stormv1.Cache) (stormv1.CacheStatus, Outcome, error) {
	now := metav1.Now()
	status := stormv1.CacheStatus{Phase: "Running", LastReconcileTime: &now}
	labels := map[string]string{"app": "cache", "instance": obj.Name}
	image := obj.Spec.Image
	if image == "" {
		image = "cache:1"
	}
	deployment := appsv1ac.Deployment(obj.Name, obj.Namespace).
		WithLabels(labels).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(obj.Spec.Size).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(labels)).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels).
				WithSpec(corev1ac.PodSpec().WithContainers(corev1ac.Container().WithName("cache").WithImage(image)))))
	if _, err := ApplyCacheDeployment(ctx, r.Client, obj, deployment); err != nil {
		return status, Outcome{}, err
	}
	configMap := corev1ac.ConfigMap(obj.Name, obj.Namespace).
		WithLabels(labels).
		WithData(map[string]string{"size": fmt.Sprint(obj.Spec.Size)})
	if _, err := ApplyCacheConfigMap(ctx, r.Client, obj, configMap); err != nil {
		return status, Outcome{}, err
	}
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type: ReadyCondition, Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: fmt.Sprintf("%d nodes", obj.Spec.Size),
	})
	return status, Outcome{}, nil
}
