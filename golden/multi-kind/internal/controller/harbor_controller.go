package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	fleetv1 "opgen.test/golden/multi-kind/api/v1"
)

// HarborReconciler reconciles Harbor objects. opgen generates its Reconcile and
// SetupWithManager (zz_generated.harbor_reconciler.go); this file is yours: add the
// fields your logic needs and set them in NewHarborReconciler.
type HarborReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewHarborReconciler builds the reconciler that SetupReconcilers registers.
func NewHarborReconciler(mgr ctrl.Manager) *HarborReconciler {
	return &HarborReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileHarbor drives the cluster toward obj.Spec and returns the status to record.
//
// It never writes status itself: the generated Reconcile writes what it returns with
// ApplyHarborStatus, and only when that differs from what is stored, so returning the
// same status again costs nothing. Start from an empty status and set what this operator
// owns; fields other writers own are not yours to return.
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is recorded in
// the Ready condition and not retried. Any other error is retried with backoff. Ask for
// a later look only for state no watch reports, with Outcome{RequeueAfter: d}.
func (r *HarborReconciler) ReconcileHarbor(ctx context.Context, obj *fleetv1.Harbor) (fleetv1.HarborStatus, Outcome, error) {
	log := logf.FromContext(ctx)
	status := fleetv1.HarborStatus{}
	// Create or apply the objects obj.Spec asks for here.
	log.V(1).Info("reconciling", "generation", obj.Generation)
	return status, Outcome{}, nil
}

// CleanupHarbor releases what obj holds outside the cluster before it is deleted. The
// generated Reconcile calls it once obj is being deleted, then removes the finalizer
// fleet.example.com/moorings; an error keeps the finalizer and is retried.
func (r *HarborReconciler) CleanupHarbor(ctx context.Context, obj *fleetv1.Harbor) error {
	logf.FromContext(ctx).V(1).Info("cleaning up", "finalizer", "fleet.example.com/moorings")
	return nil
}
