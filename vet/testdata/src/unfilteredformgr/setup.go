// Package unfilteredformgr is an operator's manager set-up: it registers reconcilers
// declared in another package, which write the status of the kinds it watches.
package unfilteredformgr

import (
	apiv1 "example.com/api/v1"
	"example.com/reconcilers"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

func Setup(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates: \*v1.Memcached has a status subresource`
		Complete(&reconcilers.MemcachedReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	// A reconciler that writes no status of the kind is woken by others' writes, and
	// writes nothing back.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Complete(&reconcilers.LabelReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(&reconcilers.MemcachedReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	// The reconciler writes the status through an interface of one implementation.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates: \*v1.Memcached has a status subresource`
		Complete(&reconcilers.ManagedReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	// Through an interface of two: not known to write.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Complete(&reconcilers.SyncingReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	c, err := controller.New("memcached", mgr, controller.Options{Reconciler: &reconcilers.MemcachedReconciler{Client: mgr.GetClient()}})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(nil, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject[*apiv1.Memcached]{})) // want `source.Kind\(…, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject\[\*apiv1.Memcached\]{}\) without predicates`
}
