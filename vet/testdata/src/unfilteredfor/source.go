package unfilteredfor

import (
	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// memcachedHandler decides what an event of a Memcached enqueues.
type memcachedHandler struct{}

func (memcachedHandler) Handle(*apiv1.Memcached) {}

// add wires controllers without the builder, as controller.New and c.Watch do.
func add(mgr manager.Manager, r *Reconciler) error {
	c, err := controller.New("memcached", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(source.Kind(nil, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject[*apiv1.Memcached]{})); err != nil { // want `source.Kind\(…, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject\[\*apiv1.Memcached\]{}\) without predicates`
		return err
	}
	if err := c.Watch(source.Kind(nil, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject[*apiv1.Memcached]{}, predicate.TypedFuncs[*apiv1.Memcached]{})); err != nil { // want `with predicates that pass status-only updates`
		return err
	}
	if err := c.Watch(source.Kind(nil, &apiv1.Memcached{}, &handler.TypedEnqueueRequestForObject[*apiv1.Memcached]{}, predicate.TypedFuncs[*apiv1.Memcached]{
		UpdateFunc: func(e event.TypedUpdateEvent[*apiv1.Memcached]) bool {
			return e.ObjectOld.Generation != e.ObjectNew.Generation
		},
	})); err != nil {
		return err
	}
	return c.Watch(source.Kind(nil, &apiv1.Memcached{}, memcachedHandler{}))
}
