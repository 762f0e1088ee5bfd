package controller

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/golden/every-marker/api/v1alpha1"
)

// This file is the user's side of the every-marker case, written by hand the way an
// operator author fills in what opgen scaffolds. Its logic is steered by spec.image so
// that the behaviour tests can provoke each path: "terminal" fails for good,
// "transient" fails twice and then succeeds, anything else succeeds.

// MemcachedReconciler reconciles Memcached objects.
type MemcachedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// NewMemcachedReconciler builds the reconciler that SetupReconcilers registers.
func NewMemcachedReconciler(mgr ctrl.Manager) *MemcachedReconciler {
	return &MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
}

// Calls records what the logic was asked to do, for the tests.
var Calls = struct {
	Reconciles atomic.Int64
	Cleanups   atomic.Int64
	mu         sync.Mutex
	attempts   map[types.UID][]time.Time
}{attempts: map[types.UID][]time.Time{}}

// Attempts returns when the logic ran for an object.
func Attempts(uid types.UID) []time.Time {
	Calls.mu.Lock()
	defer Calls.mu.Unlock()
	return append([]time.Time(nil), Calls.attempts[uid]...)
}

// ReconcileMemcached reports one node per replica and a Ready condition.
func (r *MemcachedReconciler) ReconcileMemcached(ctx context.Context, obj *cachev1alpha1.Memcached) (cachev1alpha1.MemcachedStatus, Outcome, error) {
	Calls.Reconciles.Add(1)
	Calls.mu.Lock()
	Calls.attempts[obj.UID] = append(Calls.attempts[obj.UID], time.Now())
	n := len(Calls.attempts[obj.UID])
	Calls.mu.Unlock()

	status := cachev1alpha1.MemcachedStatus{
		// Volatile: a new time on every call never causes a write by itself.
		LastReconcileTime: &metav1.Time{Time: time.Now()},
	}
	switch obj.Spec.Image {
	case "terminal":
		return status, Outcome{}, Terminal("InvalidImage", errors.New(`image "terminal" can never run`))
	case "transient":
		if n <= 2 {
			return status, Outcome{}, fmt.Errorf("registry unavailable (attempt %d)", n)
		}
	}
	for i := int32(0); i < obj.Spec.Size; i++ {
		status.Nodes = append(status.Nodes, fmt.Sprintf("%s-%d", obj.Name, i))
	}
	meta.SetStatusCondition(&status.Conditions, metav1.Condition{
		Type: ReadyCondition, Status: metav1.ConditionTrue, Reason: "Reconciled",
		Message: fmt.Sprintf("%d nodes", obj.Spec.Size),
	})
	return status, Outcome{}, nil
}

// CleanupMemcached is called once the object is being deleted.
func (r *MemcachedReconciler) CleanupMemcached(ctx context.Context, obj *cachev1alpha1.Memcached) error {
	Calls.Cleanups.Add(1)
	return nil
}
