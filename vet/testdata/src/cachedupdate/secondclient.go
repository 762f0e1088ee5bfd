package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// pairReconciler keeps the manager's client for itself and takes a second client
// from its caller: that one is kept to read past the cache (the caller, in another
// package, builds it with client.New), so what it reads carries the API server's
// resourceVersion, whichever client then writes it.
type pairReconciler struct {
	client client.Client
	direct client.Client
}

// NewPairReconciler is called from another package, with a client built there.
func NewPairReconciler(mgr manager.Manager, c client.Client) *pairReconciler {
	return &pairReconciler{client: mgr.GetClient(), direct: c}
}

func (r *pairReconciler) resize(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := r.direct.Get(ctx, key, m); err != nil {
		return err
	}
	m.Spec.Size = 3
	if err := r.client.Update(ctx, m); err != nil {
		return err
	}
	cached := &apiv1.Memcached{}
	if err := r.client.Get(ctx, key, cached); err != nil {
		return err
	}
	cached.Spec.Size = 4
	return r.client.Update(ctx, cached) // want `r.client.Update of \*v1.Memcached read from the informer cache`
}

// A struct whose only client comes from the caller, or whose other client is not the
// manager's, or whose second client is also filled with something other than a
// parameter: nothing says the parameter is not the manager's client.
type soloReconciler struct {
	c client.Client
}

func NewSoloReconciler(c client.Client) *soloReconciler { return &soloReconciler{c: c} }

func (r *soloReconciler) resize(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := r.c.Get(ctx, key, m); err != nil {
		return err
	}
	m.Spec.Size = 3
	return r.c.Update(ctx, m) // want `r.c.Update of \*v1.Memcached read from the informer cache`
}

type mixedPairReconciler struct {
	client client.Client
	other  client.Client
}

func NewMixedPairReconciler(mgr manager.Manager, c client.Client) *mixedPairReconciler {
	if c == nil {
		return &mixedPairReconciler{client: mgr.GetClient(), other: mgr.GetClient()}
	}
	return &mixedPairReconciler{client: mgr.GetClient(), other: c}
}

func (r *mixedPairReconciler) resize(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := r.other.Get(ctx, key, m); err != nil {
		return err
	}
	m.Spec.Size = 3
	return r.client.Update(ctx, m) // want `r.client.Update of \*v1.Memcached read from the informer cache`
}
