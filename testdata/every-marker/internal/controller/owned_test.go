package controller

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/golden/every-marker/api/v1alpha1"
)

// TestOwnedApply checks what the generated gated apply adds to the runtime's: the
// owner's namespace and controller reference when desired names none, a refusal of
// another namespace, and a controller reference desired names kept as it is.
func TestOwnedApply(t *testing.T) {
	ctx := context.Background()
	obj := &cachev1alpha1.Memcached{}
	obj.Name, obj.Namespace, obj.Spec.Size = "owner", "matrix", 1
	if err := direct.Create(ctx, obj); err != nil {
		t.Fatal(err)
	}
	c, reqs := countingClient(t)
	desired := func() *corev1ac.ConfigMapApplyConfiguration {
		return corev1ac.ConfigMap("owner-config", "").WithData(map[string]string{"size": "1"})
	}
	// No namespace: the owner's. No controller: the owner.
	cm := desired()
	cm.ObjectMetaApplyConfiguration.Namespace = nil
	written, err := ApplyMemcachedConfigMap(ctx, c, obj, cm)
	if err != nil || !written {
		t.Fatalf("first apply: written %v, err %v", written, err)
	}
	if got := reqs.writesSince(0); len(got) != 1 || got[0] != "APPLY configmaps" {
		t.Fatalf("writes %v, want one APPLY configmaps", got)
	}
	var live corev1.ConfigMap
	if err := direct.Get(ctx, client.ObjectKey{Namespace: "matrix", Name: "owner-config"}, &live); err != nil {
		t.Fatal(err)
	}
	ref := metav1.GetControllerOf(&live)
	if ref == nil || ref.UID != obj.UID || ref.Kind != "Memcached" || ref.APIVersion != "cache.example.com/v1alpha1" ||
		ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
		t.Fatalf("controller reference %+v, want the Memcached %s", ref, obj.UID)
	}
	// The same desired state again, its namespace spelled "": nothing to send.
	cm = desired()
	mark := reqs.mark()
	if written, err := ApplyMemcachedConfigMap(ctx, c, obj, cm); err != nil || written {
		t.Fatalf("repeat: written %v, err %v", written, err)
	}
	if w := reqs.writesSince(mark); len(w) != 0 {
		t.Fatalf("repeat sent %v", w)
	}
	// Another namespace: refused before any request.
	mark = reqs.mark()
	_, err = ApplyMemcachedConfigMap(ctx, c, obj, corev1ac.ConfigMap("elsewhere", "default"))
	if err == nil || !strings.Contains(err.Error(), "namespaced owner owns only objects of its own namespace") {
		t.Fatalf("another namespace: err %v", err)
	}
	if got := reqs.since(mark); len(got) != 0 {
		t.Fatalf("another namespace sent %v", got)
	}
	// A controller desired names is kept, not doubled.
	other := metav1ac.OwnerReference().WithAPIVersion("v1").WithKind("ConfigMap").WithName("owner-config").
		WithUID(live.UID).WithController(true)
	if _, err := ApplyMemcachedConfigMap(ctx, c, obj, corev1ac.ConfigMap("second", "matrix").WithOwnerReferences(other)); err != nil {
		t.Fatal(err)
	}
	var second corev1.ConfigMap
	if err := direct.Get(ctx, client.ObjectKey{Namespace: "matrix", Name: "second"}, &second); err != nil {
		t.Fatal(err)
	}
	if refs := second.OwnerReferences; len(refs) != 1 || refs[0].UID != live.UID {
		t.Fatalf("owner references %+v, want only the one desired named", refs)
	}
}
