// Package statusupdategated holds the writes statusupdate leaves alone by default
// and reports with -gated: writes a test of the stored status against a constant
// gates (a case of a switch on the state, an early exit on a final state, a bool
// field, a condition's status, a method of the API that does one of these), which no
// rule proves a change. Writes that nothing on the way to them reads the stored
// status of are reported either way, and so are those gated only by the status of
// another object.
package statusupdategated

import (
	"context"

	apiv1 "example.com/api/v1"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	switch obj.Status.State {
	case "Running":
		return ctrl.Result{}, r.running(ctx, &obj)
	case "Degraded":
		obj.Status.Message = "degraded"
		return ctrl.Result{}, r.Status().Update(ctx, &obj) // gated
	}
	return ctrl.Result{}, r.plain(ctx, &obj)
}

// running is called only in one state: its write is gated by its caller's case.
func (r *Reconciler) running(ctx context.Context, obj *apiv1.Memcached) error { // want running:"fills Message"
	obj.Status.Message = "running"
	return r.Status().Update(ctx, obj) // gated
}

// plain writes on every pass that reaches it; nothing on the way reads the status.
func (r *Reconciler) plain(ctx context.Context, obj *apiv1.Memcached) error { // want plain:"fills ObservedGeneration, Message"
	obj.Status.ObservedGeneration = obj.Generation
	obj.Status.Message = "reconciled"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
}

// A write after an early exit on a final state.
func (r *Reconciler) afterFinal(ctx context.Context, obj *apiv1.Memcached) error {
	if obj.Status.State == "Done" {
		return nil
	}
	obj.Status.Message = "working"
	return r.Status().Update(ctx, obj) // gated
}

// A write behind a bool field, behind a condition asked of the meta package, and
// behind a method of the API that compares the state with a constant.
func (r *Reconciler) behindTests(ctx context.Context, obj *apiv1.Memcached) error {
	if !obj.Status.Reserved {
		obj.Status.Message = "waiting"
		if err := r.Status().Update(ctx, obj); err != nil { // gated
			return err
		}
	}
	if meta.IsStatusConditionTrue(obj.Status.Conditions, apiv1.ConditionReady) {
		obj.Status.Message = "ready"
		if err := r.Status().Update(ctx, obj); err != nil { // gated
			return err
		}
	}
	if obj.IsRunning() {
		obj.Status.Message = "still running"
		return r.Status().Update(ctx, obj) // gated
	}
	return nil
}

// An error branch reads no status: its write is sent on every failed pass.
func (r *Reconciler) onError(ctx context.Context, obj *apiv1.Memcached, step func() error) error {
	if err := step(); err != nil {
		obj.Status.Message = err.Error()
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}

// The status of another object (a child's) gates nothing of this one's.
func (r *Reconciler) childGated(ctx context.Context, obj *apiv1.Memcached) error {
	var dep appsv1.Deployment
	if err := r.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name}, &dep); err != nil {
		return err
	}
	if dep.Status.ReadyReplicas > 0 {
		obj.Status.Message = "available"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff guarding it`
	}
	return nil
}
