// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source for analysistest.
package source

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Source interface{ Start() error }

type kind struct{}

func (kind) Start() error { return nil }

// Kind watches objects of one kind from a cache (any stands for cache.Cache).
func Kind[object client.Object](cache any, obj object, h handler.TypedEventHandler[object, reconcile.Request], predicates ...predicate.TypedPredicate[object]) Source {
	return kind{}
}
