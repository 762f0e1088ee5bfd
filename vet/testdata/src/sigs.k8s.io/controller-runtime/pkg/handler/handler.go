// Package handler is a stub of sigs.k8s.io/controller-runtime/pkg/handler for analysistest.
package handler

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type TypedEventHandler[object any, request comparable] interface {
	Handle(object)
}

type EventHandler = TypedEventHandler[client.Object, reconcile.Request]

type EnqueueRequestForObject = TypedEnqueueRequestForObject[client.Object]

type TypedEnqueueRequestForObject[object client.Object] struct{}

func (TypedEnqueueRequestForObject[object]) Handle(object) {}

type MapFunc = func(context.Context, client.Object) []reconcile.Request

func EnqueueRequestsFromMapFunc(fn MapFunc) EventHandler { return EnqueueRequestForObject{} }
