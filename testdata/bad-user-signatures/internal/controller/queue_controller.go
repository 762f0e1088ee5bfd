package controller

import (
	gocontext "context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"opgen.test/golden/bad-user-signatures/api/v1"
)

// QueueReconciler fits the generated code, with import names of its own.
type QueueReconciler struct {
	client.Client
}

// NewQueueReconciler takes the manager from its own package.
func NewQueueReconciler(mgr manager.Manager) *QueueReconciler {
	return &QueueReconciler{Client: mgr.GetClient()}
}

// ReconcileQueue has the wanted signature.
func (r QueueReconciler) ReconcileQueue(ctx gocontext.Context, obj *v1.Queue) (v1.QueueStatus, Outcome, error) {
	return v1.QueueStatus{}, Outcome{}, nil
}
