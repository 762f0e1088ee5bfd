// Package requeuesentinel returns Results with errors that never reach
// controller-runtime: sentinels its Reconcile turns into a nil error, and errors that
// are nil where they are returned.
package requeuesentinel

import (
	"context"
	"errors"
	"time"

	"example.com/loop"
	ctrl "sigs.k8s.io/controller-runtime"
)

// errWait is this package's name for another package's sentinel.
var errWait = loop.ErrNextLoop

var errGone = errors.New("gone")

var errFatal = errors.New("fatal")

type Reconciler struct{ ready, done bool }

// Reconcile hands controller-runtime the sub-reconciler's Result alone when it says
// "wait" (either spelling of the sentinel), and after "gone".
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res, err := r.reconcile(ctx)
	if errors.Is(err, errWait) {
		return res, nil
	}
	if err == errGone {
		return ctrl.Result{}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	// err is nil from here: the Result is obeyed.
	if r.done {
		return ctrl.Result{RequeueAfter: time.Hour}, err
	}
	err = r.step(ctx)
	return ctrl.Result{RequeueAfter: time.Hour}, err // want `RequeueAfter returned with an error`
}

func (r *Reconciler) reconcile(ctx context.Context) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{RequeueAfter: time.Minute}, errWait
	}
	if r.done {
		return ctrl.Result{RequeueAfter: time.Minute}, loop.ErrNextLoop
	}
	if ctx == nil {
		return ctrl.Result{RequeueAfter: time.Minute}, errGone
	}
	if ctx.Err() != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, errFatal // want `RequeueAfter returned with an error`
	}
	if err := r.step(ctx); err == nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err
	} else {
		// One finding for the literal's two faults.
		return ctrl.Result{Requeue: true}, err // want `^Requeue returned with an error: controller-runtime ignores the Result when the error is not nil and retries with backoff instead \(and Requeue is deprecated besides\)`
	}
}

func (r *Reconciler) step(ctx context.Context) error { return ctx.Err() }
