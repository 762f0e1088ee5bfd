package main

// The peer: kubebuilder's deploy-image Memcached controller, what users get today.
// It is scaffolded at benchmark time, outside this repository, in a cache folder
// (os.UserCacheDir()/opgen-peer/<version>, or $OPGEN_PEER_CACHE), and run in a process of
// its own built from the scaffolded module, with its own module versions: preparePeer
// is the recipe, each step skipped when its result is cached.

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
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
// its Deployment (replicas, by name) has that many replicas.
func peerConverged(u *unstructured.Unstructured, replicas map[string]int32) bool {
	size, found, _ := unstructured.NestedInt64(u.Object, "spec", "size")
	if !found {
		size = 1
	}
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, x := range conds {
		m, _ := x.(map[string]any)
		if m["type"] == "Available" && m["status"] == "True" &&
			strings.HasSuffix(fmt.Sprint(m["message"]), fmt.Sprintf(" with %d replicas created successfully", size)) {
			r, ok := replicas[u.GetName()]
			return ok && int64(r) == size
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
	var deps appsv1.DeploymentList
	if err := c.List(ctx, &deps, client.InNamespace("default")); err != nil {
		return 0, err
	}
	replicas := map[string]int32{}
	for _, d := range deps.Items {
		if d.Spec.Replicas != nil {
			replicas[d.Name] = *d.Spec.Replicas
		}
	}
	n := 0
	for i := range list.Items {
		if peerConverged(&list.Items[i], replicas) {
			n++
		}
	}
	return n, nil
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
