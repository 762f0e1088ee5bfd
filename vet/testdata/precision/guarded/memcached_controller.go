// Package guarded is a Memcached controller written the storm-proof way by hand: owned
// objects through Server-Side Apply, the finalizer through merge patches, the status
// through a MergeFrom patch or an SSA apply, each behind equality.Semantic.DeepEqual,
// predicates on For(), terminal errors for what retrying cannot fix, and only long
// requeues. opgen vet must report nothing in it.
package guarded

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

const (
	fieldOwner = "memcached-operator"
	finalizer  = "cache.example.com/cleanup"
	maxSize    = 100
	// digestRefresh is how often a floating image tag is looked up again: no watch
	// tells when a registry moves a tag.
	digestRefresh = 10 * time.Minute
)

var errTooLarge = errors.New("size above the limit")

// MemcachedReconciler reconciles a Memcached object.
type MemcachedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile applies the Deployment and the ConfigMap a Memcached asks for and records
// the outcome in its status, writing only what changed.
func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var mc cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &mc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !mc.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.finalize(ctx, &mc)
	}
	if !controllerutil.ContainsFinalizer(&mc, finalizer) {
		base := mc.DeepCopy()
		controllerutil.AddFinalizer(&mc, finalizer)
		if err := r.Patch(ctx, &mc, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}

	desired := *mc.Status.DeepCopy()
	desired.ObservedGeneration = mc.Generation
	if mc.Spec.Size != nil && *mc.Spec.Size > maxSize {
		meta.SetStatusCondition(&desired.Conditions, metav1.Condition{
			Type: "Ready", Status: metav1.ConditionFalse, Reason: "TooLarge",
			Message: fmt.Sprintf("size %d is above %d", *mc.Spec.Size, maxSize), ObservedGeneration: mc.Generation,
		})
		if err := r.writeStatus(ctx, &mc, desired); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, reconcile.TerminalError(errTooLarge)
	}

	if err := r.applyConfig(ctx, &mc); err != nil {
		return ctrl.Result{}, err
	}
	dep, err := r.applyDeployment(ctx, &mc)
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("applying deployment: %w", err)
	}
	ready := metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Progressing", ObservedGeneration: mc.Generation}
	if dep.Status.ReadyReplicas == replicas(&mc) {
		ready.Status, ready.Reason = metav1.ConditionTrue, "Available"
	}
	meta.SetStatusCondition(&desired.Conditions, ready)
	if err := r.writeStatus(ctx, &mc, desired); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.applyObservedGeneration(ctx, &mc); err != nil {
		return ctrl.Result{}, err
	}
	if mc.Spec.Image == "" {
		return ctrl.Result{RequeueAfter: digestRefresh}, nil
	}
	return ctrl.Result{}, nil
}

func replicas(mc *cachev1alpha1.Memcached) int32 {
	if mc.Spec.Size == nil {
		return 1
	}
	return *mc.Spec.Size
}

// writeStatus sends desired as a merge patch of the status, only when it differs from
// what the object has.
func (r *MemcachedReconciler) writeStatus(ctx context.Context, mc *cachev1alpha1.Memcached, desired cachev1alpha1.MemcachedStatus) error {
	if equality.Semantic.DeepEqual(mc.Status, desired) {
		return nil
	}
	base := mc.DeepCopy()
	mc.Status = desired
	return r.Status().Patch(ctx, mc, client.MergeFrom(base))
}

// applyObservedGeneration applies status.observedGeneration by Server-Side Apply,
// only when it is behind.
func (r *MemcachedReconciler) applyObservedGeneration(ctx context.Context, mc *cachev1alpha1.Memcached) error {
	statusChanged := mc.Status.ObservedGeneration != mc.Generation
	if !statusChanged {
		return nil
	}
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(cachev1alpha1.GroupVersion.WithKind("Memcached"))
	u.SetName(mc.Name)
	u.SetNamespace(mc.Namespace)
	if err := unstructured.SetNestedField(u.Object, mc.Generation, "status", "observedGeneration"); err != nil {
		return err
	}
	return r.Status().Apply(ctx, client.ApplyConfigurationFromUnstructured(u), client.FieldOwner(fieldOwner), client.ForceOwnership)
}

func (r *MemcachedReconciler) applyDeployment(ctx context.Context, mc *cachev1alpha1.Memcached) (*appsv1.Deployment, error) {
	labels := map[string]string{"app.kubernetes.io/name": "memcached", "app.kubernetes.io/instance": mc.Name}
	image := mc.Spec.Image
	if image == "" {
		image = "memcached:1.6"
	}
	dep := appsv1ac.Deployment(mc.Name, mc.Namespace).
		WithLabels(labels).
		WithOwnerReferences(metav1ac.OwnerReference().
			WithAPIVersion(cachev1alpha1.GroupVersion.String()).WithKind("Memcached").
			WithName(mc.Name).WithUID(mc.UID).WithController(true).WithBlockOwnerDeletion(true)).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(replicas(mc)).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(labels)).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels).
				WithSpec(corev1ac.PodSpec().WithContainers(corev1ac.Container().WithName("memcached").WithImage(image)))))
	if err := r.Apply(ctx, dep, client.FieldOwner(fieldOwner), client.ForceOwnership); err != nil {
		return nil, err
	}
	var live appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKeyFromObject(mc), &live); err != nil {
		return nil, err
	}
	return &live, nil
}

func (r *MemcachedReconciler) applyConfig(ctx context.Context, mc *cachev1alpha1.Memcached) error {
	var live corev1.ConfigMap
	err := r.Get(ctx, client.ObjectKeyFromObject(mc), &live)
	want := map[string]string{"memcached.conf": fmt.Sprintf("-m %d", 64*replicas(mc))}
	if err == nil && reflect.DeepEqual(live.Data, want) {
		return nil // plain Go values: reflect.DeepEqual is exact enough
	}
	cm := corev1ac.ConfigMap(mc.Name, mc.Namespace).WithData(want)
	return r.Apply(ctx, cm, client.FieldOwner(fieldOwner), client.ForceOwnership)
}

// finalize runs the cleanup, then releases the finalizer with a merge patch.
func (r *MemcachedReconciler) finalize(ctx context.Context, mc *cachev1alpha1.Memcached) error {
	if !controllerutil.ContainsFinalizer(mc, finalizer) {
		return nil
	}
	base := mc.DeepCopy()
	controllerutil.RemoveFinalizer(mc, finalizer)
	return r.Patch(ctx, mc, client.MergeFrom(base))
}

// primaryPredicate passes what Reconcile acts on: spec changes (generation), deletion
// and finalizer changes; not status updates, which the reconciler writes itself.
func primaryPredicate() predicate.Predicate {
	finalizers := predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			return !equality.Semantic.DeepEqual(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers()) ||
				!e.ObjectNew.GetDeletionTimestamp().IsZero()
		},
	}
	return predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, finalizers)
}

// SetupWithManager sets up the controller with the Manager.
func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}, builder.WithPredicates(primaryPredicate())).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: 4}).
		Named("memcached").
		Complete(r)
}
