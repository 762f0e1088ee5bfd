package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Constructors: a condition made by a function that takes its type and status as
// parameters, called by one that hands it constants, is a condition of that type and
// status, as a literal is.

type conditionType string

const typeCreated conditionType = "Created"

func newCondition(t conditionType, s metav1.ConditionStatus, gen int64) metav1.Condition { // want newCondition:`makes condition \$1 \$2`
	return metav1.Condition{Type: string(t), Status: s, ObservedGeneration: gen}
}

func createdCondition(gen int64) metav1.Condition { // want createdCondition:`makes condition "Created" True`
	return newCondition(typeCreated, metav1.ConditionTrue, gen)
}

func (r *Reconciler) isCreated(obj *apiv1.Memcached) bool {
	return meta.FindStatusCondition(obj.Status.Conditions, string(typeCreated)) != nil
}

// Not reported: written only when Created is absent, which the write adds.
func (r *Reconciler) create(ctx context.Context, obj *apiv1.Memcached) error {
	if r.isCreated(obj) {
		return r.refresh(ctx, obj)
	}
	obj.Status.ObservedGeneration = obj.Generation
	meta.SetStatusCondition(&obj.Status.Conditions, createdCondition(obj.Generation))
	return r.Status().Update(ctx, obj)
}

// Another type set than the one found absent.
func (r *Reconciler) createOther(ctx context.Context, obj *apiv1.Memcached) error {
	if r.isCreated(obj) {
		return r.refresh(ctx, obj)
	}
	meta.SetStatusCondition(&obj.Status.Conditions, newCondition("Ready", metav1.ConditionTrue, obj.Generation))
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A type not known where it is made.
func (r *Reconciler) createAny(ctx context.Context, obj *apiv1.Memcached, t conditionType) error {
	if r.isCreated(obj) {
		return r.refresh(ctx, obj)
	}
	meta.SetStatusCondition(&obj.Status.Conditions, newCondition(t, metav1.ConditionTrue, obj.Generation))
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// refresh writes what the pass observed once created; its callers call it behind a
// test of the stored status (rule 9).
func (r *Reconciler) refresh(ctx context.Context, obj *apiv1.Memcached) error { // want refresh:"fills Nodes"
	obj.Status.Nodes = []string{"observed"}
	return r.Status().Update(ctx, obj)
}
