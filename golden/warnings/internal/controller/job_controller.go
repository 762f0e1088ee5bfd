package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	warningsv1 "opgen.test/golden/warnings/api/v1"
)

// JobReconciler reconciles Job objects. opgen generates its Reconcile and
// SetupWithManager (zz_generated.job_reconciler.go); this file is yours: add the
// fields your logic needs and set them in NewJobReconciler.
type JobReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewJobReconciler builds the reconciler that SetupReconcilers registers.
func NewJobReconciler(mgr ctrl.Manager) *JobReconciler {
	return &JobReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileJob drives the cluster toward obj.Spec and returns the status to record.
//
// It never writes status itself: the generated Reconcile writes what it returns with
// ApplyJobStatus, and only when that differs from what is stored, so returning the
// same status again costs nothing. Start from an empty status and set what this operator
// owns; fields other writers own are not yours to return.
//
// Errors: wrap one that no retry can fix with Terminal(reason, err); it is recorded in
// the Ready condition and not retried. Any other error is retried with backoff. Ask for
// a later look only for state no watch reports, with Outcome{RequeueAfter: d}.
func (r *JobReconciler) ReconcileJob(ctx context.Context, obj *warningsv1.Job) (warningsv1.JobStatus, Outcome, error) {
	log := logf.FromContext(ctx)
	status := warningsv1.JobStatus{}
	// Create or apply the objects obj.Spec asks for here.
	log.V(1).Info("reconciling", "generation", obj.Generation)
	return status, Outcome{}, nil
}
