package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/util/flowcontrol"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
	stormac "github.com/opgen-dev/opgen/bench/storm/api/v1/applyconfiguration/api/v1"
	"github.com/opgen-dev/opgen/bench/storm/guarded"
	"github.com/opgen-dev/opgen/bench/storm/naive"
)

// Run is one (scenario, controller).
type Run struct {
	Controller    string  `json:"controller"`
	Scenario      string  `json:"scenario"`
	Objects       int     `json:"objects"`
	Workers       int     `json:"workers"`
	QPS           float32 `json:"qps"`
	Burst         int     `json:"burst"`
	PriorityQueue bool    `json:"priorityQueue"`
	// ManagedFields is what the controller's cache kept of managedFields: trimmed,
	// full or stripped (see Params.ManagedFields).
	ManagedFields string `json:"managedFields"`
	// SpecChanges counts the outside writes that changed a spec (a new generation).
	SpecChanges int `json:"specChanges"`
	// Setup is the creation of the objects until every one converged, or for a naive
	// operator until setupTimeout passed.
	Setup Window `json:"setup"`
	// SetupConverged counts the objects converged when the load started: all of them,
	// unless a naive operator's loop and its 409 backoffs kept some from converging.
	SetupConverged int    `json:"setupConverged"`
	Load           Window `json:"load"`
	// Drain is the 2 seconds between the load and the quiet window.
	Drain Window `json:"drain"`
	Quiet Window `json:"quiet"`
	// Converged counts the objects whose observedGeneration is their generation at the end.
	Converged int `json:"converged"`
	// Timeline is the controller's writes per second, from the start of the load window.
	Timeline []int `json:"timeline"`
	// ConvergedSeconds is the time from the first creation until every object converged
	// (or the setup wait ended).
	ConvergedSeconds float64 `json:"convergedSeconds"`
	// PeakRSSBytes is the process's peak resident set (VmHWM) at the end of the run;
	// PeakHeapBytes the highest Go heap sampled every 100 ms (live objects and garbage
	// not yet swept), PeakLiveHeapBytes the highest live heap (as the last collection
	// found it) among the same samples; LiveHeapBytes the live heap after a collection at
	// the end of the quiet window, before the manager stops: what its caches hold.
	PeakRSSBytes      uint64 `json:"peakRSSBytes"`
	PeakHeapBytes     uint64 `json:"peakHeapBytes"`
	PeakLiveHeapBytes uint64 `json:"peakLiveHeapBytes"`
	LiveHeapBytes     uint64 `json:"liveHeapBytes"`
	// CachedManagedFields and CachedManagedFieldsBytes are the managedFields entries the
	// manager's cache holds at the end, of the Caches, Deployments and ConfigMaps, and the
	// bytes of their field sets (FieldsV1), the bulk of an entry.
	CachedManagedFields      int `json:"cachedManagedFields"`
	CachedManagedFieldsBytes int `json:"cachedManagedFieldsBytes"`
	// Scraped is the guarded operator's guard metrics beside its request log (scrape.go).
	Scraped *Scraped `json:"scraped,omitempty"`
}

// Window is what happened in one window.
type Window struct {
	Seconds float64 `json:"seconds"`
	// Requests are the controller's requests, by "VERB resource[/subresource]".
	Requests map[string]int `json:"requests"`
	// Writes are the controller's requests other than reads and watches.
	Writes       int `json:"writes"`
	StatusWrites int `json:"statusWrites"`
	// Conflicts are the controller's requests answered 409.
	Conflicts  int     `json:"conflicts"`
	Reconciles int     `json:"reconciles"`
	P50ms      float64 `json:"p50ms"`
	P99ms      float64 `json:"p99ms"`
	MaxDepth   int     `json:"maxDepth"`
	// ThrottleSeconds is the time requests waited in the client's rate limiter.
	ThrottleSeconds float64 `json:"throttleSeconds"`
	// EffectiveWrites are the status changes the server stored, seen by a separate
	// watch, leaving out the outside writers' own condition.
	EffectiveWrites int `json:"effectiveWrites"`
	// OwnedWrites are the controller's writes of the Deployments and ConfigMaps it owns;
	// OwnedChanges the changes of those objects the server stored, seen by a watch,
	// less the outside writers' own (the Deployment controller's status).
	OwnedWrites  int `json:"ownedWrites"`
	OwnedChanges int `json:"ownedChanges"`
	// OutsideWrites are the load generator's writes; ServerWrites is the server's own
	// count of writes on the kind (apiserver_request_total) minus the load's writes on
	// it: a cross-check of the controller's writes on the kind.
	OutsideWrites int `json:"outsideWrites"`
	ServerWrites  int `json:"serverWrites"`
	SpecChanges   int `json:"specChanges"`
}

