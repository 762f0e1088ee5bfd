package controller

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	owned "opgen.test/golden/owned/api/v1"
	stageac "opgen.test/golden/owned/api/v1/applyconfiguration/api/v1"
)

// The gated apply of a kind of the module, against a real kube-apiserver and etcd.
var (
	cfg    *rest.Config
	scheme = runtime.NewScheme()
	k8s    client.Client
)

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		fmt.Fprintln(os.Stderr, "KUBEBUILDER_ASSETS is not set")
		return 1
	}
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, owned.AddToScheme} {
		if err := add(scheme); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	env := &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join("..", "..", "config", "crd", "bases")},
		ErrorIfCRDPathMissing: true,
		Scheme:                scheme,
	}
	// Hosts without a default route need both, or the apiserver cannot pick an address.
	env.ControlPlane.GetAPIServer().Configure().
		Set("advertise-address", "127.0.0.1").
		Set("endpoint-reconciler-type", "none")
	var err error
	// Caught from before Start (envtest's processes are in groups of their own, which a
	// Ctrl-C does not reach): stopped on a failed start, an interrupt and a return.
	signals := make(chan os.Signal, 1)
	signal.Ignore(syscall.SIGPIPE) // a closed output pipe must not end it before env.Stop
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	if cfg, err = env.Start(); err != nil {
		env.Stop()
		fmt.Fprintln(os.Stderr, "starting envtest:", err)
		return 1
	}
	defer env.Stop()
	go func() { <-signals; env.Stop(); os.Exit(1) }()
	if k8s, err = client.New(cfg, client.Options{Scheme: scheme}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

func getStage(t *testing.T, name string) *owned.Stage {
	t.Helper()
	var s owned.Stage
	if err := k8s.Get(context.Background(), client.ObjectKey{Namespace: "default", Name: name}, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

func step(s *owned.Stage, name string) owned.Step {
	for _, st := range s.Spec.Steps {
		if st.Name == name {
			return st
		}
	}
	return owned.Step{}
}

// applyCounter is an uncached client that counts its Server-Side Applies.
func applyCounter(t *testing.T) (client.Client, *atomic.Int64) {
	t.Helper()
	n := &atomic.Int64{}
	c := rest.CopyConfig(cfg)
	c.WrapTransport = func(rt http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(r *http.Request) (*http.Response, error) {
			if r.Method == http.MethodPatch && strings.HasPrefix(r.Header.Get("Content-Type"), "application/apply-patch") {
				n.Add(1)
			}
			return rt.RoundTrip(r)
		})
	}
	cl, err := client.New(c, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	return cl, n
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestGatedApplyOfAModuleKind: the gated apply of a kind of the module (Pipeline owns
// Stage) reads the fields it owns through the generated ExtractStage: one apply to
// create, none when nothing changed (a list-map, a map, an int-or-string, a set),
// none when another manager adds its own step, env key and tag, one when desired
// changes.
func TestGatedApplyOfAModuleKind(t *testing.T) {
	ctx := context.Background()
	p := &owned.Pipeline{ObjectMeta: metav1.ObjectMeta{Name: "gated", Namespace: "default"}}
	if err := k8s.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	c, applies := applyCounter(t)
	desired := func(image string) *stageac.StageApplyConfiguration {
		return stageac.Stage("gated-build", "").
			WithSpec(stageac.StageSpec().
				WithSteps(stageac.Step().WithName("compile").WithImage(image).WithMaxFailures(intstr.FromString("10%"))).
				WithEnv(map[string]string{"GOFLAGS": "-mod=mod"}).
				WithRunner(stageac.Runner().WithPool("linux")).
				WithTags("go"))
	}
	apply := func(image string) bool {
		t.Helper()
		written, err := ApplyPipelineStage(ctx, c, p, desired(image))
		if err != nil {
			t.Fatal(err)
		}
		return written
	}
	if !apply("golang:1.26") || applies.Load() != 1 {
		t.Fatalf("create: %d applies, want 1", applies.Load())
	}
	s := getStage(t, "gated-build")
	if !metav1.IsControlledBy(s, p) {
		t.Fatalf("the Stage is not controlled by its Pipeline: %+v", s.OwnerReferences)
	}
	if apply("golang:1.26") || apply("golang:1.26") || applies.Load() != 1 {
		t.Fatalf("unchanged: %d applies in all, want 1", applies.Load())
	}
	other := stageac.Stage("gated-build", "default").WithSpec(stageac.StageSpec().
		WithSteps(stageac.Step().WithName("publish").WithImage("ko")).
		WithEnv(map[string]string{"REGISTRY": "registry.example.com"}).
		WithTags("release"))
	if err := k8s.Apply(ctx, other, client.FieldOwner("release-tool"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	if apply("golang:1.26") || applies.Load() != 1 {
		t.Fatalf("another manager's step, key and tag: %d applies in all, want 1", applies.Load())
	}
	if !apply("golang:1.27") || applies.Load() != 2 {
		t.Fatalf("changed image: %d applies in all, want 2", applies.Load())
	}
	s = getStage(t, "gated-build")
	if step(s, "compile").Image != "golang:1.27" || step(s, "publish").Image != "ko" || s.Spec.Env["REGISTRY"] == "" {
		t.Fatalf("after the change: %+v", s.Spec)
	}
}
