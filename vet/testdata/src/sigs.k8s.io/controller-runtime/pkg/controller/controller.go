// Package controller is a stub of sigs.k8s.io/controller-runtime/pkg/controller for analysistest.
package controller

import "sigs.k8s.io/controller-runtime/pkg/reconcile"

type Options = TypedOptions[reconcile.Request]

type TypedOptions[request comparable] struct {
	MaxConcurrentReconciles int
	NeedLeaderElection      *bool
}

type TypedController[request comparable] interface{}

type Controller = TypedController[reconcile.Request]
