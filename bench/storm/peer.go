package main

// The peer: kubebuilder's deploy-image Memcached controller, what users get today.
// It is scaffolded at benchmark time, outside this repository, in a cache folder
// (os.UserCacheDir()/opgen-peer/<version>, or $OPGEN_PEER_CACHE), and run in a process of
// its own built from the scaffolded module, with its own module versions: preparePeer
// is the recipe, each step skipped when its result is cached.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

const (
	// peerController is the peer's name among the controllers.
	peerController = "kubebuilder"
	// peerVersion is the kubebuilder release scaffolded.
	peerVersion = "v4.16.0"
	// peerImage is the operand image of kubebuilder's deploy-image tutorial.
	peerImage = "memcached:1.6.26-alpine3.19"
)

// peerScaffold is the scaffolding, as kubebuilder's deploy-image documentation gives it,
// run in an empty folder named memcached-operator.
var peerScaffold = [][]string{
	{"kubebuilder", "init", "--domain", "example.com", "--repo", "example.com/memcached-operator"},
	{"kubebuilder", "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached",
		"--image=" + peerImage, "--image-container-command=memcached,--memory-limit=64,-o,modern,-v",
		"--image-container-port=11211", "--run-as-user=1001", "--plugins=deploy-image/v1-alpha", "--make=false"},
	// The scaffolded Makefile installs its pinned controller-gen (v0.22.0 for v4.16.0)
	// through the module proxy.
	{"make", "manifests", "generate"},
}

// peerMain is the scaffolded project's extra command that runs its controller for the
// benchmark: written to cmd/storm-peer/main.go.
//
//go:embed peer/main.go.txt
var peerMain []byte

var memcachedGVK = schema.GroupVersionKind{Group: "cache.example.com", Version: "v1alpha1", Kind: "Memcached"}

func init() { colors[peerController] = "#2c6fbb" }

// peerBuild is the peer, ready to run.
type peerBuild struct {
	Binary string
	CRDDir string
}

// job points a child at the peer when it runs it.
func (p *peerBuild) job(j childJob) childJob {
	if p != nil && j.Controller == peerController {
		j.Peer, j.CRDDir = p.Binary, p.CRDDir
	}
	return j
}

// preparePeerFor prepares the peer when the controllers include it.
func preparePeerFor(ctx context.Context, controllers []string, progress io.Writer) (*peerBuild, error) {
	for _, c := range controllers {
		if c == peerController {
			return preparePeer(ctx, progress)
		}
	}
	return nil, nil
}

// peerCache is where the peer is scaffolded and built.
func peerCache() (string, error) {
	if d := os.Getenv("OPGEN_PEER_CACHE"); d != "" {
		return filepath.Join(d, peerVersion), nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "opgen-peer", peerVersion), nil
}

// peerPaths are the files preparePeer makes.
type peerPaths struct {
	kubebuilder, project, scaffolded, binary string
	peerBuild
}

func paths() (peerPaths, error) {
	cache, err := peerCache()
	if err != nil {
		return peerPaths{}, err
	}
	bin := filepath.Join(cache, "bin")
	project := filepath.Join(cache, "memcached-operator")
	sum := sha256.Sum256(peerMain)
	binary := filepath.Join(bin, "storm-peer-"+hex.EncodeToString(sum[:6]))
	return peerPaths{kubebuilder: filepath.Join(bin, "kubebuilder"), project: project,
		scaffolded: filepath.Join(project, ".opgen-scaffolded"),
		peerBuild:  peerBuild{Binary: binary, CRDDir: filepath.Join(project, "config", "crd", "bases")}}, nil
}

// peerCached is the peer when a previous run prepared it.
func peerCached() (*peerBuild, bool) {
	p, err := paths()
	if err != nil {
		return nil, false
	}
	for _, f := range []string{p.scaffolded, p.Binary} {
		if _, err := os.Stat(f); err != nil {
			return nil, false
		}
	}
	return &p.peerBuild, true
}

