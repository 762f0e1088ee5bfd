// Package manager is a stub of sigs.k8s.io/controller-runtime/pkg/manager for analysistest.
package manager

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Manager interface {
	GetClient() client.Client
	GetAPIReader() client.Reader
}

// Runnable is a task the manager starts once.
type Runnable interface {
	Start(ctx context.Context) error
}

// RunnableFunc is a function that is a Runnable.
type RunnableFunc func(context.Context) error

// Start calls r.
func (r RunnableFunc) Start(ctx context.Context) error { return r(ctx) }
