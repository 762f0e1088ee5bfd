package guards

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	toolscache "k8s.io/client-go/tools/cache"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func managers(entries []metav1.ManagedFieldsEntry) []string {
	var out []string
	for _, e := range entries {
		if !slices.Contains(out, e.Manager) {
			out = append(out, e.Manager)
		}
	}
	slices.Sort(out)
	return out
}

// TestTrimManagedFieldsTransform: of a kept type, only the entries of its managers
// stay, in a new slice; none left is an empty list, not nil; every other type loses
// them all; an object with nothing to drop, and anything that is not an object, is
// returned untouched, so a second pass changes nothing.
func TestTrimManagedFieldsTransform(t *testing.T) {
	trim := trimManagedFields(map[reflect.Type][]string{reflect.TypeFor[*appsv1.Deployment](): {"me", "me-too"}})
	entries := func(names ...string) []metav1.ManagedFieldsEntry {
		var out []metav1.ManagedFieldsEntry
		for _, n := range names {
			out = append(out, metav1.ManagedFieldsEntry{Manager: n, Operation: metav1.ManagedFieldsOperationApply})
		}
		return out
	}

	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{ManagedFields: entries("kubectl", "me", "hpa", "me-too")}}
	original := d.ManagedFields
	got, err := trim(d)
	if err != nil || got != any(d) {
		t.Fatalf("trim = %v, %v; want the same object", got, err)
	}
	if m := managers(d.ManagedFields); !slices.Equal(m, []string{"me", "me-too"}) {
		t.Fatalf("kept %v, want me and me-too", m)
	}
	if &original[0] == &d.ManagedFields[0] || original[0].Manager != "kubectl" {
		t.Fatal("the entries were filtered in place: the dropped ones stay referenced by the old array")
	}
	kept := d.ManagedFields
	if _, _ = trim(d); &kept[0] != &d.ManagedFields[0] {
		t.Fatal("a second pass wrote the object again")
	}

	none := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{ManagedFields: entries("kubectl")}}
	_, _ = trim(none)
	if none.ManagedFields == nil || len(none.ManagedFields) != 0 {
		t.Fatalf("a kept kind without the manager's entries: %#v, want an empty list", none.ManagedFields)
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{ManagedFields: entries("me", "kubectl")}}
	_, _ = trim(cm)
	if cm.ManagedFields != nil {
		t.Fatalf("another kind kept %v", managers(cm.ManagedFields))
	}

	tomb := toolscache.DeletedFinalStateUnknown{Key: "ns/x", Obj: &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{ManagedFields: entries("kubectl")}}}
	if got, err := trim(tomb); err != nil || got != any(tomb) || tomb.Obj.(*corev1.ConfigMap).ManagedFields == nil {
		t.Fatal("a tombstone was changed")
	}
}

// cached reads through an informer cache, as a manager's client does, and writes to
// the server.
type cached struct {
	client.Client
	cache cache.Cache
}

func (c cached) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	return c.cache.Get(ctx, key, obj, opts...)
}

