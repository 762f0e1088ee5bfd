package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/kubeutil"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A helper of any kind (client.Object) that fetches the latest copy through the
// client handed in and sends it whole reads the cache when that client is the
// manager's: "fetch the latest, then update" resends the cache's resourceVersion.
// Its calls are judged by the client and the kind each hands in.

// refreshStatus reads a copy once, before the retry: every attempt resends it.
func refreshStatus(ctx context.Context, c client.Client, obj client.Object, mutate func(client.Object)) error { // want refreshStatus:`reads and updates the status of 2 through 1`
	latest, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return nil
	}
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		mutate(latest)
		return c.Status().Update(ctx, latest)
	})
}

// touchLatest reads into the object it was handed and updates it.
func touchLatest(ctx context.Context, c client.Client, obj client.Object) error { // want touchLatest:`creates or updates 2 through 1`
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return err
	}
	if obj.GetLabels() == nil {
		return nil
	}
	return c.Update(ctx, obj)
}

// retryLatest reads again inside the retry: each attempt sends what it just read.
func retryLatest(ctx context.Context, c client.Client, obj client.Object, mutate func(client.Object)) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := obj.DeepCopyObject().(client.Object)
		if err := c.Get(ctx, client.ObjectKeyFromObject(obj), latest); err != nil {
			return err
		}
		mutate(latest)
		return c.Update(ctx, latest)
	})
}

// readerThenUpdate reads through a client.Reader it is handed (an API reader in the
// callers) and writes through another client: which read it sends is the
// callers' business, not this rule's.
func readerThenUpdate(ctx context.Context, reader client.Reader, c client.Client, obj client.Object) error { // want readerThenUpdate:`refreshes \[3\]`
	if err := reader.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return err
	}
	return c.Update(ctx, obj)
}

// sendOther updates a copy it never read: no read of its own to judge.
func sendOther(ctx context.Context, c client.Client, obj client.Object) error {
	fresh := obj.DeepCopyObject().(client.Object)
	if fresh.GetName() == "" {
		return nil
	}
	return c.Update(ctx, fresh)
}

func (r *Reconciler) writeThroughFetchers(ctx context.Context, m *apiv1.Memcached, n *apiv1.Note) error { // want writeThroughFetchers:`refreshes \[1\]`
	if err := refreshStatus(ctx, r.Client, m, func(o client.Object) {}); err != nil { // want `refreshStatus sends m, a \*v1.Memcached read from the informer cache`
		return err
	}
	if err := touchLatest(ctx, r.Client, m); err != nil { // want `touchLatest sends m, a \*v1.Memcached read from the informer cache`
		return err
	}
	if err := kubeutil.UpdateLatest(ctx, r.Client, m); err != nil { // want `kubeutil.UpdateLatest sends m, a \*v1.Memcached read from the informer cache`
		return err
	}
	// Note has no status subresource: a status write of it gets 404, not 409.
	if err := refreshStatus(ctx, r.Client, n, func(o client.Object) {}); err != nil {
		return err
	}
	if err := retryLatest(ctx, r.Client, m, func(o client.Object) {}); err != nil {
		return err
	}
	if err := readerThenUpdate(ctx, r.APIReader, r.Client, m); err != nil {
		return err
	}
	if err := sendOther(ctx, r.Client, m); err != nil {
		return err
	}
	// A call inside a conflict retry reads again on every attempt.
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return touchLatest(ctx, r.Client, m)
	})
}

// fetchDirect hands the helpers a client client.New made: they read the API server.
func fetchDirect(ctx context.Context, config any, m *apiv1.Memcached) error {
	direct, err := client.New(config, client.Options{})
	if err != nil {
		return err
	}
	if err := touchLatest(ctx, direct, m); err != nil {
		return err
	}
	return kubeutil.UpdateLatest(ctx, direct, m)
}