// preparePeer installs kubebuilder, scaffolds the project and builds the peer's binary,
// each step skipped when already done.
func preparePeer(ctx context.Context, progress io.Writer) (*peerBuild, error) {
	p, err := paths()
	if err != nil {
		return nil, err
	}
	kb, project, done, binary := p.kubebuilder, p.project, p.scaffolded, p.Binary
	bin := filepath.Dir(kb)
	if _, err := os.Stat(kb); err != nil {
		fmt.Fprintf(progress, "storm: installing kubebuilder %s in %s\n", peerVersion, bin)
		if err := runIn(ctx, bin, []string{"GOBIN=" + bin}, "go", "install", "sigs.k8s.io/kubebuilder/v4@"+peerVersion); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(done); err != nil {
		fmt.Fprintf(progress, "storm: scaffolding kubebuilder's deploy-image Memcached operator in %s\n", project)
		if err := os.RemoveAll(project); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(project, 0o755); err != nil {
			return nil, err
		}
		for _, c := range peerScaffold {
			if c[0] == "kubebuilder" {
				c = append([]string{kb}, c[1:]...)
			}
			if err := runIn(ctx, project, nil, c[0], c[1:]...); err != nil {
				return nil, err
			}
		}
		if err := os.WriteFile(done, []byte(strings.Join(scaffoldLines(), "\n")+"\n"), 0o644); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(binary); err != nil {
		fmt.Fprintf(progress, "storm: building %s\n", binary)
		dir := filepath.Join(project, "cmd", "storm-peer")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), peerMain, 0o644); err != nil {
			return nil, err
		}
		if err := runIn(ctx, project, nil, "go", "build", "-o", binary, "./cmd/storm-peer"); err != nil {
			return nil, err
		}
	}
	return &p.peerBuild, nil
}

func scaffoldLines() []string {
	var out []string
	for _, c := range peerScaffold {
		out = append(out, strings.Join(c, " "))
	}
	return out
}

func runIn(ctx context.Context, dir string, env []string, name string, args ...string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out.String())
	}
	return nil
}

// memcachedKind is the load's kind for the peer.
type memcachedKind struct{}

func (memcachedKind) object(name string) client.Object {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(memcachedGVK)
	u.SetName(name)
	u.SetNamespace("default")
	return u
}

func (memcachedKind) applyForeignStatus(ctx context.Context, c client.Client, name string, n int64) error {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": memcachedGVK.GroupVersion().String(), "kind": memcachedGVK.Kind,
		"metadata": map[string]any{"name": name, "namespace": "default"},
		"status": map[string]any{"conditions": []any{map[string]any{
			"type": outsiderCondition, "status": "True", "reason": "Poke", "message": fmt.Sprint(n),
			"lastTransitionTime": time.Now().UTC().Format(time.RFC3339),
		}}},
	}}
	return c.Status().Apply(ctx, client.ApplyConfigurationFromUnstructured(u), client.FieldOwner("outsider"), client.ForceOwnership)
}

// loadKind is the kind the outside writers act on when it is not the storm Cache.
type loadKind interface {
	// object is an object of the kind, named, to patch.
	object(name string) client.Object
	applyForeignStatus(ctx context.Context, c client.Client, name string, n int64) error
}

// peerConverged: the deploy-image status has no observedGeneration; an object is
// converged when its Available condition is True and reports the size of its spec, and
// its Deployment has that many replicas.
func peerConverged(ctx context.Context, c client.Client, u *unstructured.Unstructured) bool {
	size, found, _ := unstructured.NestedInt64(u.Object, "spec", "size")
	if !found {
		size = 1
	}
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, x := range conds {
		m, _ := x.(map[string]any)
		if m["type"] == "Available" && m["status"] == "True" &&
			strings.HasSuffix(fmt.Sprint(m["message"]), fmt.Sprintf(" with %d replicas created successfully", size)) {
			d := &appsv1.Deployment{}
			if err := c.Get(ctx, client.ObjectKey{Namespace: u.GetNamespace(), Name: u.GetName()}, d); err != nil {
				return false
			}
			return d.Spec.Replicas != nil && int64(*d.Spec.Replicas) == size
		}
	}
	return false
}

func listMemcached(ctx context.Context, c client.Client) (*unstructured.UnstructuredList, error) {
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(memcachedGVK.GroupVersion().WithKind("MemcachedList"))
	return list, c.List(ctx, list, client.InNamespace("default"))
}

func countPeerConverged(ctx context.Context, c client.Client) (int, error) {
	list, err := listMemcached(ctx, c)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range list.Items {
		if peerConverged(ctx, c, &list.Items[i]) {
			n++
		}
	}
	return n, nil
}