// TestTrimmedCacheKeepsTheGuardsWorking runs the gated apply and the status
// projection against an informer cache with the transform installed, while other
// managers own fields of the same Deployment, its spec and its status: the cache holds
// only the operator's entries (and none of a ConfigMap, a kind it does not keep), the
// gate sends nothing for the other managers' fields, and ownedStatus sees only the
// condition the operator applied. Without the trim, the first assertion fails; with
// every entry stripped, the gate and ownedStatus do.
func TestTrimmedCacheKeepsTheGuardsWorking(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := newCounted(t)
	ns := namespace(t, c)
	ic, err := cache.New(cfg, cache.Options{
		DefaultNamespaces: map[string]cache.Config{ns: {}},
		DefaultTransform:  trimManagedFields(map[reflect.Type][]string{reflect.TypeFor[*appsv1.Deployment](): {manager}}),
	})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = ic.Start(ctx) }()
	cc := cached{Client: c, cache: ic}
	// fromCache waits until the cache's copy of the Deployment satisfies cond.
	fromCache := func(what string, cond func(*appsv1.Deployment) bool) *appsv1.Deployment {
		t.Helper()
		d := &appsv1.Deployment{}
		deadline := time.Now().Add(20 * time.Second)
		for {
			err := ic.Get(ctx, client.ObjectKey{Namespace: ns, Name: "memcached"}, d)
			if err == nil && cond(d) {
				return d
			}
			if time.Now().After(deadline) {
				t.Fatalf("the cache did not see %s (last error %v)", what, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	if !applyDeployment(t, cc, deployment(ns, 2, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("the absent Deployment was not created with one apply")
	}
	// Other managers: an apply of fields desired never sets, an Update (kubectl edit),
	// and a status condition of their own next to the operator's.
	other := appsv1ac.Deployment("memcached", ns).
		WithAnnotations(map[string]string{"team.example.com/owner": "cache"}).
		WithSpec(appsv1ac.DeploymentSpec().WithMinReadySeconds(5))
	if err := c.Apply(ctx, other, client.FieldOwner("platform-tool"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	d := live(t, c, ns)
	d.Spec.RevisionHistoryLimit = ptr.To[int32](3)
	if err := c.Update(ctx, d, client.FieldOwner("kubectl-edit")); err != nil {
		t.Fatal(err)
	}
	condition := func(typ string) *appsv1ac.DeploymentApplyConfiguration {
		return appsv1ac.Deployment("memcached", ns).WithStatus(appsv1ac.DeploymentStatus().WithConditions(
			appsv1ac.DeploymentCondition().WithType(appsv1.DeploymentConditionType(typ)).WithStatus(corev1.ConditionTrue).WithReason("Test")))
	}
	if err := c.Status().Apply(ctx, condition("Ours"), client.FieldOwner(manager), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	if err := c.Status().Apply(ctx, condition("Theirs"), client.FieldOwner("outsider"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	c.sent()

	server := live(t, c, ns)
	if m := managers(server.ManagedFields); len(m) < 4 {
		t.Fatalf("the server names only %v as managers: nothing for the trim to drop", m)
	}
	got := fromCache("the other managers' changes", func(d *appsv1.Deployment) bool {
		return d.ResourceVersion == server.ResourceVersion
	})

	// The gate: the other managers' fields are no difference.
	for i := 0; i < 2; i++ {
		if applyDeployment(t, cc, deployment(ns, 2, "memcached:1.6")) {
			t.Fatal("the trimmed cache made another manager's field a difference")
		}
	}
	if n := c.sent(); n != 0 {
		t.Fatalf("%d applies with only other managers' fields changed, want none", n)
	}
	// The status projection: only the operator's condition.
	var owned appsv1.DeploymentStatus
	ok, err := ownedStatus(got, manager, got.Status, &owned)
	if err != nil || !ok {
		t.Fatalf("ownedStatus on the cached copy: %v, %v", ok, err)
	}
	if len(owned.Conditions) != 1 || owned.Conditions[0].Type != "Ours" || len(got.Status.Conditions) != 2 {
		t.Fatalf("owned conditions %v of %v, want only Ours", owned.Conditions, got.Status.Conditions)
	}

	// What the cache holds of managedFields: the operator's entries only.
	if m := managers(got.ManagedFields); !slices.Equal(m, []string{manager}) {
		t.Fatalf("the cache holds the entries of %v, want only %s's", m, manager)
	}

	// A kind the transform does not keep is stored without managedFields.
	if err := c.Apply(ctx, corev1ac.ConfigMap("config", ns).WithData(map[string]string{"a": "b"}), client.FieldOwner(manager)); err != nil {
		t.Fatal(err)
	}
	var cm corev1.ConfigMap
	deadline := time.Now().Add(20 * time.Second)
	for ic.Get(ctx, client.ObjectKey{Namespace: ns, Name: "config"}, &cm) != nil && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if cm.Name != "config" || cm.ManagedFields != nil {
		t.Fatalf("the cached ConfigMap %q keeps the entries of %v, want none", cm.Name, managers(cm.ManagedFields))
	}

	// An object another manager created, which the operator has not written yet: the
	// cache holds an empty list, and ownedStatus reads it as "owns nothing", not as a
	// stripped cache.
	fresh := deployment(ns, 1, "memcached:1.6").WithName("fresh")
	if err := c.Apply(ctx, fresh, client.FieldOwner("outsider")); err != nil {
		t.Fatal(err)
	}
	var f appsv1.Deployment
	deadline = time.Now().Add(20 * time.Second)
	for ic.Get(ctx, client.ObjectKey{Namespace: ns, Name: "fresh"}, &f) != nil && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if f.Name != "fresh" || f.ManagedFields == nil || len(f.ManagedFields) != 0 {
		t.Fatalf("the cached %q has managedFields %#v, want an empty list", f.Name, f.ManagedFields)
	}
	var nothing appsv1.DeploymentStatus
	if ok, err := ownedStatus(&f, manager, f.Status, &nothing); !ok || err != nil {
		t.Fatalf("ownedStatus of an object the manager never wrote: %v, %v; want owns nothing", ok, err)
	}
}

// TestTrimKeepsStatusEntriesOfStatusOwners: of a type named withStatus, every manager's
// status entries stay besides its own managers' entries; other entries go; a type not
// named keeps only its managers'.
func TestTrimKeepsStatusEntriesOfStatusOwners(t *testing.T) {
	trim := trimManagedFields(map[reflect.Type][]string{
		reflect.TypeFor[*appsv1.Deployment](): {"me"},
		reflect.TypeFor[*corev1.Service]():    {"me"},
	}, reflect.TypeFor[*appsv1.Deployment]())
	entries := []metav1.ManagedFieldsEntry{
		{Manager: "me", Operation: metav1.ManagedFieldsOperationApply, Subresource: "status"},
		{Manager: "intruder", Operation: metav1.ManagedFieldsOperationApply, Subresource: "status"},
		{Manager: "kubectl", Operation: metav1.ManagedFieldsOperationUpdate},
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{ManagedFields: slices.Clone(entries)}}
	if _, err := trim(d); err != nil {
		t.Fatal(err)
	}
	if m := managers(d.ManagedFields); !slices.Equal(m, []string{"intruder", "me"}) {
		t.Fatalf("status-owner kind kept %v, want intruder's status entry and mine", m)
	}
	s := &corev1.Service{ObjectMeta: metav1.ObjectMeta{ManagedFields: slices.Clone(entries)}}
	if _, err := trim(s); err != nil {
		t.Fatal(err)
	}
	if m := managers(s.ManagedFields); !slices.Equal(m, []string{"me"}) {
		t.Fatalf("a kind without a status writer kept %v, want only mine", m)
	}
}
