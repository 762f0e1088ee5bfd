package controller

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	cachev1 "example.com/webhook-operator/api/cache/v1"
)

// MemcachedReconciler reconciles Memcached objects. opgen generates its Reconcile and
// SetupWithManager (zz_generated.memcached_reconciler.go); this file is yours: add the
// fields your logic needs and set them in NewMemcachedReconciler.
type MemcachedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewMemcachedReconciler builds the reconciler that SetupReconcilers registers.
func NewMemcachedReconciler(mgr ctrl.Manager) *MemcachedReconciler {
	return &MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileMemcached drives the cluster toward obj.Spec and returns the status to record.
//
// It never writes status itself: the generated Reconcile writes what it returns with
// ApplyMemcachedStatus, and only when that differs from what is stored, so returning the
// same status again costs nothing. Start from an empty status and set what this operator
// owns; fields other writers own are not yours to return.
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is recorded in
// the Ready condition and not retried. Any other error is retried with backoff. Ask for
// a later look only for state no watch reports, with Outcome{RequeueAfter: d}.
func (r *MemcachedReconciler) ReconcileMemcached(ctx context.Context, obj *cachev1.Memcached) (cachev1.MemcachedStatus, Outcome, error) {
	log := logf.FromContext(ctx)
	status := cachev1.MemcachedStatus{}
	log.V(1).Info("reconciling", "generation", obj.Generation)
	// The objects obj.Spec asks for. Each Apply function (zz_generated.memcached_owned.go)
	// sends one Server-Side Apply only when the object differs from what this operator
	// applied last, so building them on every reconcile costs no request; each gets obj
	// as its controller, so it goes when obj goes. Set only the fields you mean to own:
	// the rest is left to the server's defaults and to other managers.
	namespace := obj.Namespace
	labels := map[string]string{
		"app.kubernetes.io/name":     "memcached",
		"app.kubernetes.io/instance": obj.Name,
	}
	replicas := obj.Spec.Replicas
	var applied []string
	deployment := appsv1ac.Deployment(obj.Name, namespace).
		WithLabels(labels).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(replicas).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(labels)).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels).
				WithSpec(corev1ac.PodSpec().
					WithContainers(corev1ac.Container().
						WithName("memcached").
						WithImage("registry.example.com/memcached:latest"). // the image your operator runs
						WithPorts(corev1ac.ContainerPort().WithName("http").WithContainerPort(8080).WithProtocol(corev1.ProtocolTCP))))))
	if _, err := ApplyMemcachedDeployment(ctx, r.Client, obj, deployment); err != nil {
		return memcachedNotApplied(status, "Deployment", err)
	}
	applied = append(applied, fmt.Sprintf("Deployment %s with %d replicas", obj.Name, replicas))
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionTrue,
		Reason:  "Reconciled",
		Message: "applied " + strings.Join(applied, ", "),
	})
	return status, Outcome{}, nil
}

// memcachedNotApplied is the status and error of a reconcile whose apply of an owned object
// failed: Ready False with the reason, and the error, which is retried with backoff.
func memcachedNotApplied(status cachev1.MemcachedStatus, kind string, err error) (cachev1.MemcachedStatus, Outcome, error) {
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type:    ReadyCondition,
		Status:  metav1.ConditionFalse,
		Reason:  "ApplyFailed",
		Message: fmt.Sprintf("applying the %s: %v", kind, err),
	})
	return status, Outcome{}, fmt.Errorf("applying the %s: %w", kind, err)
}
