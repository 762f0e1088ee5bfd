// Package ctl reconciles the Seat of the API module beside it.
package ctl

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	seatv1 "opgen.test/seatapi/v1"
)

type SeatReconciler struct {
	client.Client
}

func (r *SeatReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var seat seatv1.Seat
	if err := r.Get(ctx, req.NamespacedName, &seat); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	seat.Status.Holder = req.Name
	if err := r.Status().Patch(ctx, &seat, client.Merge); err != nil { // unguarded
		return ctrl.Result{}, err
	}
	if seat.IsConditionTrue(seatv1.Expired) {
		return ctrl.Result{}, nil
	}
	meta.SetStatusCondition(&seat.Status.Conditions, metav1.Condition{Type: seatv1.Expired, Status: metav1.ConditionTrue, Reason: "Expired"})
	return ctrl.Result{}, r.Status().Patch(ctx, &seat, client.Merge) // guarded: the API module's method reads the condition
}

func (r *SeatReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&seatv1.Seat{}).Complete(r)
}
