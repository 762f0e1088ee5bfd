package v1_test

import (
	"context"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "example.com/webhook-operator/api/cache/v1"
)

// The tests of the Memcached webhooks' examples, through the suite's API server
// (zz_generated.webhook_suite_test.go), which calls the webhooks this process serves.
// opgen create webhook scaffolded this file once; change the tests with the rules.

func newMemcached(t *testing.T, labels map[string]string) *cachev1.Memcached {
	t.Helper()
	obj := &cachev1.Memcached{ObjectMeta: metav1.ObjectMeta{
		GenerateName: "webhook-test-", Labels: labels,
		Namespace: "default",
	}}
	return obj
}

// TestMemcachedDefaulting: created without the app label, it reads back with it.
func TestMemcachedDefaulting(t *testing.T) {
	ctx := context.Background()
	obj := newMemcached(t, nil)
	if err := testClient.Create(ctx, obj); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = testClient.Delete(ctx, obj) })
	got := &cachev1.Memcached{}
	if err := testClient.Get(ctx, client.ObjectKeyFromObject(obj), got); err != nil {
		t.Fatal(err)
	}
	if v := got.Labels["app.kubernetes.io/name"]; v != "memcached" {
		t.Fatalf("label app.kubernetes.io/name = %q after create, want the default %q", v, "memcached")
	}
}

// TestMemcachedValidation: an object naming another app is refused with the
// validator's message, on create and on an update that makes a valid one invalid.
func TestMemcachedValidation(t *testing.T) {
	ctx := context.Background()
	refused := func(what string, err error) {
		t.Helper()
		if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), `is the app "memcached"`) {
			t.Fatalf("%s: got %v, want the validator's Invalid answer", what, err)
		}
	}
	refused("create", testClient.Create(ctx, newMemcached(t, map[string]string{"app.kubernetes.io/name": "other"})))

	obj := newMemcached(t, map[string]string{"app.kubernetes.io/name": "memcached"})
	if err := testClient.Create(ctx, obj); err != nil {
		t.Fatalf("a valid object: %v", err)
	}
	t.Cleanup(func() { _ = testClient.Delete(ctx, obj) })
	// A patch, not an Update: the reconciler may have written the status since, and an
	// Update from this copy would be a 409 rather than the validator's answer.
	before := obj.DeepCopy()
	obj.Labels["app.kubernetes.io/name"] = "other"
	refused("update", testClient.Patch(ctx, obj, client.MergeFrom(before)))
}
