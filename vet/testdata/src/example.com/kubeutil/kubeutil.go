// Package kubeutil holds helpers that take the client they read through as a
// parameter and that nothing in this package calls: whether what they read is the
// cache's depends on the client each caller hands in (an end-to-end test's
// client.New, or a controller's manager client).
package kubeutil

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Resize reads the object through c and sends it whole with Update.
func Resize(ctx context.Context, c client.Client, key client.ObjectKey, n int32) error { // want Resize:`sends what it reads through clients \[1\]`
	var m apiv1.Memcached
	if err := c.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Spec.Size = n
	return c.Update(ctx, &m)
}

// Fetch returns what it read through c.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey) (*apiv1.Memcached, error) { // want Fetch:`cached results \[0\] through clients \[1\]`
	var m apiv1.Memcached
	if err := c.Get(ctx, key, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// Relabel is called in this package, with the manager's client of a reconciler: its
// Update is judged here, as before.
func Relabel(ctx context.Context, c client.Client, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := c.Get(ctx, key, &m); err != nil {
		return err
	}
	return c.Update(ctx, &m) // want `c.Update of \*v1.Memcached read from the informer cache`
}

type relabeler struct{ client.Client }

func (r *relabeler) run(ctx context.Context, key client.ObjectKey) error {
	return Relabel(ctx, r.Client, key)
}

// Apply is a project's wrapper of controllerutil.CreateOrUpdate that labels the
// object first: a call of it is a CreateOrUpdate of what it hands in.
func Apply(ctx context.Context, c client.Client, obj client.Object, mutate controllerutil.MutateFn) (controllerutil.OperationResult, error) { // want Apply:`creates or updates 2 through 1`
	wrapped := func() error {
		if obj.GetName() == "" {
			return nil
		}
		return mutate()
	}
	return controllerutil.CreateOrUpdate(ctx, c, obj, wrapped)
}

// Loader is a reconciler-like struct of this package: its method reads through the
// client it was built with, the manager's in a controller.
type Loader struct {
	client.Client
}

// Load fills out from the client the Loader holds.
func (l *Loader) Load(ctx context.Context, key client.ObjectKey, out *apiv1.Memcached) error { // want Load:`cached results \[\] fills \[2\]`
	return l.Get(ctx, key, out)
}

// UpdateLatest fetches the latest copy of any object through c and sends it back
// whole: with the manager's client, the cache's copy.
func UpdateLatest(ctx context.Context, c client.Client, obj client.Object) error { // want UpdateLatest:`creates or updates 2 through 1`
	latest := obj.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
		return err
	}
	if latest.GetGeneration() == obj.GetGeneration() {
		return nil
	}
	return c.Update(ctx, latest)
}
