// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source before 0.15 for
// analysistest: Kind is a struct naming the object's type.
package source

import "sigs.k8s.io/controller-runtime/pkg/client"

type Source interface{ Start() error }

// Kind watches objects of one kind.
type Kind struct {
	Type client.Object
}

func (*Kind) Start() error { return nil }
