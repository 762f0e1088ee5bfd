// Package requeuechain is a reconciler made of sub-reconcilers, whose Results its
// Reconcile reads: dropping Requeue from one would make the chain go on.
package requeuechain

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

type step func(ctx context.Context) (ctrl.Result, error)

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for _, s := range []step{r.ensureConfig, r.ensureDeployment} {
		res, err := s(ctx)
		if err != nil || res.Requeue {
			return res, err
		}
	}
	return ctrl.Result{Requeue: true, RequeueAfter: time.Hour}, nil // want `RequeueAfter alone already requeues \(no fix offered: this package reads a Result's Requeue`
}

func (r *Reconciler) ensureConfig(ctx context.Context) (ctrl.Result, error) {
	return ctrl.Result{Requeue: true, RequeueAfter: 30 * time.Second}, nil // want `RequeueAfter alone already requeues \(no fix offered: this package reads`
}

func (r *Reconciler) ensureDeployment(ctx context.Context) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