func childMain(jobJSON string) int {
	profileHeapFinely()
	var job childJob
	if err := json.Unmarshal([]byte(jobJSON), &job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	run, err := runOne(context.Background(), job)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	out, _ := json.Marshal(run)
	fmt.Println(string(out))
	return 0
}

// runOne starts an API server, the controller and the load, and measures.
func runOne(ctx context.Context, job childJob) (*Run, error) {
	if job.Controller == peerController {
		return runPeer(ctx, job)
	}
	sc := scenarioByName(job.Scenario)
	objects, workers, writers, interval := sc.settings(job.Params)
	run := &Run{Controller: job.Controller, Scenario: sc.name, Objects: objects, Workers: workers, PriorityQueue: !sc.legacyQueue,
		ManagedFields: job.ManagedFields}
	heap := &heapPeak{}
	hctx, stopHeap := context.WithCancel(ctx)
	defer stopHeap()
	go heap.run(hctx)

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
	if err := stormv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	outside, err := client.NewWithWatch(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return nil, err
	}
	pr := &probe{reqs: &requestLog{}, limiter: &timedLimiter{}, smp: &sampler{}, effective: &effectiveWrites{}, owned: &ownedChanges{},
		serverAt: map[time.Time]float64{}, gensAt: map[time.Time]int64{}}
	mgr, err := newManager(job, sc, workers, cfg, scheme, pr, run)
	if err != nil {
		return nil, err
	}
	mctx, stop := context.WithCancel(ctx)
	defer stop()
	go pr.smp.run(mctx, "cache")
	mgrDone := make(chan error, 1)
	go func() { mgrDone <- mgr.Start(mctx) }()

	// The watch that counts effective status writes.
	w, err := outside.Watch(mctx, &stormv1.CacheList{}, client.InNamespace("default"))
	if err != nil {
		return nil, err
	}
	go pr.effective.count(w)
	if err := pr.owned.watch(mctx, outside); err != nil {
		return nil, err
	}

	// Setup: create the objects and wait until the controller converged them.
	setupStart := time.Now()
	for i := 0; i < objects; i++ {
		obj := &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("c%04d", i), Namespace: "default"},
			Spec: stormv1.CacheSpec{Size: 1, Image: "cache:1"}}
		if err := outside.Create(ctx, obj); err != nil {
			return nil, err
		}
	}
	// A naive operator may leave objects unconverged for long (its 409s back them off
	// exponentially while its loop keeps the queue full): that is the incident, and the
	// load starts regardless. The guarded operator must converge.
	converged, err := waitConverged(ctx, outside, objects, setupTimeout(objects))
	run.SetupConverged, run.ConvergedSeconds = converged, time.Since(setupStart).Seconds()
	if err != nil && (job.Controller == "guarded" || converged == 0) {
		return nil, err
	}
	time.Sleep(time.Second)

	// Load, then quiet.
	pr.gen = &loadGenerator{c: outside, objects: objects, mix: sc.mix, seed: job.Params.Seed}
	loadStart := time.Now()
	pr.mark(ctx, cfg, outside, loadStart)
	lctx, stopLoad := context.WithTimeout(ctx, time.Duration(job.Params.Load))
	pr.gen.run(lctx, writers, interval)
	stopLoad()
	// The quiet window opens once the events of the last outside writes are delivered and
	// handled: a loop would go on past it; the work of the load's last second would not.
	loadEnd := time.Now()
	pr.mark(ctx, cfg, outside, loadEnd)
	time.Sleep(drain)
	quietStart := time.Now()
	pr.mark(ctx, cfg, outside, quietStart)
	time.Sleep(time.Duration(job.Params.Quiet))
	end := time.Now()
	pr.mark(ctx, cfg, outside, end)

	if err := eachCache(ctx, outside, func(o *stormv1.Cache) {
		if o.Status.ObservedGeneration == o.Generation {
			run.Converged++
		}
	}); err != nil {
		return nil, err
	}
	// Memory, before the counting below allocates: the peaks, then the live heap.
	if run.PeakRSSBytes, err = peakRSS(); err != nil {
		return nil, err
	}
	run.PeakHeapBytes, run.PeakLiveHeapBytes = heap.max()
	stopHeap()
	run.LiveHeapBytes = liveHeap()
	if dir := os.Getenv(heapProfileEnv); dir != "" {
		writeHeapProfile(filepath.Join(dir, "end-live.pb.gz"))
	}
	if run.CachedManagedFields, run.CachedManagedFieldsBytes, err = cachedManagedFields(ctx, mgr.GetCache()); err != nil {
		return nil, err
	}
	stop()
	<-mgrDone
	if job.Controller == "guarded" {
		if run.Scraped, err = scrapeGuards(ctx, pr.reqs); err != nil {
			return nil, err
		}
	}

	run.Setup = pr.window(setupStart, loadStart)
	run.Load = pr.window(loadStart, loadEnd)
	run.Drain = pr.window(loadEnd, quietStart)
	run.Quiet = pr.window(quietStart, end)
	run.SpecChanges = run.Load.SpecChanges
	run.Timeline = pr.timeline(loadStart, end)
	return run, nil
}

