package cachedupdate

import (
	"context"
	"sync"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// remoteCache keeps one client per remote cluster, each built by client.New through
// a field the constructor gives one function (a seam tests swap): what a remote
// client reads comes from the remote API server, not from an informer.
type remoteCache struct {
	mu      sync.Mutex
	clients map[string]*remoteEntry
	build   func(cfg []byte) (client.Client, error)
}

type remoteEntry struct {
	client  client.Client // want client:`new client field`
	version string
}

func newRemoteCache() *remoteCache {
	c := &remoteCache{clients: map[string]*remoteEntry{}}
	c.build = c.defaultBuild
	return c
}

func (c *remoteCache) defaultBuild(cfg []byte) (client.Client, error) { // want defaultBuild:`new client`
	return client.New(nil, client.Options{})
}

func (c *remoteCache) getOrCreate(cfg []byte, key, version string) (client.Client, error) { // want getOrCreate:`new client`
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.clients[key]; ok && e.version == version {
		cl := e.client
		return cl, nil
	}
	cl, err := c.build(cfg)
	if err != nil {
		return nil, err
	}
	c.clients[key] = &remoteEntry{client: cl, version: version}
	return cl, nil
}

type remoteReconciler struct {
	client.Client
	remotes *remoteCache
}

func (r *remoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rc, err := r.remotes.getOrCreate(nil, req.Name, "1")
	if err != nil {
		return ctrl.Result{}, err
	}
	rctx := &remoteCtx{name: req.Name}
	rctx.remote = rc
	return ctrl.Result{}, r.sync(ctx, rctx)
}

// remoteCtx carries the pass's remote client from step to step.
type remoteCtx struct {
	name   string
	remote client.Client // want remote:`new client field`
}

func (r *remoteReconciler) sync(ctx context.Context, rctx *remoteCtx) error {
	rc := rctx.remote
	return r.mirror(ctx, rc, rctx.name)
}

// mirror reads and updates through the remote client it is handed.
func (r *remoteReconciler) mirror(ctx context.Context, rc client.Client, name string) error {
	existing := &apiv1.Memcached{}
	if err := rc.Get(ctx, client.ObjectKey{Name: name}, existing); err != nil {
		return err
	}
	existing.Spec.Image = "mirrored"
	return rc.Update(ctx, existing)
}
