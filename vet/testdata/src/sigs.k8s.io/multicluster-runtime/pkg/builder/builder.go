// Package builder is a stub of sigs.k8s.io/multicluster-runtime/pkg/builder, the fork
// of controller-runtime's builder for controllers of many clusters, for analysistest.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Manager stands for mcmanager.Manager.
type Manager interface{ GetName() string }

type Builder = TypedBuilder[reconcile.Request]

type TypedBuilder[request comparable] struct{ mgr Manager }

func ControllerManagedBy(m Manager) *Builder { return &Builder{mgr: m} }

type ForInput struct{ predicates []predicate.Predicate }
type OwnsInput struct{ predicates []predicate.Predicate }
type WatchesInput struct{ predicates []predicate.Predicate }

type ForOption interface{ ApplyToFor(*ForInput) }
type OwnsOption interface{ ApplyToOwns(*OwnsInput) }
type WatchesOption interface{ ApplyToWatches(*WatchesInput) }

type Predicates struct{ predicates []predicate.Predicate }

func (w Predicates) ApplyToFor(opts *ForInput)         {}
func (w Predicates) ApplyToOwns(opts *OwnsInput)       {}
func (w Predicates) ApplyToWatches(opts *WatchesInput) {}

func WithPredicates(predicates ...predicate.Predicate) Predicates { return Predicates{predicates} }

// EngageOptions chooses the clusters a watch runs in; it filters no event.
type EngageOptions struct{ local bool }

func (w EngageOptions) ApplyToFor(opts *ForInput)         {}
func (w EngageOptions) ApplyToOwns(opts *OwnsInput)       {}
func (w EngageOptions) ApplyToWatches(opts *WatchesInput) {}

func WithEngageWithLocalCluster(engage bool) EngageOptions { return EngageOptions{engage} }

func (blder *TypedBuilder[request]) For(object client.Object, opts ...ForOption) *TypedBuilder[request] {
	return blder
}

func (blder *TypedBuilder[request]) Owns(object client.Object, opts ...OwnsOption) *TypedBuilder[request] {
	return blder
}

func (blder *TypedBuilder[request]) Watches(object client.Object, eventHandler handler.TypedEventHandler[client.Object, request], opts ...WatchesOption) *TypedBuilder[request] {
	return blder
}

func (blder *TypedBuilder[request]) WithEventFilter(p predicate.Predicate) *TypedBuilder[request] {
	return blder
}

func (blder *TypedBuilder[request]) Named(name string) *TypedBuilder[request] { return blder }

func (blder *TypedBuilder[request]) Complete(r reconcile.TypedReconciler[request]) error { return nil }
