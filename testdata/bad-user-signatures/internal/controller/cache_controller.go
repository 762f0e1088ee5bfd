package controller

import (
	"context"

	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"

	workv1 "opgen.test/golden/bad-user-signatures/api/v1"
)

// CacheReconciler holds its client in a named field, as some real operators do.
type CacheReconciler struct {
	Client   client.Client
	Recorder record.EventRecorder
}

// NewCacheReconciler takes its dependencies one by one.
func NewCacheReconciler(c client.Client, recorder record.EventRecorder) *CacheReconciler {
	return &CacheReconciler{Client: c, Recorder: recorder}
}

// ReconcileCache takes the object by value.
func (r *CacheReconciler) ReconcileCache(ctx context.Context, obj workv1.Cache) (workv1.CacheStatus, Outcome, error) {
	return workv1.CacheStatus{}, Outcome{}, nil
}

// CleanupCache reports whether it finished.
func (r *CacheReconciler) CleanupCache(ctx context.Context, obj *workv1.Cache) (bool, error) {
	return true, nil
}
