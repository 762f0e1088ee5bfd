package cachedupdate

import (
	"context"
	"sync"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// A client built once, on first use, with client.New and kept in a package variable:
// what the getter returns reads the API server.
var (
	directOnce   sync.Mutex
	directClient client.Client
)

func newDirectClient() (client.Client, error) { // want newDirectClient:`new client`
	c, err := client.New(nil, client.Options{})
	if err != nil {
		return nil, err
	}
	return c, nil
}

func memoDirectClient() (client.Client, error) { // want memoDirectClient:`new client`
	directOnce.Lock()
	defer directOnce.Unlock()
	if directClient == nil {
		conn, err := newDirectClient()
		if err != nil {
			return nil, err
		}
		directClient = conn
	}
	return directClient, nil
}

type agent struct{ c client.Client } // want c:`new client field`

func newAgent() (*agent, error) {
	c, err := memoDirectClient()
	if err != nil {
		return nil, err
	}
	return &agent{c: c}, nil
}

func (a *agent) resize(ctx context.Context, key client.ObjectKey, size int32) error {
	m := &apiv1.Memcached{}
	if err := a.c.Get(ctx, key, m); err != nil {
		return err
	}
	m.Spec.Size = size
	return a.c.Update(ctx, m)
}

// A package variable the manager's client is also given holds a cached client.
var sharedClient client.Client

func useManagerClient(mgr manager.Manager) { sharedClient = mgr.GetClient() }

func memoSharedClient() client.Client {
	if sharedClient == nil {
		sharedClient, _ = newDirectClient()
	}
	return sharedClient
}

type sharedAgent struct{ c client.Client }

func newSharedAgent() *sharedAgent { return &sharedAgent{c: memoSharedClient()} }

func (a *sharedAgent) resize(ctx context.Context, key client.ObjectKey, size int32) error {
	m := &apiv1.Memcached{}
	if err := a.c.Get(ctx, key, m); err != nil {
		return err
	}
	m.Spec.Size = size
	return a.c.Update(ctx, m) // want `a.c.Update of \*v1.Memcached read from the informer cache`
}
