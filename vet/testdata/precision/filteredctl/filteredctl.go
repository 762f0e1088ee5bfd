// Package filteredctl wires package statuswriter's reconciler for Memcacheds, passing
// only the updates that change their generation.
package filteredctl

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
	"opgen.test/precision/statuswriter"
)

// Setup wires the controller.
func Setup(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(&statuswriter.Reconciler{Client: mgr.GetClient()})
}