// runPeer is runOne for the peer: the same API server, load, watches and windows, the
// controller in its own process, its requests and rate-limiter waits read from that
// process's output and its metrics sampled from its metrics endpoint.
func runPeer(ctx context.Context, job childJob) (*Run, error) {
	sc := scenarioByName(job.Scenario)
	objects, workers, writers, interval := sc.settings(job.Params)
	run := &Run{Controller: job.Controller, Scenario: sc.name, Objects: objects, Workers: workers, PriorityQueue: !sc.legacyQueue}

	env := &envtest.Environment{CRDDirectoryPaths: []string{job.CRDDir}, ErrorIfCRDPathMissing: true}
	env.ControlPlane.GetAPIServer().Configure().
		Set("advertise-address", "127.0.0.1").
		Set("endpoint-reconciler-type", "none")
	cfg, err := env.Start()
	if err != nil {
		return nil, fmt.Errorf("starting envtest: %w", err)
	}
	defer env.Stop()

	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return nil, err
	}
	outside, err := client.NewWithWatch(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return nil, err
	}
	pr := &probe{reqs: &requestLog{}, limiter: &timedLimiter{}, smp: &sampler{}, effective: &effectiveWrites{}, owned: &ownedChanges{},
		resource: "memcacheds", serverAt: map[time.Time]float64{}, gensAt: map[time.Time]int64{}}

	// The controller's process.
	qps, burst := float32(-1), 0 // what ctrl.GetConfigOrDie() gives kubebuilder's main
	if sc.qps > 0 {
		qps, burst = sc.qps, sc.burst
	}
	run.QPS, run.Burst = qps, burst
	metricsAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	pj, _ := json.Marshal(map[string]any{"host": cfg.Host, "caData": cfg.CAData, "certData": cfg.CertData, "keyData": cfg.KeyData,
		"workers": workers, "priorityQueue": !sc.legacyQueue, "qps": qps, "burst": burst, "metricsAddr": metricsAddr})
	cmd := exec.Command(job.Peer)
	cmd.Env = append(os.Environ(), "OPGEN_STORM_PEER="+string(pj))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var stopped bool
	defer func() {
		if !stopped {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	readDone := make(chan error, 1)
	go func() { readDone <- pr.readPeer(stdout) }()

	mctx, stop := context.WithCancel(ctx)
	defer stop()
	pr.smp.gather = scrape(metricsAddr)
	go pr.smp.run(mctx, "memcached")

	// The watch that counts effective status writes.
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(memcachedGVK.GroupVersion().WithKind("MemcachedList"))
	w, err := outside.Watch(mctx, list, client.InNamespace("default"))
	if err != nil {
		return nil, err
	}
	go pr.effective.countUnstructured(w)
	if err := pr.owned.watch(mctx, outside); err != nil {
		return nil, err
	}

	// Setup: create the objects and wait until the controller converged them.
	setupStart := time.Now()
	for i := 0; i < objects; i++ {
		u := memcachedKind{}.object(fmt.Sprintf("c%04d", i)).(*unstructured.Unstructured)
		u.Object["spec"] = map[string]any{"size": int64(1), "containerPort": int64(11211)}
		if err := outside.Create(ctx, u); err != nil {
			return nil, err
		}
	}
	deadline := time.Now().Add(setupTimeout(objects))
	for {
		n, err := countPeerConverged(ctx, outside)
		if err != nil {
			return nil, err
		}
		run.SetupConverged = n
		if n == objects {
			break
		}
		if time.Now().After(deadline) {
			if n == 0 {
				return nil, fmt.Errorf("no object converged in %v\n%s", setupTimeout(objects), stderr.String())
			}
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(time.Second)

	// Load, then quiet.
	pr.gen = &loadGenerator{c: outside, objects: objects, mix: sc.mix, seed: job.Params.Seed, kind: memcachedKind{}}
	loadStart := time.Now()
	pr.markPeer(ctx, cfg, outside, loadStart)
	lctx, stopLoad := context.WithTimeout(ctx, time.Duration(job.Params.Load))
	pr.gen.run(lctx, writers, interval)
	stopLoad()
	loadEnd := time.Now()
	pr.markPeer(ctx, cfg, outside, loadEnd)
	time.Sleep(drain)
	quietStart := time.Now()
	pr.markPeer(ctx, cfg, outside, quietStart)
	time.Sleep(time.Duration(job.Params.Quiet))
	end := time.Now()
	pr.markPeer(ctx, cfg, outside, end)

	if run.Converged, err = countPeerConverged(ctx, outside); err != nil {
		return nil, err
	}
	stop()
	// Stop the controller and read the rest of its output.
	cmd.Process.Signal(syscall.SIGTERM)
	rerr := <-readDone
	werr := cmd.Wait()
	stopped = true
	if rerr != nil {
		return nil, fmt.Errorf("reading the peer's output: %v\n%s", rerr, stderr.String())
	}
	if werr != nil {
		return nil, fmt.Errorf("the peer: %v\n%s", werr, stderr.String())
	}

	run.Setup = pr.window(setupStart, loadStart)
	run.Load = pr.window(loadStart, loadEnd)
	run.Drain = pr.window(loadEnd, quietStart)
	run.Quiet = pr.window(quietStart, end)
	run.SpecChanges = run.Load.SpecChanges
	run.Timeline = pr.timeline(loadStart, end)
	return run, nil
}

// readPeer records the peer's requests and rate-limiter waits as the wrapping
// transport and the timed limiter do in process (describe names the requests).
func (pr *probe) readPeer(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l struct {
			At          int64  `json:"at"`
			Wait        *int64 `json:"wait"`
			Method      string `json:"method"`
			Path        string `json:"path"`
			Query       string `json:"query"`
			ContentType string `json:"contentType"`
			Code        int    `json:"code"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%v: %s", err, sc.Text())
		}
		at := time.Unix(0, l.At)
		if l.Wait != nil {
			pr.limiter.mu.Lock()
			pr.limiter.waits = append(pr.limiter.waits, wait{at: at, d: time.Duration(*l.Wait)})
			pr.limiter.mu.Unlock()
			continue
		}
		req := &http.Request{Method: l.Method, URL: &url.URL{Path: l.Path, RawQuery: l.Query}, Header: http.Header{}}
		req.Header.Set("Content-Type", l.ContentType)
		pr.reqs.mu.Lock()
		pr.reqs.log = append(pr.reqs.log, request{at: at, key: describe(req), code: l.Code})
		pr.reqs.mu.Unlock()
	}
	return sc.Err()
}

// markPeer is mark for the Memcached kind.
func (pr *probe) markPeer(ctx context.Context, cfg *rest.Config, outside client.Client, t time.Time) {
	n, err := serverWrites(ctx, cfg, memcachedGVK.Group, "memcacheds")
	if err == nil {
		pr.serverAt[t] = n
	} else {
		fmt.Fprintln(os.Stderr, "storm: reading apiserver_request_total:", err)
	}
	if list, err := listMemcached(ctx, outside); err == nil {
		for _, o := range list.Items {
			pr.gensAt[t] += o.GetGeneration()
		}
	}
}

// countUnstructured is count for a kind read as unstructured objects: stored status
// changes other than the outside writers' condition.
func (e *effectiveWrites) countUnstructured(w watch.Interface) {
	e.countBy(w, func(o runtime.Object) (string, string, bool) {
		obj, ok := o.(*unstructured.Unstructured)
		if !ok {
			return "", "", false
		}
		st, _, _ := unstructured.NestedMap(obj.Object, "status")
		if conds, ok := st["conditions"].([]any); ok {
			var keep []any
			for _, c := range conds {
				if m, _ := c.(map[string]any); m["type"] != outsiderCondition {
					keep = append(keep, c)
				}
			}
			st["conditions"] = keep
		}
		key, _ := json.Marshal(st)
		return obj.GetName(), string(key), true
	})
}

// scrape reads a metrics endpoint in the protocol-buffer format, which keeps native
// histograms, as the in-process registry gives them.
func scrape(addr string) func() ([]*dto.MetricFamily, error) {
	hc := &http.Client{Timeout: 2 * time.Second}
	var mu sync.Mutex
	return func() ([]*dto.MetricFamily, error) {
		mu.Lock()
		defer mu.Unlock()
		req, err := http.NewRequest(http.MethodGet, "http://"+addr+"/metrics", nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", string(expfmt.NewFormat(expfmt.TypeProtoDelim)))
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		dec := expfmt.NewDecoder(resp.Body, expfmt.ResponseFormat(resp.Header))
		var out []*dto.MetricFamily
		for {
			mf := &dto.MetricFamily{}
			if err := dec.Decode(mf); err == io.EOF {
				return out, nil
			} else if err != nil {
				return nil, err
			}
			out = append(out, mf)
		}
	}
}

// freeAddr is a free loopback address for the peer's metrics.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}