// newManager builds the controller under test: its client counted, and throttled as
// its policy or the scenario says.
func newManager(job childJob, sc *scenario, workers int, cfg *rest.Config, scheme *runtime.Scheme, pr *probe, run *Run) (ctrl.Manager, error) {
	mcfg := rest.CopyConfig(cfg)
	mcfg.WrapTransport = pr.reqs.wrap
	qps, burst := float32(-1), 0 // controller-runtime's default: no client-side limit
	if job.Controller == "guarded" {
		qps, burst = guarded.DefaultKubeAPIQPS, guarded.DefaultKubeAPIBurst
		if job.Params.KubeAPIQPS > 0 {
			qps = float32(job.Params.KubeAPIQPS)
		}
		if job.Params.KubeAPIBurst > 0 {
			burst = job.Params.KubeAPIBurst
		}
	}
	if sc.qps > 0 {
		qps, burst = sc.qps, sc.burst
	}
	run.QPS, run.Burst = qps, burst
	if qps > 0 {
		pr.limiter.RateLimiter = flowcontrol.NewTokenBucketRateLimiter(qps, burst)
		mcfg.RateLimiter = pr.limiter
	} else {
		mcfg.QPS, mcfg.Burst = -1, 0
	}
	var cacheOpts cache.Options // full: controller-runtime's default
	switch job.ManagedFields {
	case "trimmed":
		cacheOpts = guarded.CacheOptions()
	case "stripped":
		cacheOpts.DefaultTransform = cache.TransformStripManagedFields()
	}
	mgr, err := ctrl.NewManager(mcfg, ctrl.Options{
		Scheme:                 scheme,
		Cache:                  cacheOpts,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Controller: config.Controller{
			MaxConcurrentReconciles: workers,
			UsePriorityQueue:        ptr.To(!sc.legacyQueue),
		},
	})
	if err != nil {
		return nil, err
	}
	switch job.Controller {
	case "guarded":
		err = guarded.SetupReconcilers(mgr)
	case "naive":
		err = (&naive.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	case "naive-patch":
		err = (&naive.Reconciler{Client: mgr.GetClient(), Patch: true}).SetupWithManager(mgr)
	}
	return mgr, err
}

// probe is everything a run measures: the controller's requests, its throttling and
// reconciles, the effective status writes, the outside load, and, at each window's
// edge, the server's count of writes and the objects' generations (whose growth is the
// number of spec changes: each bumps it by one).
type probe struct {
	reqs      *requestLog
	limiter   *timedLimiter
	smp       *sampler
	effective *effectiveWrites
	owned     *ownedChanges
	gen       *loadGenerator
	// resource is the kind's resource when it is not the storm Cache (caches).
	resource string
	serverAt map[time.Time]float64
	gensAt   map[time.Time]int64
}

// mark records the server's write count and the generations at t.
func (pr *probe) mark(ctx context.Context, cfg *rest.Config, outside client.Client, t time.Time) {
	n, err := serverWrites(ctx, cfg, stormv1.GroupVersion.Group, "caches")
	if err == nil {
		pr.serverAt[t] = n
	} else {
		fmt.Fprintln(os.Stderr, "storm: reading apiserver_request_total:", err)
	}
	var gens int64
	if err := eachCache(ctx, outside, func(o *stormv1.Cache) { gens += o.Generation }); err == nil {
		pr.gensAt[t] = gens
	}
}

// window sums what happened between from and to.
func (pr *probe) window(from, to time.Time) Window {
	w := Window{Seconds: to.Sub(from).Seconds(), Requests: map[string]int{}}
	res := "caches"
	if pr.resource != "" {
		res = pr.resource
	}
	pr.reqs.mu.Lock()
	for _, r := range pr.reqs.log {
		if r.at.Before(from) || !r.at.Before(to) {
			continue
		}
		w.Requests[r.key]++
		if isWrite(r.key) {
			w.Writes++
			if r.key == "APPLY "+res+"/status" || r.key == "PUT "+res+"/status" || r.key == "PATCH "+res+"/status" {
				w.StatusWrites++
			}
			if _, res, _ := strings.Cut(r.key, " "); res == "deployments" || res == "configmaps" {
				w.OwnedWrites++
			}
		}
		if r.code == 409 {
			w.Conflicts++
		}
	}
	pr.reqs.mu.Unlock()
	a, b := pr.smp.at(from), pr.smp.at(to)
	w.Reconciles = int(b.reconciles - a.reconciles)
	w.P50ms, w.P99ms = quantile(a, b, 0.5), quantile(a, b, 0.99)
	w.MaxDepth = int(pr.smp.maxDepth(from, to))
	pr.limiter.mu.Lock()
	for _, x := range pr.limiter.waits {
		if !x.at.Before(from) && x.at.Before(to) {
			w.ThrottleSeconds += x.d.Seconds()
		}
	}
	pr.limiter.mu.Unlock()
	w.EffectiveWrites = pr.effective.between(from, to)
	w.OwnedChanges = pr.owned.between(from, to)
	if pr.gen != nil {
		w.OutsideWrites = pr.gen.between(from, to)
		w.OwnedChanges -= pr.gen.ownedBetween(from, to)
	}
	if g0, ok := pr.gensAt[from]; ok {
		w.SpecChanges = int(pr.gensAt[to] - g0)
	}
	if s0, ok := pr.serverAt[from]; ok {
		if s1, ok := pr.serverAt[to]; ok {
			// The server counts writes on the kind; the load's Deployment status writes
			// are on another.
			onKind := w.OutsideWrites
			if pr.gen != nil {
				onKind -= pr.gen.ownedBetween(from, to)
			}
			w.ServerWrites = int(s1-s0) - onKind
		}
	}
	return w
}

// timeline counts the controller's writes per second from start to end.
func (pr *probe) timeline(start, end time.Time) []int {
	pr.reqs.mu.Lock()
	defer pr.reqs.mu.Unlock()
	seconds := int(end.Sub(start).Seconds()) + 1
	out := make([]int, seconds)
	for _, r := range pr.reqs.log {
		if !r.at.Before(start) && isWrite(r.key) {
			if s := int(r.at.Sub(start).Seconds()); s < seconds {
				out[s]++
			}
		}
	}
	return out
}

// setupTimeout bounds the wait for n created objects to converge: the guarded
// operator's first sync is bounded by its client limit (three writes per object at 50
// QPS: 60 ms each), so the bound grows with the count.
func setupTimeout(n int) time.Duration { return 2*time.Minute + time.Duration(n)*100*time.Millisecond }

// waitConverged waits until n objects converged, and returns how many did.
func waitConverged(ctx context.Context, c client.Client, n int, timeout time.Duration) (int, error) {
	deadline := time.Now().Add(timeout)
	for {
		done := 0
		if err := eachCache(ctx, c, func(o *stormv1.Cache) {
			if o.Generation > 0 && o.Status.ObservedGeneration == o.Generation {
				done++
			}
		}); err != nil {
			return 0, err
		}
		if done == n {
			return done, nil
		}
		if time.Now().After(deadline) {
			return done, fmt.Errorf("only %d of %d objects converged in %v", done, n, timeout)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// eachCache calls f with every Cache of the namespace, read in pages of 500: one
// answer with thousands of objects, every 200 ms while the benchmark waits, would weigh
// on the memory of the process whose peak it reports.
func eachCache(ctx context.Context, c client.Client, f func(*stormv1.Cache)) error {
	cont := ""
	for {
		var list stormv1.CacheList
		if err := c.List(ctx, &list, client.InNamespace("default"), client.Limit(500), client.Continue(cont)); err != nil {
			return err
		}
		for i := range list.Items {
			f(&list.Items[i])
		}
		if cont = list.Continue; cont == "" {
			return nil
		}
	}
}

// timeLog records when something happened, for counts per window.
type timeLog struct {
	mu  sync.Mutex
	log []time.Time
}

func (l *timeLog) add() {
	l.mu.Lock()
	l.log = append(l.log, time.Now())
	l.mu.Unlock()
}

func (l *timeLog) between(from, to time.Time) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return countBetween(l.log, from, to)
}

// effectiveWrites counts stored status changes, leaving out the outside writers' own
// condition, through a watch of its own.
type effectiveWrites struct{ timeLog }

func (e *effectiveWrites) count(w watch.Interface) {
	e.countBy(w, func(o runtime.Object) (string, string, bool) {
		obj, ok := o.(*stormv1.Cache)
		if !ok {
			return "", "", false
		}
		return obj.Name, cacheStatusKey(&obj.Status), true
	})
}

// countBy counts the Modified events whose status, as status gives it with the
// object's name, differs from the last one seen of that object.
func (e *effectiveWrites) countBy(w watch.Interface, status func(runtime.Object) (name, key string, ok bool)) {
	last := map[string]string{}
	for ev := range w.ResultChan() {
		name, key, ok := status(ev.Object)
		if !ok {
			continue
		}
		prev, seen := last[name]
		last[name] = key
		if ev.Type == watch.Modified && seen && prev != key {
			e.add()
		}
	}
}

// cacheStatusKey is a Cache's status as JSON without the outside writers' condition:
// what the operator's writes change.
func cacheStatusKey(status *stormv1.CacheStatus) string {
	st := status.DeepCopy()
	var conds []metav1.Condition
	for _, c := range st.Conditions {
		if c.Type != outsiderCondition {
			conds = append(conds, c)
		}
	}
	st.Conditions = conds
	raw, _ := json.Marshal(st)
	return string(raw)
}

// ownedChanges counts the stored changes of owned objects (created or modified)
// through watches of their own.
type ownedChanges struct{ timeLog }

// watch counts the changes of the Deployments and ConfigMaps in namespace default
// until ctx ends.
func (o *ownedChanges) watch(ctx context.Context, c client.WithWatch) error {
	for _, l := range []client.ObjectList{&appsv1.DeploymentList{}, &corev1.ConfigMapList{}} {
		w, err := c.Watch(ctx, l, client.InNamespace("default"))
		if err != nil {
			return err
		}
		go o.count(w)
	}
	return nil
}

func (o *ownedChanges) count(w watch.Interface) {
	for ev := range w.ResultChan() {
		if ev.Type == watch.Added || ev.Type == watch.Modified {
			o.add()
		}
	}
}

// countBetween counts the times in [from, to).
func countBetween(times []time.Time, from, to time.Time) int {
	n := 0
	for _, t := range times {
		if !t.Before(from) && t.Before(to) {
			n++
		}
	}
	return n
}

// drain separates the load window from the quiet window.
const drain = 2 * time.Second

// outsiderCondition is the status condition the outside writers own.
const outsiderCondition = "Outsider"

// loadGenerator is the outside writers.
type loadGenerator struct {
	c       client.Client
	objects int
	mix     map[action]int
	seed    int64
	// kind is the kind the writers act on when it is not the storm Cache.
	kind loadKind

	mu     sync.Mutex
	writes []time.Time
	// ownedWrites are the writes among them of owned objects (their status).
	ownedWrites []time.Time
	sizes       map[string]int32
	count       atomic.Int64
}

func (g *loadGenerator) run(ctx context.Context, writers int, interval time.Duration) {
	g.sizes = map[string]int32{}
	var actions []action
	for _, a := range []action{specChange, labelChange, annotationChange, foreignStatus, ownedStatus} {
		for i := 0; i < g.mix[a]; i++ {
			actions = append(actions, a)
		}
	}
	var wg sync.WaitGroup
	for i := 0; i < writers; i++ {
		wg.Add(1)
		rng := rand.New(rand.NewSource(g.seed + int64(i)))
		go func() {
			defer wg.Done()
			t := time.NewTicker(interval)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				}
				name := fmt.Sprintf("c%04d", rng.Intn(g.objects))
				g.write(ctx, name, actions[rng.Intn(len(actions))])
			}
		}()
	}
	wg.Wait()
}

// write makes one outside write; a failure (the window closing) is not counted.
func (g *loadGenerator) write(ctx context.Context, name string, a action) {
	n := g.count.Add(1)
	var obj client.Object = &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}
	if g.kind != nil {
		obj = g.kind.object(name)
	}
	var err error
	switch a {
	case specChange:
		g.mu.Lock()
		size := g.sizes[name]%9 + 1
		if size == 1 {
			size = 2
		}
		g.sizes[name] = size
		g.mu.Unlock()
		err = g.c.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"spec":{"size":%d}}`, size))))
	case labelChange:
		err = g.c.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"metadata":{"labels":{"noise":"%d"}}}`, n))))
	case annotationChange:
		err = g.c.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"metadata":{"annotations":{"noise":"%d"}}}`, n))))
	case foreignStatus:
		if g.kind != nil {
			err = g.kind.applyForeignStatus(ctx, g.c, name, n)
			break
		}
		ac := stormac.Cache(name, "default").WithStatus(stormac.CacheStatus().WithConditions(
			metav1ac.Condition().WithType(outsiderCondition).WithStatus(metav1.ConditionTrue).
				WithReason("Poke").WithMessage(fmt.Sprint(n)).WithLastTransitionTime(metav1.Now())))
		err = g.c.Status().Apply(ctx, ac, client.FieldOwner("outsider"), client.ForceOwnership)
	case ownedStatus:
		// What the Deployment controller writes as pods come and go; collisionCount is
		// there to make every write a change.
		d := &appsv1.Deployment{}
		if err = g.c.Get(ctx, client.ObjectKey{Namespace: "default", Name: name}, d); err == nil {
			err = g.c.Status().Patch(ctx, d, client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(
				`{"status":{"observedGeneration":%d,"replicas":%d,"updatedReplicas":%d,"collisionCount":%d}}`,
				d.Generation, *d.Spec.Replicas, *d.Spec.Replicas, n))))
		}
	}
	if err != nil {
		return
	}
	g.mu.Lock()
	now := time.Now()
	g.writes = append(g.writes, now)
	if a == ownedStatus {
		g.ownedWrites = append(g.ownedWrites, now)
	}
	g.mu.Unlock()
}

func (g *loadGenerator) ownedBetween(from, to time.Time) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countBetween(g.ownedWrites, from, to)
}

func (g *loadGenerator) between(from, to time.Time) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countBetween(g.writes, from, to)
}
