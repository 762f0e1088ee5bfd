// Package statusupdatehelpers is a controller that writes status through the helpers
// of example.com/common: the helper's unguarded write is judged at each call here.
package statusupdatehelpers

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/common"
	"example.com/state"
	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, err
	}
	want := apiv1.MemcachedStatus{ObservedGeneration: obj.Generation}
	if !equality.Semantic.DeepEqual(obj.Status, want) {
		obj.Status = want
		if err := common.UpdateStatus(ctx, r.Client, &obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := common.UpdateStatus(ctx, r.Client, &obj); err != nil { // want `common.UpdateStatus writes the status of &obj with no semantic diff guarding it`
		return ctrl.Result{}, err
	}
	// A patch handed in that is a diff writes nothing unchanged.
	if err := common.PatchStatus(ctx, r.Client, &obj, client.MergeFrom(obj.DeepCopy())); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, common.PatchStatus(ctx, r.Client, &obj, client.RawPatch("merge", nil)) // want `common.PatchStatus writes the status of &obj`
}

// WriteStatus is exported and nothing here calls it: its callers, in other packages,
// are judged in its place.
func WriteStatus(ctx context.Context, c client.Client, obj *apiv1.Memcached) error { // want WriteStatus:`delegated\[2\] patch -1`
	return c.Status().Update(ctx, obj)
}

// ReconcileState writes what a state in another package hands back, only when it is
// not nil: the state returns nil when its diff finds nothing changed.
func (r *Reconciler) ReconcileState(ctx context.Context, obj apiv1.Memcached) error {
	s := state.New(obj)
	s.Observe([]string{"a"})
	events, updated := s.Apply()
	_ = events
	if updated == nil {
		return nil
	}
	return common.UpdateStatus(ctx, r.Client, updated)
}

// ReconcileAlways writes what a function returns nil for only on an error.
func (r *Reconciler) ReconcileAlways(ctx context.Context, obj apiv1.Memcached) error {
	s := state.New(obj)
	if always, err := s.Always(); err == nil && always != nil {
		return common.UpdateStatus(ctx, r.Client, always) // want `common.UpdateStatus writes the status of always`
	}
	return nil
}

// changedStatus returns the status to write, or nil when it equals the live one.
func changedStatus(obj *apiv1.Memcached, want apiv1.MemcachedStatus) *apiv1.Memcached { // want changedStatus:`nil when equal \[0\]`
	if equality.Semantic.DeepEqual(obj.Status, want) {
		return nil
	}
	out := obj.DeepCopy()
	out.Status = want
	return out
}

func (r *Reconciler) ReconcileLocal(ctx context.Context, obj *apiv1.Memcached) error {
	if updated := changedStatus(obj, apiv1.MemcachedStatus{ObservedGeneration: obj.Generation}); updated != nil {
		if err := r.Status().Update(ctx, updated); err != nil {
			return err
		}
	}
	again := changedStatus(obj, apiv1.MemcachedStatus{})
	again = obj
	if again != nil {
		return r.Status().Update(ctx, again) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// ReconcileCompared gates its write on a field-by-field comparison held in a
// variable, whatever the comparison is called.
func (r *Reconciler) ReconcileCompared(ctx context.Context, obj, next *apiv1.Memcached) error {
	inconsistent := state.Inconsistent(obj.Status, next.Status)
	if !inconsistent {
		return nil
	}
	return r.Status().Update(ctx, next)
}

// ReconcileReady asks one thing of one object: no comparison of two states.
func (r *Reconciler) ReconcileReady(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	ready := isReady(obj)
	if !ready {
		return nil
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func isReady(obj *apiv1.Memcached) bool { return len(obj.Status.Nodes) > 0 }
