package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The items of a cached List handed to a function that ranges over them and sends
// each whole with Update: each carries the cached resourceVersion.
func (r *Reconciler) relabelAll(ctx context.Context) error {
	var list apiv1.MemcachedList
	if err := r.List(ctx, &list); err != nil {
		return err
	}
	return r.relabel(ctx, list.Items) // want `r.relabel sends list.Items, a \[\]v1.Memcached read from the informer cache \(r.List\), whole with Update`
}

func (r *Reconciler) relabel(ctx context.Context, items []apiv1.Memcached) error {
	for _, m := range items {
		m.Labels = map[string]string{"relabelled": "true"}
		if err := r.Update(ctx, &m); err != nil {
			return err
		}
	}
	return nil
}

// Listed from the API server, or each element read again before its Update: not
// reported.
func (r *Reconciler) relabelLive(ctx context.Context) error {
	var list apiv1.MemcachedList
	if err := r.APIReader.List(ctx, &list); err != nil {
		return err
	}
	if err := r.relabel(ctx, list.Items); err != nil {
		return err
	}
	var cached apiv1.MemcachedList
	if err := r.List(ctx, &cached); err != nil {
		return err
	}
	return r.relabelFresh(ctx, cached.Items)
}

func (r *Reconciler) relabelFresh(ctx context.Context, items []apiv1.Memcached) error {
	for _, m := range items {
		var fresh apiv1.Memcached
		if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(&m), &fresh); err != nil {
			return err
		}
		fresh.Labels = map[string]string{"relabelled": "true"}
		if err := r.Update(ctx, &fresh); err != nil {
			return err
		}
	}
	return nil
}
