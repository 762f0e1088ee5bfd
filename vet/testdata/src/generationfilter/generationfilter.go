package generationfilter

import (
	"context"

	apiv1 "example.com/api/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *Reconciler) owned(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).                                               // want `generation predicate on Owns\(&corev1.ConfigMap{}\): \*v1.ConfigMap has no metadata.generation`
		Owns(&corev1.Secret{}, builder.WithPredicates(predicate.Or(predicate.LabelChangedPredicate{}, predicate.GenerationChangedPredicate{}))). // want `generation predicate on Owns\(&corev1.Secret{}\)`
		Watches(&corev1.Service{}, &handler.EnqueueRequestForObject{}, builder.WithPredicates(&predicate.GenerationChangedPredicate{})).         // want `generation predicate on Watches\(&corev1.Service{}\)`
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.Not[client.Object](predicate.GenerationChangedPredicate{}))).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func (r *Reconciler) global(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `generation predicate as a global WithEventFilter`
		Complete(r)
}

func (r *Reconciler) fine(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.ConfigMap{}).
		Owns(&corev1.Secret{}, builder.WithPredicates(predicate.ResourceVersionChangedPredicate{})).
		WithEventFilter(predicate.LabelChangedPredicate{}).
		// The API server keeps an EndpointSlice's generation: it moves with its endpoints.
		Watches(&discoveryv1.EndpointSlice{}, &handler.EnqueueRequestForObject{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		//opguard:ignore generationfilter the ConfigMap is only ever created, never edited
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
