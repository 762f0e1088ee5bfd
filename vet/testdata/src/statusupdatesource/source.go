// Package statusupdatesource wires its controllers with controller.New and
// c.Watch(source.Kind(…)) instead of the builder: a watch with a predicate that
// decides, or with a handler of its own, filters update events; one with neither
// does not.
package statusupdatesource

import (
	"context"

	apiv1 "example.com/api/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Status().Update(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	var obj apiv1.Memcached
	if err := r.Status().Update(ctx, &obj); err != nil {
		return ctrl.Result{}, err
	}
	var other apiv1.Watched
	return ctrl.Result{}, r.Status().Update(ctx, &other) // want `r.Status\(\).Update writes status with no semantic diff`
}

// podHandler decides what a Pod's event enqueues.
type podHandler struct{}

func (podHandler) Handle(*corev1.Pod) {}

func add(mgr manager.Manager, r *Reconciler) error {
	c, err := controller.New("pods", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(source.Kind(nil, &corev1.Pod{}, podHandler{})); err != nil {
		return err
	}
	if err := c.Watch(source.Kind(nil, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject[*apiv1.Memcached]{}, predicate.TypedFuncs[*apiv1.Memcached]{
		UpdateFunc: func(e event.TypedUpdateEvent[*apiv1.Memcached]) bool {
			return e.ObjectOld.Generation != e.ObjectNew.Generation
		},
	})); err != nil {
		return err
	}
	return c.Watch(source.Kind(nil, &apiv1.Watched{}, &handler.TypedEnqueueRequestForObject[*apiv1.Watched]{}))
}
