// Package builder is a stub of sigs.k8s.io/controller-runtime/pkg/builder for analysistest.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Builder = TypedBuilder[reconcile.Request]

type TypedBuilder[request comparable] struct{ mgr manager.Manager }

func ControllerManagedBy(m manager.Manager) *Builder { return &Builder{mgr: m} }

func TypedControllerManagedBy[request comparable](m manager.Manager) *TypedBuilder[request] {
	return &TypedBuilder[request]{mgr: m}
}

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

func (blder *TypedBuilder[request]) WithOptions(options controller.TypedOptions[request]) *TypedBuilder[request] {
	return blder
}

func (blder *TypedBuilder[request]) Named(name string) *TypedBuilder[request] { return blder }

func (blder *TypedBuilder[request]) Complete(r reconcile.TypedReconciler[request]) error { return nil }
