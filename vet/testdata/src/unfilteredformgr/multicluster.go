package unfilteredformgr

import (
	apiv1 "example.com/api/v1"
	"example.com/reconcilers"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	mcbuilder "sigs.k8s.io/multicluster-runtime/pkg/builder"
)

// SetupMulticluster registers the same reconcilers with multicluster-runtime's fork of
// the builder: the same chain, the same loop when For passes status-only updates.
func SetupMulticluster(mgr mcbuilder.Manager, client client.Client) error {
	if err := mcbuilder.ControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates: \*v1.Memcached has a status subresource`
		Complete(&reconcilers.MemcachedReconciler{Client: client}); err != nil {
		return err
	}
	// Choosing the clusters filters no event.
	if err := mcbuilder.ControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, mcbuilder.WithEngageWithLocalCluster(true)). // want `For\(&apiv1.Memcached{}\) without predicates`
		Complete(&reconcilers.MemcachedReconciler{Client: client}); err != nil {
		return err
	}
	if err := mcbuilder.ControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, mcbuilder.WithEngageWithLocalCluster(true), mcbuilder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(&reconcilers.MemcachedReconciler{Client: client}); err != nil {
		return err
	}
	if err := mcbuilder.ControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(&reconcilers.MemcachedReconciler{Client: client}); err != nil {
		return err
	}
	// A reconciler that writes no status of the kind is woken by others' writes, and
	// writes nothing back.
	return mcbuilder.ControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Complete(&reconcilers.LabelReconciler{Client: client})
}
