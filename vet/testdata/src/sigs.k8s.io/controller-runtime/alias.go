// Package controllerruntime is a stub of sigs.k8s.io/controller-runtime (ctrl) for analysistest.
package controllerruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Builder = builder.Builder
type Request = reconcile.Request
type Result = reconcile.Result
type Manager = manager.Manager

var NewControllerManagedBy = builder.ControllerManagedBy

var CreateOrUpdate = controllerutil.CreateOrUpdate
