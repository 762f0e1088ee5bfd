package guarded

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
)

// This file is the user's side of the guarded operator: the same logic as the naive
// operators (a phase, a timestamp on every reconcile, the generation, a Ready
// condition), written the way opgen asks: it returns the status, it never writes it.

// CacheReconciler reconciles Cache objects.
type CacheReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewCacheReconciler builds the reconciler that SetupReconcilers registers.
func NewCacheReconciler(mgr ctrl.Manager) *CacheReconciler {
	return &CacheReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// ReconcileCache returns the status the naive operators write.
func (r *CacheReconciler) ReconcileCache(_ context.Context, obj *stormv1.Cache) (stormv1.CacheStatus, Outcome, error) {
	now := metav1.Now()
	status := stormv1.CacheStatus{Phase: "Running", LastReconcileTime: &now}
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type: ReadyCondition, Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: fmt.Sprintf("%d nodes", obj.Spec.Size),
	})
	return status, Outcome{}, nil
}
