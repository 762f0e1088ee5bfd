// Package finalizer is a stub of controller-runtime's finalizer package: the
// Finalizers registry and the Result its Finalize returns.
package finalizer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Result says what the finalizers changed in the object.
type Result struct {
	// Updated is true when a finalizer changed the object's metadata or spec.
	Updated bool
	// StatusUpdated is true when a finalizer changed the object's status.
	StatusUpdated bool
}

// Finalizer finalizes an object.
type Finalizer interface {
	Finalize(context.Context, client.Object) (Result, error)
}

// Finalizers runs the finalizers registered with it.
type Finalizers interface {
	Register(key string, f Finalizer) error
	Finalize(context.Context, client.Object) (Result, error)
}

// NewFinalizers returns an empty registry.
func NewFinalizers() Finalizers { return nil }
