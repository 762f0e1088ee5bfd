package statustime

import (
	"context"
	"net/http"

	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// heartbeats is a manager Runnable that stamps an object when a message about it
// arrives: a message's stamp, not a pass's; no watch event drives it.
type heartbeats struct {
	client.Client
	beats chan types.NamespacedName
}

func (h *heartbeats) Start(ctx context.Context) error {
	for key := range h.beats {
		h.beat(ctx, key)
	}
	return nil
}

func (h *heartbeats) beat(ctx context.Context, key types.NamespacedName) {
	var obj apiv1.Memcached
	if err := h.Get(ctx, key, &obj); err != nil {
		return
	}
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
	_ = h.Status().Update(ctx, &obj)
}

// A request's stamp likewise.
func (h *heartbeats) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	var obj apiv1.Memcached
	if err := h.Get(req.Context(), types.NamespacedName{Name: req.URL.Path}, &obj); err != nil {
		return
	}
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
	_ = h.Status().Update(req.Context(), &obj)
}

// A stamp a reconciler's pass reaches too is in the loop.
func (h *heartbeats) touch(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status`
}

func (h *heartbeats) relay(ctx context.Context) error {
	for key := range h.beats {
		var obj apiv1.Memcached
		if err := h.Get(ctx, key, &obj); err == nil {
			h.touch(&obj)
		}
	}
	return nil
}

type touchReconciler struct{ h *heartbeats }

func (r *touchReconciler) reconcileOne(obj *apiv1.Memcached) {
	r.h.touch(obj)
}
