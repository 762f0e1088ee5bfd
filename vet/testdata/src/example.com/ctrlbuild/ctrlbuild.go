// Package ctrlbuild is a project's own controller builder: it stores the object its
// For is handed and, at Complete, hands it to controller-runtime's For with the
// predicates every controller of the project gets.
package ctrlbuild

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Builder struct {
	mgr   ctrl.Manager
	obj   client.Object
	preds []predicate.Predicate
}

func Build(mgr ctrl.Manager) *Builder { return &Builder{mgr: mgr} }

// For stores the primary kind: Complete watches it through a filtered For.
func (b *Builder) For(obj client.Object) *Builder {
	b.obj = obj
	return b
}

func (b *Builder) WithPredicates(p ...predicate.Predicate) *Builder {
	b.preds = append(b.preds, p...)
	return b
}

// Complete adds GenerationChangedPredicate to For: status-only updates reconcile
// nothing.
func (b *Builder) Complete(r reconcile.Reconciler) error {
	preds := append(b.preds, predicate.GenerationChangedPredicate{})
	return ctrl.NewControllerManagedBy(b.mgr).For(b.obj, builder.WithPredicates(preds...)).Complete(r)
}

// Plain is a builder whose For passes every update: no fact.
type Plain struct {
	mgr ctrl.Manager
	obj client.Object
}

func (p *Plain) For(obj client.Object) *Plain {
	p.obj = obj
	return p
}

func (p *Plain) Complete(r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(p.mgr).For(p.obj).Complete(r)
}

func BuildPlain(mgr ctrl.Manager) *Plain { return &Plain{mgr: mgr} }
