package cachedupdate

import (
	"context"
	"testing"
	"time"

	apiv1 "example.com/api/v1"
	"github.com/onsi/gomega"
	"github.com/stretchr/testify/require"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A test helper's poll that reads the object again on each attempt and fails the
// attempt when the write fails retries the write after a conflict: each attempt sends
// what it has just read.
func (r *Reconciler) relabelEventually(t *testing.T, ctx context.Context, key client.ObjectKey) {
	require.Eventually(t, func() bool {
		obj, err := r.getByKey(ctx, key)
		if err != nil {
			return false
		}
		obj.Labels = map[string]string{"a": "b"}
		err = r.Update(ctx, obj)
		return err == nil
	}, time.Minute, time.Second)
	gomega.Eventually(func(g gomega.Gomega) {
		var obj apiv1.Memcached
		g.Expect(r.Get(ctx, key, &obj)).To(gomega.Succeed())
		obj.Status.State = "Ready"
		g.Expect(r.Status().Update(ctx, &obj)).To(gomega.Succeed())
	}).Should(gomega.Succeed())
	gomega.Eventually(func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj)
	}).Should(gomega.Succeed())
}

// One whose attempt passes whatever the write answered retries nothing, and one that
// resends the object it was given sends the same resourceVersion every time.
func (r *Reconciler) relabelNoRetry(t *testing.T, ctx context.Context, key client.ObjectKey) {
	require.Eventually(t, func() bool {
		obj, err := r.getByKey(ctx, key)
		if err != nil {
			return false
		}
		_ = r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache`
		return true
	}, time.Minute, time.Second)
	var held apiv1.Memcached
	if err := r.Get(ctx, key, &held); err != nil {
		return
	}
	require.Eventually(t, func() bool {
		return r.Update(ctx, &held) == nil // want `r.Update of \*v1.Memcached read from the informer cache`
	}, time.Minute, time.Second)
}

func (r *Reconciler) getByKey(ctx context.Context, key client.ObjectKey) (*apiv1.Memcached, error) { // want getByKey:`cached results \[0\]`
	var obj apiv1.Memcached
	if err := r.Get(ctx, key, &obj); err != nil {
		return nil, err
	}
	return &obj, nil
}
