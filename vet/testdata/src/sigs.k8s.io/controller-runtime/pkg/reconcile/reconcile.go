// Package reconcile is a stub of sigs.k8s.io/controller-runtime/pkg/reconcile for analysistest.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
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

// TypedFunc is a function that implements the reconcile interface.
type TypedFunc[request comparable] func(context.Context, request) (Result, error)

// Func is a function that implements the reconcile interface.
type Func = TypedFunc[Request]

func (r TypedFunc[request]) Reconcile(ctx context.Context, req request) (Result, error) {
	return r(ctx, req)
}

// ObjectReconciler is a reconciler handed the object itself.
type ObjectReconciler[object client.Object] interface {
	Reconcile(context.Context, object) (Result, error)
}

// AsReconciler makes an ObjectReconciler a Reconciler: it reads the object and hands
// it on.
func AsReconciler[object client.Object](c client.Client, rec ObjectReconciler[object]) Reconciler {
	return nil
}
