// Package reconcile is a stub of sigs.k8s.io/controller-runtime/pkg/reconcile for analysistest.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

type Result struct {
	// Deprecated: Use `RequeueAfter` instead.
	Requeue      bool
	RequeueAfter time.Duration
	Priority     *int
}

type Request struct {
	types.NamespacedName
}

type TypedReconciler[request comparable] interface {
	Reconcile(context.Context, request) (Result, error)
}

type Reconciler = TypedReconciler[Request]

func TerminalError(wrapped error) error { return wrapped }
