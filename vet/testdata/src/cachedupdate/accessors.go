package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/base"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// BasedReconciler reaches its clients through the accessors of an embedded base
// of another package.
type BasedReconciler struct {
	*base.Reconciler
	own ownClients
}

// ownClients hands out a client of this package the same way.
type ownClients struct{ c client.Client }

func (o ownClients) client() client.Client { return o.c } // want client:`cached client`

func (r *BasedReconciler) throughAccessor(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.Client().Get(ctx, key, &m); err != nil {
		return err
	}
	m.Status.State = "Ready"
	return r.Client().Status().Update(ctx, &m) // want `r.Client\(\).Status\(\).Update of \*v1.Memcached read from the informer cache \(r.Client\(\).Get\)`
}

func (r *BasedReconciler) throughOwnAccessor(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.own.client().Get(ctx, key, &m); err != nil {
		return err
	}
	return r.own.client().Update(ctx, &m) // want `r.own.client\(\).Update of \*v1.Memcached read from the informer cache`
}

// throughDirect reads through client.New's client, which has no cache; the bare
// reader reads from the API server.
func (r *BasedReconciler) throughDirect(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.Direct().Get(ctx, key, &m); err != nil {
		return err
	}
	if err := r.Client().Update(ctx, &m); err != nil {
		return err
	}
	var l apiv1.Memcached
	if err := r.APIReader().Get(ctx, key, &l); err != nil {
		return err
	}
	return r.Client().Update(ctx, &l)
}

// statusReconciler is built for one pass around the object the pass read, by a
// literal or a constructor, and sends it from a method of its own.
type statusReconciler struct {
	*base.Reconciler
	resource *apiv1.Memcached
	state    string
}

func newStatusReconciler(b *base.Reconciler, resource *apiv1.Memcached, state string) *statusReconciler {
	return &statusReconciler{Reconciler: b, resource: resource, state: state}
}

func (s *statusReconciler) reconcile(ctx context.Context) error {
	s.resource.Status.State = s.state
	return s.Client().Status().Update(ctx, s.resource) // want `s.Client\(\).Status\(\).Update of \*v1.Memcached read from the informer cache \(r.Client\(\).Get\)`
}

func (r *BasedReconciler) throughStatusReconciler(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.Client().Get(ctx, key, &m); err != nil {
		return err
	}
	return newStatusReconciler(r.Reconciler, &m, "Ready").reconcile(ctx)
}

// Built around an object read from the API server, it sends no cached version.
type liveStatusReconciler struct {
	*base.Reconciler
	resource *apiv1.Memcached
}

func (s *liveStatusReconciler) reconcile(ctx context.Context) error {
	return s.Client().Status().Update(ctx, s.resource)
}

func (r *BasedReconciler) throughLiveStatusReconciler(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.APIReader().Get(ctx, key, &m); err != nil {
		return err
	}
	s := &liveStatusReconciler{Reconciler: r.Reconciler, resource: &m}
	return s.reconcile(ctx)
}
