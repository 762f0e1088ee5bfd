// Package predicate is a stub of sigs.k8s.io/controller-runtime/pkg/predicate for
// analysistest, as controller-runtime before 0.18 had it: Funcs and the change
// predicates are structs of their own names, with no type parameters.
package predicate

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

type Predicate interface {
	Create(event.CreateEvent) bool
	Delete(event.DeleteEvent) bool
	Update(event.UpdateEvent) bool
	Generic(event.GenericEvent) bool
}

type Funcs struct {
	CreateFunc  func(event.CreateEvent) bool
	DeleteFunc  func(event.DeleteEvent) bool
	UpdateFunc  func(event.UpdateEvent) bool
	GenericFunc func(event.GenericEvent) bool
}

func (p Funcs) Create(e event.CreateEvent) bool   { return true }
func (p Funcs) Delete(e event.DeleteEvent) bool   { return true }
func (p Funcs) Update(e event.UpdateEvent) bool   { return true }
func (p Funcs) Generic(e event.GenericEvent) bool { return true }

func NewPredicateFuncs(filter func(object client.Object) bool) Funcs { return Funcs{} }

// LabelSelectorPredicate stands for the real one (metav1.LabelSelector is an any here).
func LabelSelectorPredicate(s any) (Predicate, error) { return Funcs{}, nil }

type ResourceVersionChangedPredicate struct{ Funcs }

func (ResourceVersionChangedPredicate) Update(e event.UpdateEvent) bool { return true }

type GenerationChangedPredicate struct{ Funcs }

func (GenerationChangedPredicate) Update(e event.UpdateEvent) bool { return true }

type LabelChangedPredicate struct{ Funcs }

func (LabelChangedPredicate) Update(e event.UpdateEvent) bool { return true }

type AnnotationChangedPredicate struct{ Funcs }

func (AnnotationChangedPredicate) Update(e event.UpdateEvent) bool { return true }

func And(predicates ...Predicate) Predicate { return nil }
func Or(predicates ...Predicate) Predicate  { return nil }
func Not(predicate Predicate) Predicate     { return nil }
