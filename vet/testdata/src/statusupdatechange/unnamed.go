package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Unnamed reports a failed read in the status of the object it could not read: a Get
// that fails leaves its object as it was, and an object declared empty has no name,
// so the client refuses the write before it is sent.
type Unnamed struct {
	*Reconciler
}

// Not reported: obj is empty in the Get's failure branch.
func (r *Unnamed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "ReadFailed", Message: err.Error()})
		_ = r.Status().Update(ctx, &obj)
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Not reported: the same with a pointer declared empty and the error checked apart.
func (r *Unnamed) pointer(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	err := r.Get(ctx, req.NamespacedName, obj)
	if err != nil {
		obj.Status.State = "Unknown"
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// Reported: the object was named before the Get, so the write reaches the server.
func (r *Unnamed) named(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	obj.Name, obj.Namespace = req.Name, req.Namespace
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		obj.Status.State = "Unknown"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: a literal with a name is no empty object.
func (r *Unnamed) literal(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		obj.Status.State = "Unknown"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// Reported: another read in the failure branch may fill it.
func (r *Unnamed) again(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
			return err
		}
		obj.Status.State = "Unknown"
		return r.Status().Update(ctx, &obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
