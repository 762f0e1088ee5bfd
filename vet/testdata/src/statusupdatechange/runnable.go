package statusupdatechange

import (
	"context"
	"net/http"
	"time"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// busRouter is a manager Runnable: its Start loops over messages of its own, not over
// the objects' watch events. Each message writes once; no write of it queues another.
type busRouter struct {
	client.Client
	requests chan types.NamespacedName
	done     chan types.NamespacedName
}

func (b *busRouter) Start(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case key := <-b.requests:
			b.accept(ctx, key)
		case key := <-b.done:
			b.finish(ctx, key)
		}
	}
}

func (b *busRouter) accept(ctx context.Context, key types.NamespacedName) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var obj apiv1.Memcached
		if err := b.Get(ctx, key, &obj); err != nil {
			return err
		}
		obj.Status.State = "Accepted"
		return b.Status().Update(ctx, &obj)
	})
	// A timer armed for this message fires once for it.
	time.AfterFunc(time.Minute, func() { b.expire(ctx, key) })
}

func (b *busRouter) finish(ctx context.Context, key types.NamespacedName) {
	// Editing an object's finalizers takes no watch event.
	var obj apiv1.Memcached
	if err := b.Get(ctx, key, &obj); err == nil && controllerutil.RemoveFinalizer(&obj, "example.com/wait") {
		_ = b.Update(ctx, &obj)
	}
	b.markDone(ctx, key, "Done")
}

func (b *busRouter) expire(ctx context.Context, key types.NamespacedName) {
	b.markDone(ctx, key, "Expired")
	b.advance(ctx, key, 3)
}

// advance and spawnNext call each other: the cycle adds no way in.
func (b *busRouter) advance(ctx context.Context, key types.NamespacedName, left int) {
	if left > 0 {
		b.spawnNext(ctx, key, left-1)
	}
}

func (b *busRouter) spawnNext(ctx context.Context, key types.NamespacedName, left int) {
	var obj apiv1.Memcached
	if err := b.Get(ctx, key, &obj); err != nil {
		return
	}
	obj.Status.State = "Spawned"
	_ = b.Status().Update(ctx, &obj)
	b.advance(ctx, key, left)
}

func (b *busRouter) markDone(ctx context.Context, key types.NamespacedName, state string) {
	var obj apiv1.Memcached
	if err := b.Get(ctx, key, &obj); err != nil {
		return
	}
	obj.Status.State = state
	_ = b.Status().Update(ctx, &obj)
}

// A handler of HTTP requests writes once per request.
func (b *busRouter) serveApprove(w http.ResponseWriter, req *http.Request) {
	var obj apiv1.Memcached
	if err := b.Get(req.Context(), types.NamespacedName{Name: req.URL.Query().Get("name")}, &obj); err != nil {
		return
	}
	obj.Status.State = "Approved"
	_ = b.Status().Update(req.Context(), &obj)
}

func (b *busRouter) routes(mux *http.ServeMux) {
	mux.HandleFunc("/approve", b.serveApprove)
}

// sharedRunnable's writer is called by its Start and by a reconciler too: the
// reconciler's call is in the loop.
type sharedRunnable struct {
	client.Client
	keys chan types.NamespacedName
}

func (s *sharedRunnable) Start(ctx context.Context) error {
	for key := range s.keys {
		s.stamp(ctx, key)
	}
	return nil
}

func (s *sharedRunnable) stamp(ctx context.Context, key types.NamespacedName) {
	var obj apiv1.Memcached
	if err := s.Get(ctx, key, &obj); err != nil {
		return
	}
	obj.Status.State = "Seen"
	_ = s.Status().Update(ctx, &obj) // want `s.Status\(\).Update writes status with no semantic diff guarding it`
}

type sharedReconciler struct{ runner *sharedRunnable }

func (r *sharedReconciler) reconcileOne(ctx context.Context, key types.NamespacedName) {
	r.runner.stamp(ctx, key)
}

// queueRunner is a controller of its own: its Start works off a queue that watch
// events fill, so a write of it queues the object again.
type queueRunner struct {
	client.Client
	queue workqueue.TypedInterface[types.NamespacedName]
}

func (q *queueRunner) Start(ctx context.Context) error {
	for {
		key, shutdown := q.queue.Get()
		if shutdown {
			return nil
		}
		q.sync(ctx, key)
		q.queue.Done(key)
	}
}

func (q *queueRunner) sync(ctx context.Context, key types.NamespacedName) {
	var obj apiv1.Memcached
	if err := q.Get(ctx, key, &obj); err != nil {
		return
	}
	obj.Status.State = "Synced"
	_ = q.Status().Update(ctx, &obj) // want `q.Status\(\).Update writes status with no semantic diff guarding it`
}
