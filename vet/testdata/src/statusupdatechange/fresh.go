package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type freshReconciler struct{ client.Client }

// The object read again by its own key is the object as stored: leaving when it is
// already Failed makes the write below a move into Failed. A failed read is no pass
// of the steady loop.
func (r *freshReconciler) fail(ctx context.Context, obj *apiv1.Memcached) error {
	var stored apiv1.Memcached
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &stored); err == nil && stored.Status.State == "Failed" {
		return nil
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj)
}

// The same, its key spelled field by field and the read's error kept in a variable.
func (r *freshReconciler) finish(ctx context.Context, obj *apiv1.Memcached) error {
	current := &apiv1.Memcached{}
	err := r.Get(ctx, types.NamespacedName{Name: obj.Name, Namespace: obj.Namespace}, current)
	if current.Status.State == "Done" && err == nil {
		return nil
	}
	obj.Status.State = "Done"
	return r.Status().Update(ctx, obj)
}

// A read of another object (the parent named in the spec) says nothing of the
// written one's stored status.
func (r *freshReconciler) failOther(ctx context.Context, obj *apiv1.Memcached, parentName string) error {
	var parent apiv1.Memcached
	if err := r.Get(ctx, types.NamespacedName{Name: parentName, Namespace: "default"}, &parent); err == nil && parent.Status.State == "Failed" {
		return nil
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

// A test of the fresh read that the write does not answer (another field) is none.
func (r *freshReconciler) failElse(ctx context.Context, obj *apiv1.Memcached) error {
	var stored apiv1.Memcached
	if err := r.Get(ctx, client.ObjectKeyFromObject(obj), &stored); err == nil && stored.Status.Message == "gone" {
		return nil
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

// An error that is not a read's says nothing: past it the test may be true.
func (r *freshReconciler) failChecked(ctx context.Context, obj *apiv1.Memcached, check func() error) error {
	var stored apiv1.Memcached
	_ = r.Get(ctx, client.ObjectKeyFromObject(obj), &stored)
	if err := check(); err == nil && stored.Status.State == "Failed" {
		return nil
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

func (r *freshReconciler) run(ctx context.Context, obj *apiv1.Memcached) {
	_ = r.fail(ctx, obj)
	_ = r.finish(ctx, obj)
	_ = r.failOther(ctx, obj, "p")
	_ = r.failElse(ctx, obj)
	_ = r.failChecked(ctx, obj, nil)
}
