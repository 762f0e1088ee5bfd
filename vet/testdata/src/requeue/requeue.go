package requeue

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const poll = 2 * time.Second

type Reconciler struct{ ready bool }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if !r.ready {
		return ctrl.Result{Requeue: true}, nil // want `Requeue is deprecated: .*use RequeueAfter, with a delay of 5s or more`
	}
	if req.Name == "a" {
		return reconcile.Result{Requeue: true, RequeueAfter: time.Minute}, nil // want `Requeue is deprecated: .*RequeueAfter alone already requeues`
	}
	if req.Name == "b" {
		return ctrl.Result{RequeueAfter: time.Second}, nil // want `RequeueAfter of 1s is below 5s: `
	}
	if req.Name == "c" {
		return ctrl.Result{RequeueAfter: poll}, nil // want `RequeueAfter of 2s is below 5s`
	}
	if req.Name == "d" {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, errors.New("x") // want `RequeueAfter returned with an error: controller-runtime ignores the Result`
	}
	var res ctrl.Result
	res.Requeue = r.ready                     // want `Requeue is deprecated`
	res.RequeueAfter = time.Millisecond * 500 // want `RequeueAfter of 500ms is below 5s`
	res.RequeueAfter = 10 * time.Second
	return res, nil
}

func fine(ctx context.Context, d time.Duration, err error) (reconcile.Result, error) {
	if d > 0 {
		return reconcile.Result{RequeueAfter: d}, nil // computed: not judged
	}
	if err != nil {
		return reconcile.Result{}, reconcile.TerminalError(err)
	}
	if ctx == nil {
		return reconcile.Result{RequeueAfter: 0, Requeue: false}, err
	}
	//opguard:ignore requeue the external API rate-limits us to one call a second
	return reconcile.Result{RequeueAfter: time.Second}, nil
}

// A helper's Result goes to whoever called it: no fix.
func helper() (ctrl.Result, error) {
	return ctrl.Result{Requeue: true, RequeueAfter: time.Minute}, nil // want `RequeueAfter alone already requeues \(no fix offered: the Result is not returned straight to controller-runtime`
}
