package guards

import (
	"context"
	"errors"
	"reflect"
	"runtime"
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
	trim := trimManagedFields(map[reflect.Type][]string{reflect.TypeFor[*appsv1.Deployment](): {"me", "me-too"}}, nil)
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

// waitCached waits up to 20 seconds until the cache's answer for the Deployment key
// (the copy, or the error) satisfies done, and returns that copy.
func waitCached(t *testing.T, ic cache.Cache, key client.ObjectKey, what string, done func(*appsv1.Deployment, error) bool) *appsv1.Deployment {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		d := &appsv1.Deployment{}
		err := ic.Get(context.Background(), key, d)
		if done(d, err) {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cache did not see %s (last error %v)", what, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
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
		DefaultTransform:  trimManagedFields(map[reflect.Type][]string{reflect.TypeFor[*appsv1.Deployment](): {manager}}, nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = ic.Start(ctx) }()
	cc := cached{Client: c, cache: ic}
	// fromCache waits until the cache's copy of the Deployment satisfies cond.
	fromCache := func(what string, cond func(*appsv1.Deployment) bool) *appsv1.Deployment {
		t.Helper()
		return waitCached(t, ic, client.ObjectKey{Namespace: ns, Name: "memcached"}, what,
			func(d *appsv1.Deployment, err error) bool { return err == nil && cond(d) })
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
	}, nil, reflect.TypeFor[*appsv1.Deployment]())
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

// TestDigestedCacheKeepsTheGateWorking runs the gated apply against an informer cache
// whose transform digests what the operator owns of its Deployments and then drops
// their managedFields (digestOwnedFields): the cached copies hold no managedFields,
// yet the gate behaves as with its entries kept. Other managers' fields, applied,
// updated or in status, cost no apply; a field it sets, changed by hand, is taken back
// with one apply, then none; a new desired state is one apply; a deleted object is
// created again; and the digest of a copy the cache no longer holds goes with it.
func TestDigestedCacheKeepsTheGateWorking(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := newCounted(t)
	ns := namespace(t, c)
	deployments := reflect.TypeFor[*appsv1.Deployment]()
	ic, err := cache.New(cfg, cache.Options{
		DefaultNamespaces: map[string]cache.Config{ns: {}},
		DefaultTransform: trimManagedFields(map[reflect.Type][]string{deployments: {manager}},
			map[reflect.Type]func(any) bool{deployments: digestOwnedFields(appsv1ac.ExtractDeployment, manager)}),
	})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = ic.Start(ctx) }()
	cc := cached{Client: c, cache: ic}
	// settle waits until the cache holds the server's copy (or, gone, none of it).
	settle := func(what string) *appsv1.Deployment {
		t.Helper()
		key := client.ObjectKey{Namespace: ns, Name: "memcached"}
		var server appsv1.Deployment
		gone := c.Get(ctx, key, &server) != nil
		return waitCached(t, ic, key, what, func(d *appsv1.Deployment, err error) bool {
			return gone && err != nil || !gone && err == nil && d.ResourceVersion == server.ResourceVersion
		})
	}
	gate := func(step string, d *appsv1ac.DeploymentApplyConfiguration, wantApplies int) {
		t.Helper()
		for range 2 {
			applyDeployment(t, cc, d)
		}
		if n := c.sent(); n != wantApplies {
			t.Fatalf("%s: %d applies, want %d", step, n, wantApplies)
		}
	}

	gate("create", deployment(ns, 2, "memcached:1.6"), 1)
	got := settle("the create")
	if got.ManagedFields != nil {
		t.Fatalf("the cached copy keeps the entries of %v, want none", managers(got.ManagedFields))
	}
	if at, ok := ownedFieldsOf(got, manager); !ok || at.rv != got.ResourceVersion {
		t.Fatalf("no digest of the cached copy at %s: %+v", got.ResourceVersion, at)
	}
	gate("the answer to the create", deployment(ns, 2, "memcached:1.6"), 0)

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
	status := appsv1ac.Deployment("memcached", ns).WithStatus(appsv1ac.DeploymentStatus().WithConditions(
		appsv1ac.DeploymentCondition().WithType("Theirs").WithStatus(corev1.ConditionTrue).WithReason("Test")))
	if err := c.Status().Apply(ctx, status, client.FieldOwner("outsider"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	c.sent()
	settle("the other managers' changes")
	gate("other managers' fields", deployment(ns, 2, "memcached:1.6"), 0)

	d = live(t, c, ns)
	d.Spec.Replicas = ptr.To[int32](7)
	if err := c.Update(ctx, d, client.FieldOwner("kubectl-edit")); err != nil {
		t.Fatal(err)
	}
	settle("the hand-scaled replicas")
	gate("replicas changed by hand", deployment(ns, 2, "memcached:1.6"), 1)
	settle("the replicas taken back")
	gate("after the take-back", deployment(ns, 2, "memcached:1.6"), 0)
	if r := *live(t, c, ns).Spec.Replicas; r != 2 {
		t.Fatalf("replicas = %d, want 2", r)
	}

	gate("a new image", deployment(ns, 2, "memcached:1.7"), 1)
	settle("the new image")
	gate("the new image again", deployment(ns, 2, "memcached:1.7"), 0)

	old := live(t, c, ns)
	if err := c.Delete(ctx, old); err != nil {
		t.Fatal(err)
	}
	settle("the deletion")
	gate("the deleted object", deployment(ns, 2, "memcached:1.7"), 1)
	settle("the re-creation")
	gate("the re-created object", deployment(ns, 2, "memcached:1.7"), 0)

	// The deleted object's copies are garbage: their digest goes with them.
	key := ownedFieldsKey{uid: old.UID, manager: manager}
	deadline := time.Now().Add(20 * time.Second)
	for {
		runtime.GC()
		ownedFields.Lock()
		_, kept := ownedFields.m[key]
		ownedFields.Unlock()
		if !kept {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the digest of a deleted object outlived its cached copies")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestDigestOwnedFields: the digester's truth table on objects as the server stores
// them. The digest is what comparing sees: a Deployment's, then the same with a field
// changed, differ; the answer to the gate's own apply is taken from its memory without
// an extraction; an object with no applied entry of the manager has no digest (and
// loses one it had); a failed extraction reports false, so the transform keeps the
// entries.
func TestDigestOwnedFields(t *testing.T) {
	c := newCounted(t)
	ns := namespace(t, c)
	if !applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) {
		t.Fatal("not created")
	}
	extracts := 0
	digest := digestOwnedFields(func(d *appsv1.Deployment, m string) (*appsv1ac.DeploymentApplyConfiguration, error) {
		extracts++
		return appsv1ac.ExtractDeployment(d, m)
	}, manager)
	key := ownedFieldsKey{manager: manager}
	at := func(d *appsv1.Deployment) (ownedFieldsAt, bool) {
		ownedFields.Lock()
		defer ownedFields.Unlock()
		key.uid = d.UID
		a, ok := ownedFields.m[key]
		return a, ok
	}

	// The answer to the gate's create: its digest is the memory's, no extraction.
	first := live(t, c, ns)
	if !digest(first) || extracts != 0 {
		t.Fatalf("the answer to the gate's apply: %d extractions, want 0", extracts)
	}
	answered, ok := at(first)
	if !ok || answered.rv != first.ResourceVersion {
		t.Fatalf("no digest at %s: %+v", first.ResourceVersion, answered)
	}
	// Another manager's annotation: a new version, extracted, the same digest.
	if err := c.Apply(context.Background(), appsv1ac.Deployment("memcached", ns).WithAnnotations(map[string]string{"x": "y"}),
		client.FieldOwner("platform-tool")); err != nil {
		t.Fatal(err)
	}
	second := live(t, c, ns)
	if !digest(second) || extracts != 1 {
		t.Fatalf("another manager's change: %d extractions, want 1", extracts)
	}
	if a, _ := at(second); a.rv != second.ResourceVersion || a.sum != answered.sum {
		t.Fatalf("what the manager owns did not change, yet the digest did: %+v, %+v", answered, a)
	}
	// A person scales it: the manager no longer owns replicas, the digest changes.
	second.Spec.Replicas = ptr.To[int32](5)
	if err := c.Update(context.Background(), second, client.FieldOwner("kubectl-edit")); err != nil {
		t.Fatal(err)
	}
	third := live(t, c, ns)
	if !digest(third) {
		t.Fatal("no digest")
	}
	if a, _ := at(third); a.sum == answered.sum {
		t.Fatal("the manager lost replicas, yet the digest is the same")
	}
	// No entry of the manager: no digest, and the old one goes.
	third.ManagedFields = slices.DeleteFunc(third.ManagedFields, func(e metav1.ManagedFieldsEntry) bool { return e.Manager == manager })
	if !digest(third) {
		t.Fatal("an object without the manager's entry is not a failure")
	}
	if _, ok := at(third); ok {
		t.Fatal("a digest stayed for an object the manager owns nothing of")
	}
	// A failed extraction.
	failing := digestOwnedFields(func(*appsv1.Deployment, string) (*appsv1ac.DeploymentApplyConfiguration, error) {
		return nil, errors.New("no schema")
	}, manager)
	if failing(live(t, c, ns)) {
		t.Fatal("a failed extraction reported a digest")
	}
	trim := trimManagedFields(map[reflect.Type][]string{reflect.TypeFor[*appsv1.Deployment](): {manager}},
		map[reflect.Type]func(any) bool{reflect.TypeFor[*appsv1.Deployment](): failing})
	kept := live(t, c, ns)
	if _, err := trim(kept); err != nil {
		t.Fatal(err)
	}
	if m := managers(kept.ManagedFields); !slices.Equal(m, []string{manager}) {
		t.Fatalf("after a failed digest the cache keeps %v, want the manager's entries", m)
	}
}
