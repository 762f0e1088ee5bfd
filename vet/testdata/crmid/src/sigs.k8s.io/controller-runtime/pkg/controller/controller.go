// Package controller is a stub of sigs.k8s.io/controller-runtime/pkg/controller before
// 0.18 for analysistest: Watch takes the handler and the predicates.
package controller

import (
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Options = TypedOptions[reconcile.Request]

type TypedOptions[request comparable] struct {
	MaxConcurrentReconciles int
	Reconciler              reconcile.TypedReconciler[request]
}

type Controller interface {
	Watch(src source.Source, eventhandler handler.EventHandler, predicates ...predicate.Predicate) error
}

func New(name string, mgr manager.Manager, options Options) (Controller, error) { return nil, nil }
