package controller

// This file is not part of any project opgen writes: TestScaffoldUnderLoad (cmd/opgen)
// copies it into a copy of golden/init-memcached, whose reconciler is exactly what
// `opgen init` + `opgen create api --owns apps/v1/Deployment` scaffold, and runs it
// there against the suite's API server and manager.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "example.com/memcached-operator/api/cache/v1alpha1"
)

// loadFigures is what TestOwnedUnderLoad measured, printed as one JSON line.
type loadFigures struct {
	Objects         int `json:"objects"`
	OutsideWrites   int `json:"outsideWrites"`
	SpecChanges     int `json:"specChanges"`
	DeploymentWrite int `json:"deploymentWrites"`
	// DeploymentChanges are the manager's Deployment writes that changed the stored
	// Deployment: watch events on Deployments less the outside writers' own.
	DeploymentChanges int `json:"deploymentChanges"`
	StatusWrites      int `json:"statusWrites"`
	// StatusChanges are the stored status changes, seen by a watch.
	StatusChanges int `json:"statusChanges"`
	Conflicts     int `json:"conflicts"`
	QuietWrites   int `json:"quietWrites"`
}

// TestOwnedUnderLoad creates Memcached objects, lets the scaffolded reconciler converge
// them, then runs outside writers for a while: spec.replicas changes and annotations on
// the Memcacheds, annotations and status updates (what the Deployment controller does)
// on their Deployments. Every Deployment must end at its Memcached's spec.replicas,
// with the manager's Deployment writes within 5% of the Deployment changes they made,
// its status writes within 5% of the status changes, no 409, and no write once the
// load stops.
func TestOwnedUnderLoad(t *testing.T) {
	const objects, writers = 20, 4
	ctx := context.Background()
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "load-"}}
	if err := testClient.Create(ctx, ns); err != nil {
		t.Fatal(err)
	}
	wc, err := client.NewWithWatch(testConfig, client.Options{Scheme: testClient.Scheme()})
	if err != nil {
		t.Fatal(err)
	}
	wctx, stopWatches := context.WithCancel(ctx)
	defer stopWatches()
	deployEvents := countEvents(t, wctx, wc, &appsv1.DeploymentList{}, ns.Name, func(watch.Event) bool { return true })
	lastStatus := map[string]string{}
	statusEvents := countEvents(t, wctx, wc, &cachev1alpha1.MemcachedList{}, ns.Name, func(ev watch.Event) bool {
		m := ev.Object.(*cachev1alpha1.Memcached)
		s, _ := json.Marshal(m.Status)
		prev, seen := lastStatus[m.Name]
		lastStatus[m.Name] = string(s)
		return ev.Type == watch.Modified && seen && prev != string(s)
	})

	replicas := map[string]int32{}
	for i := 0; i < objects; i++ {
		m := &cachev1alpha1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("m%02d", i), Namespace: ns.Name},
			Spec: cachev1alpha1.MemcachedSpec{Replicas: 1}}
		if err := testClient.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		replicas[m.Name] = 1
	}
	waitKept(t, ns.Name, replicas, time.Minute)
	settle(t)

	before := serverCounts(t)
	deploy0, status0 := deployEvents.n(), statusEvents.n()
	// Outside writes of Deployments: of the object (annotations) and of its status.
	outsideDeployWrites, outsideDeployStatus, outside, specChanges := 0, 0, 0, 0
	var mu sync.Mutex
	lctx, stop := context.WithTimeout(ctx, 10*time.Second)
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		rng := rand.New(rand.NewSource(int64(w + 1)))
		go func() {
			defer wg.Done()
			tick := time.NewTicker(100 * time.Millisecond)
			defer tick.Stop()
			for n := 0; ; n++ {
				select {
				case <-lctx.Done():
					return
				case <-tick.C:
				}
				name := fmt.Sprintf("m%02d", rng.Intn(objects))
				key := client.ObjectKey{Namespace: ns.Name, Name: name}
				stamp := fmt.Sprintf("%d-%d", w, n) // unique: every outside write changes what it writes
				var err error
				deploymentWrite, deploymentStatus, specChange := false, false, false
				mu.Lock()
				switch rng.Intn(4) {
				case 0: // the user scales the Memcached
					replicas[name] = replicas[name]%5 + 1
					err = testClient.Patch(ctx, &cachev1alpha1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns.Name}},
						client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"spec":{"replicas":%d}}`, replicas[name]))))
					specChange = true
				case 1: // a tool annotates the Memcached
					err = testClient.Patch(ctx, &cachev1alpha1.Memcached{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns.Name}},
						client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"metadata":{"annotations":{"tool":%q}}}`, stamp))))
				case 2: // a tool annotates the Deployment
					err = testClient.Patch(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns.Name}},
						client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"metadata":{"annotations":{"tool":%q}}}`, stamp))))
					deploymentWrite = true
				case 3: // the Deployment controller reports on its Deployment
					d := &appsv1.Deployment{}
					if err = testClient.Get(ctx, key, d); err == nil {
						err = testClient.Status().Patch(ctx, d, client.RawPatch(types.MergePatchType,
							[]byte(fmt.Sprintf(`{"status":{"observedGeneration":%d,"replicas":%d,"updatedReplicas":%d,"collisionCount":%d}}`, d.Generation, *d.Spec.Replicas, *d.Spec.Replicas, outside+1))))
					}
					deploymentStatus = true
				}
				if err != nil {
					mu.Unlock()
					t.Errorf("outside write: %v", err)
					return
				}
				outside++
				if deploymentWrite {
					outsideDeployWrites++
				}
				if deploymentStatus {
					outsideDeployStatus++
				}
				if specChange {
					specChanges++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	stop()
	mu.Lock()
	kept := map[string]int32{}
	for k, v := range replicas {
		kept[k] = v
	}
	mu.Unlock()
	waitKept(t, ns.Name, kept, time.Minute)
	settle(t)
	after := serverCounts(t)
	quietFrom := managerWrites.Load()
	time.Sleep(3 * time.Second)

	f := loadFigures{
		Objects: objects, OutsideWrites: outside, SpecChanges: specChanges,
		DeploymentWrite:   after.deploymentWrites - before.deploymentWrites - outsideDeployWrites,
		DeploymentChanges: deployEvents.n() - deploy0 - outsideDeployWrites - outsideDeployStatus,
		StatusWrites:      after.statusWrites - before.statusWrites,
		StatusChanges:     statusEvents.n() - status0,
		Conflicts:         after.conflicts - before.conflicts,
		QuietWrites:       int(managerWrites.Load() - quietFrom),
	}
	if before.conflicts != 0 {
		t.Logf("409s before the load (envtest's own start-up among them), by request: %v", before.conflictsOn)
	}
	out, _ := json.Marshal(f)
	fmt.Fprintf(os.Stdout, "LOAD %s\n", out)
	if f.SpecChanges == 0 || f.DeploymentChanges == 0 {
		t.Fatalf("the load changed nothing: %+v", f)
	}
	if float64(f.DeploymentWrite) > 1.05*float64(f.DeploymentChanges) {
		t.Errorf("%d Deployment writes for %d Deployment changes", f.DeploymentWrite, f.DeploymentChanges)
	}
	if float64(f.StatusWrites) > 1.05*float64(f.StatusChanges) {
		t.Errorf("%d status writes for %d status changes", f.StatusWrites, f.StatusChanges)
	}
	if f.Conflicts != 0 {
		t.Errorf("%d requests answered 409: %v", f.Conflicts, after.conflictsOn)
	}
	if f.QuietWrites != 0 {
		t.Errorf("%d manager writes after the load", f.QuietWrites)
	}
}

// waitKept waits until every Memcached has converged and its Deployment runs its
// spec.replicas, owned by it.
func waitKept(t *testing.T, ns string, replicas map[string]int32, timeout time.Duration) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(timeout)
	for {
		bad := ""
		for name, want := range replicas {
			m := &cachev1alpha1.Memcached{}
			d := &appsv1.Deployment{}
			switch {
			case testClient.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, m) != nil || m.Status.ObservedGeneration != m.Generation:
				bad = name + ": status not at its generation"
			case testClient.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, d) != nil:
				bad = name + ": no Deployment"
			case d.Spec.Replicas == nil || *d.Spec.Replicas != want:
				bad = fmt.Sprintf("%s: Deployment replicas %v, want %d", name, d.Spec.Replicas, want)
			case !metav1.IsControlledBy(d, m):
				bad = name + ": the Deployment is not controlled by its Memcached"
			}
			if bad != "" {
				break
			}
		}
		if bad == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not kept after %v: %s", timeout, bad)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// settle waits until the manager has sent no write for a second.
func settle(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		n := managerWrites.Load()
		time.Sleep(time.Second)
		if managerWrites.Load() == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the manager kept writing for 30 s")
		}
	}
}

type counter struct {
	mu    sync.Mutex
	count int
}

func (c *counter) n() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.count
}

// countEvents counts the watch events of a namespace's objects that pass keep.
func countEvents(t *testing.T, ctx context.Context, c client.WithWatch, list client.ObjectList, ns string, keep func(watch.Event) bool) *counter {
	t.Helper()
	w, err := c.Watch(ctx, list, client.InNamespace(ns))
	if err != nil {
		t.Fatal(err)
	}
	cnt := &counter{}
	go func() {
		for ev := range w.ResultChan() {
			if (ev.Type == watch.Added || ev.Type == watch.Modified) && keep(ev) {
				cnt.mu.Lock()
				cnt.count++
				cnt.mu.Unlock()
			}
		}
	}()
	go func() { <-ctx.Done(); w.Stop() }()
	return cnt
}

type counts struct {
	deploymentWrites, statusWrites, conflicts int
	// conflictsOn names the requests answered 409, by their labels.
	conflictsOn []string
}

// serverCounts reads the API server's own count of requests (apiserver_request_total):
// writes of Deployments, writes of Memcached status, and every 409.
func serverCounts(t *testing.T) counts {
	t.Helper()
	hc, err := rest.HTTPClientFor(testConfig)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := hc.Get(strings.TrimSuffix(testConfig.Host, "/") + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics: %s", resp.Status)
	}
	var c counts
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "apiserver_request_total{") {
			continue
		}
		labels, value, _ := strings.Cut(strings.TrimPrefix(line, "apiserver_request_total{"), "} ")
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			continue
		}
		l := map[string]string{}
		for _, kv := range strings.Split(labels, ",") {
			k, val, _ := strings.Cut(kv, "=")
			l[k] = strings.Trim(val, `"`)
		}
		write := l["verb"] == "APPLY" || l["verb"] == "PATCH" || l["verb"] == "PUT" || l["verb"] == "POST"
		switch {
		case write && l["resource"] == "deployments" && l["subresource"] == "":
			c.deploymentWrites += int(v)
		case write && l["resource"] == "memcacheds" && l["subresource"] == "status":
			c.statusWrites += int(v)
		}
		if l["code"] == "409" {
			c.conflicts += int(v)
			c.conflictsOn = append(c.conflictsOn, labels)
		}
	}
	return c
}
