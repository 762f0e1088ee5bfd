package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// dropFinalizer reads its object again and updates it, in a conflict retry: it
// fills m from the cache, but when it returns nil m holds the server's answer to
// the Update, so it is no getter of a cached object (refreshes, not fills).
func dropFinalizer(ctx context.Context, c client.Client, m *apiv1.Memcached) error { // want dropFinalizer:`refreshes \[2\]`
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, client.ObjectKeyFromObject(m), m); err != nil {
			return err
		}
		controllerutil.RemoveFinalizer(m, "example.com/finalizer")
		if err := c.Update(ctx, m); err != nil {
			return err
		}
		return nil
	})
}

// peekInto reads into its object and writes nothing: a getter.
func peekInto(ctx context.Context, c client.Client, m *apiv1.Memcached) error { // want peekInto:`cached results \[\] fills \[2\]`
	return c.Get(ctx, client.ObjectKeyFromObject(m), m)
}

// reconcileFinalizer is handed an object its caller wrote and kept the answer of;
// the later dropFinalizer does not make what it sends first a cached object.
func (r *Reconciler) reconcileFinalizer(ctx context.Context, m *apiv1.Memcached) error {
	if !controllerutil.ContainsFinalizer(m, "example.com/finalizer") && m.DeletionTimestamp == nil {
		controllerutil.AddFinalizer(m, "example.com/finalizer")
		if err := r.Update(ctx, m); err != nil {
			return err
		}
	}
	if m.DeletionTimestamp != nil {
		return dropFinalizer(ctx, r.Client, m)
	}
	return nil
}

// reconcilePeeked sends what the getter filled from the cache.
func (r *Reconciler) reconcilePeeked(ctx context.Context, m *apiv1.Memcached) error { // want reconcilePeeked:`refreshes \[1\]`
	if err := peekInto(ctx, r.Client, m); err != nil {
		return err
	}
	m.Status.State = "Ready"
	return r.Status().Update(ctx, m) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache \(peekInto\)`
}
