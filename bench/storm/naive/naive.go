package naive

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// Reconciler is a naive Cache reconciler.
type Reconciler struct {
	client.Client
	// Patch writes with a merge patch instead of an update.
	Patch bool
}

// Reconcile writes status, whether or not anything changed.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj stormv1.Cache
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.ensureOwned(ctx, &obj); err != nil {
		return ctrl.Result{}, err
	}
	orig := obj.DeepCopy()
	now := metav1.Now()
	obj.Status.Phase = "Running"
	obj.Status.LastReconcileTime = &now
	obj.Status.ObservedGeneration = obj.Generation
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: fmt.Sprintf("%d nodes", obj.Spec.Size), ObservedGeneration: obj.Generation,
	})
	var err error
	if r.Patch {
		err = r.Status().Patch(ctx, &obj, client.MergeFrom(orig))
	} else {
		err = r.Status().Update(ctx, &obj)
	}
	return ctrl.Result{}, err
}

// ensureOwned keeps the Deployment and ConfigMap as kubebuilder's examples do:
// CreateOrUpdate, which reads the cache, mutates, and sends an Update (with the cached
// resourceVersion) when the mutation changed something.
func (r *Reconciler) ensureOwned(ctx context.Context, obj *stormv1.Cache) error {
	labels := map[string]string{"app": "cache", "instance": obj.Name}
	image := obj.Spec.Image
	if image == "" {
		image = "cache:1"
	}
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: obj.Name, Namespace: obj.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Labels = labels
		dep.Spec.Replicas = &obj.Spec.Size
		dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: labels}
		dep.Spec.Template.Labels = labels
		if len(dep.Spec.Template.Spec.Containers) == 0 {
			dep.Spec.Template.Spec.Containers = []corev1.Container{{Name: "cache"}}
		}
		dep.Spec.Template.Spec.Containers[0].Image = image
		return controllerutil.SetControllerReference(obj, dep, r.Scheme())
	}); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: obj.Name, Namespace: obj.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Labels = labels
		cm.Data = map[string]string{"size": fmt.Sprint(obj.Spec.Size)}
		return controllerutil.SetControllerReference(obj, cm, r.Scheme())
	})
	return err
}

// SetupWithManager watches every change of the kind and of what it owns.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&stormv1.Cache{}).
		Owns(&appsv1.Deployment{}).Owns(&corev1.ConfigMap{}).
		Named("cache").Complete(r)
}
