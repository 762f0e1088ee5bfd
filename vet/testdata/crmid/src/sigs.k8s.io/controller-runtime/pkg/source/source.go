// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source of 0.15 to 0.17
// for analysistest: Kind takes the cache and the object only.
package source

import "sigs.k8s.io/controller-runtime/pkg/client"

type Source interface{ Start() error }

type kind struct{}

func (kind) Start() error { return nil }

// Kind watches objects of one kind from a cache (any stands for cache.Cache).
func Kind(cache any, obj client.Object) Source { return kind{} }
