package guards

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/opgen-dev/opgen/internal/envtestassets"
)

// The gated apply is proven against a real API server: a fake client records field
// ownership wrongly, and ownership is what the gate reads.
var (
	cfg *rest.Config
	// applies counts the Server-Side Apply requests sent through counted clients.
	applies sync.Map // test name → *int
)

func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	flag.Parse()
	assets, err := envtestassets.Dir("../../..")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	env := &envtest.Environment{BinaryAssetsDirectory: assets}
	// Hosts without a default route need both, or the apiserver cannot pick an address.
	env.ControlPlane.GetAPIServer().Configure().
		Set("advertise-address", "127.0.0.1").
		Set("endpoint-reconciler-type", "none")
	var stop func()
	if cfg, stop, err = envtestassets.Start(env); err != nil {
		fmt.Fprintln(os.Stderr, "starting envtest:", err)
		return 1
	}
	defer stop()
	return m.Run()
}

// counted is a client of the real API server that counts its applies.
type counted struct {
	client.Client
	mu sync.Mutex
	n  int
}

func newCounted(t *testing.T) *counted {
	t.Helper()
	c := &counted{}
	rc := rest.CopyConfig(cfg)
	rc.WrapTransport = func(rt http.RoundTripper) http.RoundTripper {
		return roundTrip(func(req *http.Request) (*http.Response, error) {
			if req.Method == http.MethodPatch && strings.HasPrefix(req.Header.Get("Content-Type"), "application/apply-patch") {
				c.mu.Lock()
				c.n++
				c.mu.Unlock()
			}
			return rt.RoundTrip(req)
		})
	}
	var err error
	if c.Client, err = client.New(rc, client.Options{}); err != nil {
		t.Fatal(err)
	}
	return c
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// sent returns the applies sent since the last call.
func (c *counted) sent() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.n
	c.n = 0
	return n
}

// frozen reads Deployments from a copy taken once, as an informer cache that has not
// caught up; writes go to the server.
type frozen struct {
	client.Client
	copy *appsv1.Deployment // nil: the cache does not have the object
}

func (f frozen) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	d, ok := obj.(*appsv1.Deployment)
	if !ok {
		return f.Client.Get(ctx, key, obj, opts...)
	}
	if f.copy == nil {
		return f.Client.Get(ctx, client.ObjectKey{Namespace: key.Namespace, Name: "never-" + key.Name}, obj, opts...) // a real NotFound
	}
	f.copy.DeepCopyInto(d)
	return nil
}

func namespace(t *testing.T, c client.Client) string {
	t.Helper()
	name := strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name()))
	if len(name) > 50 {
		name = name[:50]
	}
	if err := c.Create(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}); err != nil {
		t.Fatal(err)
	}
	return name
}

func deployment(ns string, replicas int32, image string) *appsv1ac.DeploymentApplyConfiguration {
	labels := map[string]string{"app": "memcached"}
	return appsv1ac.Deployment("memcached", ns).
		WithLabels(labels).
		WithSpec(appsv1ac.DeploymentSpec().
			WithReplicas(replicas).
			WithSelector(metav1ac.LabelSelector().WithMatchLabels(labels)).
			WithTemplate(corev1ac.PodTemplateSpec().
				WithLabels(labels).
				WithSpec(corev1ac.PodSpec().WithContainers(corev1ac.Container().
					WithName("memcached").
					WithImage(image).
					WithPorts(corev1ac.ContainerPort().WithName("memcached").WithContainerPort(11211).WithProtocol(corev1.ProtocolTCP)).
					WithResources(corev1ac.ResourceRequirements().WithRequests(corev1.ResourceList{
						corev1.ResourceCPU: mustQuantity("0.5"), // stored as 500m: compared semantically
					}))))))
}

const manager = "memcached-operator"

// ownerKind is the kind label of the tests' gated applies.
const ownerKind = "Memcached"

