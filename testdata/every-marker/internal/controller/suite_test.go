package controller

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	cachev1alpha1 "opgen.test/golden/every-marker/api/v1alpha1"
)

// The behaviour tests of the generated runtime, against a real kube-apiserver and etcd.
// TestMain starts them once, and one manager that runs the generated reconcilers in
// the namespaces the manager tests use, with the generated cache options; the writer
// tests use other namespaces.

var (
	cfg      *rest.Config
	scheme   = runtime.NewScheme()
	direct   client.Client // uncounted, uncached: the tests' own reads and writes
	managerR = &requests{}
	// managerCache is the manager's cache, which the reconcilers read.
	managerCache cache.Cache
)

const (
	quietNS     = "quiet"
	lifecycleNS = "lifecycle"
)

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		fmt.Fprintln(os.Stderr, "KUBEBUILDER_ASSETS is not set: export KUBEBUILDER_ASSETS=\"$(hack/envtest.sh | tail -n 1)\"")
		return 1
	}
	if err := AddToScheme(scheme); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	env := &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join("..", "..", "config", "crd", "bases")},
		ErrorIfCRDPathMissing: true,
		Scheme:                scheme,
	}
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
	if direct, err = client.New(cfg, client.Options{Scheme: scheme}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, ns := range []string{quietNS, lifecycleNS, "matrix"} {
		if err := direct.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}

	mcfg := rest.CopyConfig(cfg)
	mcfg.WrapTransport = managerR.wrap
	var limits ClientLimits
	limits.QPS, limits.Burst = DefaultKubeAPIQPS, DefaultKubeAPIBurst
	limits.Apply(mcfg)
	// The generated cache options, as the scaffolded main passes them: managedFields
	// trimmed to the operator's own entries, and digested on owned kinds.
	cacheOpts := CacheOptions()
	cacheOpts.DefaultNamespaces = map[string]cache.Config{quietNS: {}, lifecycleNS: {}}
	mgr, err := ctrl.NewManager(mcfg, ctrl.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Cache:                  cacheOpts,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	managerCache = mgr.GetCache()
	if err := SetupReconcilers(mgr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	if !mgr.GetCache().WaitForCacheSync(ctx) {
		fmt.Fprintln(os.Stderr, "cache did not sync")
		return 1
	}
	code := m.Run()
	cancel()
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, "manager:", err)
		return 1
	}
	return code
}

// requests counts the requests a client sends, by "VERB resource[/subresource]".
type requests struct {
	mu  sync.Mutex
	log []string
}

func (r *requests) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripper(func(req *http.Request) (*http.Response, error) {
		r.mu.Lock()
		r.log = append(r.log, describe(req))
		r.mu.Unlock()
		return rt.RoundTrip(req)
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// describe names a request "VERB resource[/subresource]"; VERB is APPLY for a
// Server-Side Apply patch.
func describe(req *http.Request) string {
	verb := req.Method
	if verb == http.MethodPatch && strings.HasPrefix(req.Header.Get("Content-Type"), "application/apply-patch") {
		verb = "APPLY"
	}
	if verb == http.MethodGet && req.URL.Query().Get("watch") == "true" {
		verb = "WATCH"
	}
	// /apis/<group>/<version>/namespaces/<ns>/<resource>/<name>/<sub>
	parts := strings.Split(strings.Trim(req.URL.Path, "/"), "/")
	if len(parts) > 0 && parts[0] == "apis" && len(parts) > 3 {
		parts = parts[3:]
	} else if len(parts) > 2 {
		parts = parts[2:]
	}
	if len(parts) >= 2 && parts[0] == "namespaces" {
		parts = parts[2:]
	}
	switch len(parts) {
	case 0:
		return verb
	case 1, 2:
		return verb + " " + parts[0]
	default:
		return verb + " " + parts[0] + "/" + parts[2]
	}
}

// mark returns the number of requests so far.
func (r *requests) mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.log)
}

// writesSince returns the write requests after mark.
func (r *requests) writesSince(mark int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, l := range r.log[mark:] {
		if !strings.HasPrefix(l, "GET") && !strings.HasPrefix(l, "WATCH") {
			out = append(out, l)
		}
	}
	return out
}

// since returns every request after mark.
func (r *requests) since(mark int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.log[mark:]...)
}

// countingClient is an uncached client whose requests are counted.
func countingClient(t *testing.T) (client.Client, *requests) {
	t.Helper()
	r := &requests{}
	c := rest.CopyConfig(cfg)
	c.WrapTransport = r.wrap
	cl, err := client.New(c, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	// Discovery happens once per client; it is not the writer's doing.
	if _, err := cl.RESTMapper().RESTMapping(cachev1alpha1.GroupVersion.WithKind("Memcached").GroupKind(), cachev1alpha1.GroupVersion.Version); err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	r.log = nil
	r.mu.Unlock()
	return cl, r
}
