package unfilteredfor

import (
	"context"

	apiv1 "example.com/api/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// kubebuilder's scaffold.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates: \*v1.Memcached has a status subresource`
		Owns(&appsv1.Deployment{}).
		Named("memcached").
		Complete(r)
}

func (r *Reconciler) typed(mgr ctrl.Manager) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).For(&apiv1.Memcached{}).Complete(r) // want `For\(&apiv1.Memcached{}\) without predicates`
}

func (r *Reconciler) withPredicates(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func (r *Reconciler) withEventFilter(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

func (r *Reconciler) inSteps(mgr ctrl.Manager, filter bool) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{})
	if filter {
		b = b.WithEventFilter(predicate.ResourceVersionChangedPredicate{})
	}
	return b.Complete(r)
}

func (r *Reconciler) inStepsNoFilter(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr)
	b = b.For(&apiv1.Memcached{}) // want `For\(&apiv1.Memcached{}\) without predicates`
	return b.Complete(r)
}

// No status subresource: no loop to feed.
func (r *Reconciler) noStatus(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&apiv1.Plain{}).Complete(r); err != nil {
		return err
	}
	// Built-in kinds are not custom resources.
	if err := ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r); err != nil {
		return err
	}
	//opguard:ignore unfilteredfor the reconciler never writes status
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}