func applyDeployment(t *testing.T, c client.Client, desired *appsv1ac.DeploymentApplyConfiguration) bool {
	t.Helper()
	written, err := applyOwned(context.Background(), c, ownerKind, manager, desired, &appsv1.Deployment{}, appsv1ac.ExtractDeployment)
	if err != nil {
		t.Fatal(err)
	}
	return written
}

func live(t *testing.T, c client.Client, ns string) *appsv1.Deployment {
	t.Helper()
	d := &appsv1.Deployment{}
	if err := c.Get(context.Background(), client.ObjectKey{Namespace: ns, Name: "memcached"}, d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestApplyOwnedOnlyWhenDifferent: an absent object is created with one apply, an
// unchanged one costs no request, a changed field costs exactly one.
func TestApplyOwnedOnlyWhenDifferent(t *testing.T) {
	c := newCounted(t)
	ns := namespace(t, c)
	counters := gatherOwned(t)
	if !applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("the absent Deployment was not created with one apply")
	}
	rv := live(t, c, ns).ResourceVersion
	for i := 0; i < 3; i++ {
		if applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) {
			t.Fatal("an unchanged Deployment was written")
		}
	}
	if n := c.sent(); n != 0 {
		t.Fatalf("%d applies for an unchanged Deployment, want none", n)
	}
	if got := live(t, c, ns).ResourceVersion; got != rv {
		t.Fatalf("resourceVersion moved from %s to %s", rv, got)
	}
	if !applyDeployment(t, c, deployment(ns, 3, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("a changed replica count was not one apply")
	}
	if got := *live(t, c, ns).Spec.Replicas; got != 3 {
		t.Fatalf("replicas = %d after the apply, want 3", got)
	}
	if applyDeployment(t, c, deployment(ns, 3, "memcached:1.6")) || c.sent() != 0 {
		t.Fatal("the apply after a change repeated it")
	}
	if !applyDeployment(t, c, deployment(ns, 3, "memcached:1.7")) || c.sent() != 1 {
		t.Fatal("a changed image was not one apply")
	}
	// 3 applies sent (create, replicas, image); 4 calls settled by the copy the server
	// answered with.
	counters.want(t, map[string]float64{"sent": 3, "unchanged": 4, "cache_behind": 0})
}

// TestApplyOwnedComparesOnce: the fields of a copy are extracted once per
// resourceVersion, and not at all at the server's answer to the gated apply's own
// write; a change by another manager, or a new desired state, is compared again.
func TestApplyOwnedComparesOnce(t *testing.T) {
	c := newCounted(t)
	ns := namespace(t, c)
	extracts := 0
	apply := func(d *appsv1ac.DeploymentApplyConfiguration) bool {
		t.Helper()
		written, err := applyOwned(context.Background(), c, ownerKind, manager, d, &appsv1.Deployment{},
			func(d *appsv1.Deployment, m string) (*appsv1ac.DeploymentApplyConfiguration, error) {
				extracts++
				return appsv1ac.ExtractDeployment(d, m)
			})
		if err != nil {
			t.Fatal(err)
		}
		return written
	}
	check := func(step string, wrote, wantWrote bool, wantExtracts int) {
		t.Helper()
		if wrote != wantWrote || extracts != wantExtracts {
			t.Fatalf("%s: wrote %v with %d extractions, want %v with %d", step, wrote, extracts, wantWrote, wantExtracts)
		}
		extracts = 0
	}
	check("create", apply(deployment(ns, 1, "memcached:1.6")), true, 0)
	for range 3 {
		check("the answer to the create", apply(deployment(ns, 1, "memcached:1.6")), false, 0)
	}
	other := appsv1ac.Deployment("memcached", ns).WithAnnotations(map[string]string{"team.example.com/owner": "cache"})
	if err := c.Apply(context.Background(), other, client.FieldOwner("platform-tool"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	check("another manager's change", apply(deployment(ns, 1, "memcached:1.6")), false, 1)
	for range 3 {
		check("the copy compared before", apply(deployment(ns, 1, "memcached:1.6")), false, 0)
	}
	check("a new desired state", apply(deployment(ns, 2, "memcached:1.6")), true, 1)
	check("its answer", apply(deployment(ns, 2, "memcached:1.6")), false, 0)
	if n := c.sent(); n != 3 {
		t.Fatalf("%d applies, want 3 (the other manager's and two of the gate)", n)
	}
}

// TestApplyOwnedLeavesOtherManagers: fields another manager owns are no difference and
// are never touched; a field desired sets that another manager changed is taken back
// with one apply, and then there is peace.
func TestApplyOwnedLeavesOtherManagers(t *testing.T) {
	c := newCounted(t)
	ns := namespace(t, c)
	applyDeployment(t, c, deployment(ns, 2, "memcached:1.6"))
	c.sent()

	// Another manager applies fields desired never sets: an annotation, a label, a
	// toleration-free scheduling knob.
	other := appsv1ac.Deployment("memcached", ns).
		WithAnnotations(map[string]string{"team.example.com/owner": "cache"}).
		WithLabels(map[string]string{"team.example.com/tier": "gold"}).
		WithSpec(appsv1ac.DeploymentSpec().WithMinReadySeconds(5))
	if err := c.Apply(context.Background(), other, client.FieldOwner("platform-tool"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	c.sent()
	// A person edits another field with an Update (kubectl edit): it becomes theirs.
	d := live(t, c, ns)
	d.Spec.RevisionHistoryLimit = ptr.To[int32](3)
	if err := c.Update(context.Background(), d, client.FieldOwner("kubectl-edit")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if applyDeployment(t, c, deployment(ns, 2, "memcached:1.6")) {
			t.Fatal("fields of other managers were seen as a difference")
		}
	}
	if n := c.sent(); n != 0 {
		t.Fatalf("%d applies with only other managers' fields changed, want none", n)
	}
	got := live(t, c, ns)
	if got.Annotations["team.example.com/owner"] != "cache" || got.Labels["team.example.com/tier"] != "gold" ||
		got.Spec.MinReadySeconds != 5 || *got.Spec.RevisionHistoryLimit != 3 {
		t.Fatalf("another manager's fields were changed: %v %v %d %d", got.Annotations, got.Labels, got.Spec.MinReadySeconds, *got.Spec.RevisionHistoryLimit)
	}

	// A person scales the Deployment by hand: replicas is desired's, so it comes back,
	// once.
	d = live(t, c, ns)
	d.Spec.Replicas = ptr.To[int32](7)
	if err := c.Update(context.Background(), d, client.FieldOwner("kubectl-edit")); err != nil {
		t.Fatal(err)
	}
	if !applyDeployment(t, c, deployment(ns, 2, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("a field desired sets, changed by someone else, was not taken back with one apply")
	}
	if r := *live(t, c, ns).Spec.Replicas; r != 2 {
		t.Fatalf("replicas = %d, want 2", r)
	}
	if applyDeployment(t, c, deployment(ns, 2, "memcached:1.6")) || c.sent() != 0 {
		t.Fatal("the Deployment was applied again after it was taken back")
	}
}

// TestApplyOwnedStaleCache: right after an apply the cache still holds the copy the
// decision was made from; deciding again from it sends nothing, whether the object was
// there (an update) or not (a create). Without the memory the same call would apply
// again, which the last step shows.
func TestApplyOwnedStaleCache(t *testing.T) {
	c := newCounted(t)
	ns := namespace(t, c)
	counters := gatherOwned(t)

	// Create: the cache does not have the object yet.
	stale := frozen{Client: c}
	if !applyDeployment(t, stale, deployment(ns, 1, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("the absent Deployment was not created with one apply")
	}
	if applyDeployment(t, stale, deployment(ns, 1, "memcached:1.6")) || c.sent() != 0 {
		t.Fatal("a cache that has not seen the create yet got a second apply")
	}

	// Update: the cache holds the object as it was before the change.
	stale = frozen{Client: c, copy: live(t, c, ns)}
	if !applyDeployment(t, stale, deployment(ns, 4, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("the change was not one apply")
	}
	for i := 0; i < 3; i++ {
		if applyDeployment(t, stale, deployment(ns, 4, "memcached:1.6")) {
			t.Fatal("the stale copy got a second apply")
		}
	}
	if n := c.sent(); n != 0 {
		t.Fatalf("%d applies from a stale copy, want none", n)
	}
	// A different desired state from the same stale copy is a new decision.
	if !applyDeployment(t, stale, deployment(ns, 5, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("a new desired state from the stale copy was not applied")
	}
	// The cache catches up: the fields decide, and they agree.
	if applyDeployment(t, c, deployment(ns, 5, "memcached:1.6")) || c.sent() != 0 {
		t.Fatal("the caught-up cache got an apply")
	}
	// The memory is what held the stale copy back: forget it, and the same call applies.
	ownedMemory.Lock()
	clear(ownedMemory.m)
	ownedMemory.Unlock()
	if !applyDeployment(t, stale, deployment(ns, 5, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("without the memory the stale copy did not apply: the test above proves nothing")
	}
	// Sent: the create, the change, the new desired state, the call without memory;
	// behind: the create's second call and the three from the stale copy; unchanged:
	// the caught-up copy, the answer.
	counters.want(t, map[string]float64{"sent": 4, "unchanged": 1, "cache_behind": 4})
}

// TestApplyOwnedRestoresDeleted: an owned object deleted after the cache showed it (a
// person's kubectl delete) is created again by the next decision, with one apply. The
// write memory must not take the copy the deletion leaves (none) for the copy the first
// create was decided from (none either) and hold the create back.
func TestApplyOwnedRestoresDeleted(t *testing.T) {
	c := newCounted(t)
	ns := namespace(t, c)
	if !applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("the absent Deployment was not created with one apply")
	}
	if applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) || c.sent() != 0 {
		t.Fatal("an unchanged Deployment was written")
	}
	if err := c.Delete(context.Background(), live(t, c, ns)); err != nil {
		t.Fatal(err)
	}
	if !applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) || c.sent() != 1 {
		t.Fatal("the deleted Deployment was not created again with one apply")
	}
	if applyDeployment(t, c, deployment(ns, 1, "memcached:1.6")) || c.sent() != 0 {
		t.Fatal("the restored Deployment was written again")
	}
}

// TestControllerReference: the reference the generated applies add, and when.
func TestControllerReference(t *testing.T) {
	owner := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "m", UID: "u-1"}}
	ref := controllerReference(owner, "cache.example.com/v1alpha1", "Memcached")
	if *ref.APIVersion != "cache.example.com/v1alpha1" || *ref.Kind != "Memcached" || *ref.Name != "m" || *ref.UID != "u-1" || !*ref.Controller || !*ref.BlockOwnerDeletion {
		t.Fatalf("controllerReference = %+v", ref)
	}
	if hasController(nil) || hasController([]metav1ac.OwnerReferenceApplyConfiguration{*metav1ac.OwnerReference().WithName("x")}) {
		t.Fatal("a reference without controller counted as a controller")
	}
	if !hasController([]metav1ac.OwnerReferenceApplyConfiguration{*ref}) {
		t.Fatal("the controller reference was not found")
	}
}

// TestApplyOwnedNamesItsObject: a configuration without a name is an error, not a request.
func TestApplyOwnedNamesItsObject(t *testing.T) {
	c := newCounted(t)
	_, err := applyOwned(context.Background(), c, ownerKind, manager, appsv1ac.Deployment("", "default"), &appsv1.Deployment{}, appsv1ac.ExtractDeployment)
	if err == nil || !strings.Contains(err.Error(), "names no object") || c.sent() != 0 {
		t.Fatalf("err = %v", err)
	}
}

func mustQuantity(s string) resource.Quantity { return resource.MustParse(s) }
