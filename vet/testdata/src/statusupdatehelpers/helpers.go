// Package statusupdatehelpers is a controller that writes status through the helpers
// of example.com/common: the helper's unguarded write is judged at each call here.
package statusupdatehelpers

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/common"
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
