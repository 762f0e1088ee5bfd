package statusupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// retryingStatus stands in for a status writer: it forwards each write to the
// writer its parent's client gives, again if the first try fails. Its forwarding
// decides nothing: the callers, which write through the client.SubResourceWriter it
// is handed as, are judged where they call.
type retryingStatus struct {
	inner client.Client
}

func (s *retryingStatus) do(fn func(client.SubResourceWriter) error) error {
	if err := fn(s.inner.Status()); err != nil {
		return fn(s.inner.Status())
	}
	return nil
}

func (s *retryingStatus) Create(ctx context.Context, obj client.Object, sub client.Object, opts ...client.SubResourceCreateOption) error {
	return s.do(func(w client.SubResourceWriter) error { return w.Create(ctx, obj, sub, opts...) })
}

func (s *retryingStatus) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	return s.do(func(w client.SubResourceWriter) error { return w.Update(ctx, obj, opts...) })
}

func (s *retryingStatus) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
	return s.do(func(w client.SubResourceWriter) error { return w.Patch(ctx, obj, patch, opts...) })
}

func (s *retryingStatus) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.SubResourceApplyOption) error {
	return s.do(func(w client.SubResourceWriter) error { return w.Apply(ctx, obj, opts...) })
}

// Touch has a writer's name too, but what it writes is no parameter of its own: it
// stamps and writes a Memcached it read, as a reconciler would.
func (s *retryingStatus) Touch(ctx context.Context, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := s.inner.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Status.Nodes = []string{"touched"}
	return s.inner.Status().Update(ctx, &obj) // want `s.inner.Status\(\).Update writes status with no semantic diff`
}

// ForwardedReconciler writes through the forwarding writer, unconditionally: the
// finding is at its call.
type ForwardedReconciler struct {
	client.Client
	status client.SubResourceWriter
}

func (r *ForwardedReconciler) sync(ctx context.Context, obj *apiv1.Memcached) error { // want sync:"fills Nodes"
	obj.Status.Nodes = []string{"b"}
	return r.status.Update(ctx, obj) // want `r.status.Update writes status with no semantic diff`
}

var _ client.SubResourceWriter = &retryingStatus{}
