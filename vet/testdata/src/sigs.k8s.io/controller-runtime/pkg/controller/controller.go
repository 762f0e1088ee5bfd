// Package controller is a stub of sigs.k8s.io/controller-runtime/pkg/controller for analysistest.
package controller

import (
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Options = TypedOptions[reconcile.Request]

type TypedOptions[request comparable] struct {
	MaxConcurrentReconciles int
	Reconciler              reconcile.TypedReconciler[request]
	NeedLeaderElection      *bool
}

type TypedController[request comparable] interface {
	Watch(src source.Source) error
}

func New(name string, mgr manager.Manager, options Options) (Controller, error) { return nil, nil }

type Controller = TypedController[reconcile.Request]
