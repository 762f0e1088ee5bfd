package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"runtime/pprof"
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
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
	stormac "github.com/opgen-dev/opgen/bench/storm/api/v1/applyconfiguration/api/v1"
	"github.com/opgen-dev/opgen/bench/storm/guarded"
	"github.com/opgen-dev/opgen/bench/storm/naive"
)

// Run is one (scenario, controller).
type Run struct {
	Controller string  `json:"controller"`
	Scenario   string  `json:"scenario"`
	Objects    int     `json:"objects"`
	Workers    int     `json:"workers"`
	QPS        float32 `json:"qps"`
	Burst      int     `json:"burst"`
	// InFlight is the guarded operator's bound on requests in flight (0: none).
	InFlight      int  `json:"inFlight,omitempty"`
	PriorityQueue bool `json:"priorityQueue"`
	// ManagedFields is what the controller's cache kept of managedFields: trimmed,
	// full or stripped (see Params.ManagedFields).
	ManagedFields string `json:"managedFields"`
	// Load1 is the machine's 1-minute load average when the run started.
	Load1 float64 `json:"load1"`
	// Identity is the user the controller authenticated as; APF the API Priority and
	// Fairness objects applied ("generated": the guarded operator's, config/apf).
	Identity string `json:"identity,omitempty"`
	APF      string `json:"apf,omitempty"`
	// Classification counts the controller's requests by the FlowSchema and priority
	// level the API server classified them into ("flowschema → prioritylevel", from the
	// response headers; "none" for responses without them), TenantClassification the
	// tenant's; ServerFlowControl is the API server's own count of the requests it
	// dispatched and rejected per "flowschema → prioritylevel" over the run
	// (apiserver_flowcontrol_dispatched_requests_total, _rejected_requests_total), for
	// the controller's and the tenant's FlowSchemas.
	Classification       map[string]int     `json:"classification,omitempty"`
	TenantClassification map[string]int     `json:"tenantClassification,omitempty"`
	ServerFlowControl    map[string]float64 `json:"serverFlowControl,omitempty"`
	// SpecChanges counts the outside writes that changed a spec (a new generation).
	SpecChanges int `json:"specChanges"`
	// Idle is a window before the controller starts: the tenant alone on the server.
	// TenantIdleP50ms and TenantIdleP99ms are its latencies there.
	Idle            Window  `json:"idle"`
	TenantIdleP50ms float64 `json:"tenantIdleP50ms"`
	TenantIdleP99ms float64 `json:"tenantIdleP99ms"`
	// Setup is the first sync, until every object converged, or for a naive operator
	// until setupTimeout passed: with -create before, from the controller's start over
	// the objects already created; with -create during, from the first creation.
	// CreationSeconds is the creation alone.
	Setup           Window  `json:"setup"`
	CreationSeconds float64 `json:"creationSeconds"`
	// Creation is the objects being created: with -create before, with no controller
	// running (a control: the benchmark's own load); with -create during, the first
	// part of the setup. AfterCreation is the rest of the setup, until every object
	// converged: the controller's work alone, the creator done (-create before: the
	// setup itself).
	Creation      Window `json:"creation"`
	AfterCreation Window `json:"afterCreation"`
	// SetupConverged counts the objects converged when the load started: all of them,
	// unless a naive operator's loop and its 409 backoffs kept some from converging.
	SetupConverged int    `json:"setupConverged"`
	Load           Window `json:"load"`
	// Drain is the 2 seconds between the load and the quiet window.
	Drain Window `json:"drain"`
	Quiet Window `json:"quiet"`
	// Converged counts the objects whose observedGeneration is their generation at the end.
	Converged int `json:"converged"`
	// Rollout is a new process of the controller (a new version rolled out: the old one
	// stopped, the same objects, everything converged), from its start until its queue
	// drained and 2 seconds more, or rolloutTimeout; RolloutDrainedSeconds is the time
	// until its queue drained (every object reconciled once, the queue empty, no
	// reconcile running, and none for the next 2 seconds), -1 when it did not within
	// rolloutTimeout.
	Rollout               Window  `json:"rollout"`
	RolloutDrainedSeconds float64 `json:"rolloutDrainedSeconds"`
	// Timeline is the controller's writes per second, from the start of the load window.
	Timeline []int `json:"timeline"`
	// WritesPerSecond is the controller's writes per second from the first creation to
	// the end of the rollout, Phases the second each phase starts at on that scale
	// (creation, created, sync: the setup's start, converged, load, drain, quiet,
	// rollout, end), TenantP99PerSecond the tenant's p99
	// per second (0: no request answered).
	WritesPerSecond    []int              `json:"writesPerSecond,omitempty"`
	Phases             map[string]float64 `json:"phases,omitempty"`
	TenantP99PerSecond []float64          `json:"tenantP99PerSecond,omitempty"`
	// TenantIdleP99PerSecond is the tenant's p99 per second of the idle window: whether
	// its idle p99 is one spike or the window's usual tail.
	TenantIdleP99PerSecond []float64 `json:"tenantIdleP99PerSecond,omitempty"`
	// ConvergedSeconds is the setup's length: the time from its start (the controller's
	// with -create before, the first creation's with -create during) until every object
	// converged (or the setup wait ended).
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
	// Dashboard is, with -dashboard, the series the dashboard's panels query, scraped
	// from the guarded operator's registry every second from the first creation to the
	// end of the quiet window (dashboard.go).
	Dashboard *Recording `json:"dashboard,omitempty"`
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
	// TooManyRequests are the controller's requests answered 429 (API Priority and
	// Fairness rejected them); EarlyRetries those among them retried before the
	// answer's Retry-After had passed.
	TooManyRequests int `json:"tooManyRequests"`
	EarlyRetries    int `json:"earlyRetries"`
	// EffectiveWrites are the status changes the server stored, seen by a separate
	// watch, leaving out the outside writers' own condition.
	EffectiveWrites int `json:"effectiveWrites"`
	// OwnedWrites are the controller's writes of the Deployments and ConfigMaps it owns;
	// OwnedChanges the changes of those objects the server stored, seen by a watch,
	// leaving out the outside writers' own (the Deployment controller's status).
	OwnedWrites  int `json:"ownedWrites"`
	OwnedChanges int `json:"ownedChanges"`
	// OutsideWrites are the load generator's writes; ServerWrites is the server's own
	// count of writes on the kind (apiserver_request_total) minus the load's writes on
	// it: a cross-check of the controller's writes on the kind.
	OutsideWrites int `json:"outsideWrites"`
	// OutsideCutOff are outside writes on the kind that the end of the load cancelled in
	// flight: not in OutsideWrites, though the server may have counted them.
	OutsideCutOff int `json:"outsideCutOff,omitempty"`
	ServerWrites  int `json:"serverWrites"`
	SpecChanges   int `json:"specChanges"`
	// TenantRequests are the tenant's requests sent in the window, TenantErrors those
	// that failed, TenantP50ms and TenantP99ms their latencies.
	TenantRequests int     `json:"tenantRequests"`
	TenantErrors   int     `json:"tenantErrors"`
	TenantP50ms    float64 `json:"tenantP50ms"`
	TenantP99ms    float64 `json:"tenantP99ms"`
	// CPUSeconds is the CPU time each process used in the window: kube-apiserver, etcd,
	// the benchmark (with the controller when it runs in process: the load and the
	// watches too), the controller's own process, the tenant.
	CPUSeconds map[string]float64 `json:"cpuSeconds,omitempty"`
}

// cpuProfileEnv names a file: when set, a run's process (the benchmark with an
// in-process controller) writes its CPU profile there. A diagnostic: run one
// controller per file.
const cpuProfileEnv = "OPGEN_STORM_CPU_PROFILE"

func childMain(jobJSON string) int {
	profileHeapFinely()
	var job childJob
	if err := json.Unmarshal([]byte(jobJSON), &job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if name := os.Getenv(cpuProfileEnv); name != "" {
		if f, err := os.Create(name); err == nil {
			if err := pprof.StartCPUProfile(f); err == nil {
				defer pprof.StopCPUProfile()
			}
		}
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

// runOne starts an API server, the controller, the tenant and the load, and measures:
// the tenant alone (idle), the creation of the objects until they converged (setup),
// the load, the quiet window, and a new process of the controller over the converged
// objects (rollout).
func runOne(ctx context.Context, job childJob) (*Run, error) {
	sc := scenarioByName(job.Scenario)
	k := kindOf(job.Controller)
	objects, workers, writers, interval := sc.settings(job.Params, job.Controller)
	spec := specFor(job, sc, workers)
	run := &Run{Controller: job.Controller, Scenario: sc.name, Objects: objects, Workers: workers, PriorityQueue: !sc.legacyQueue,
		ManagedFields: job.ManagedFields, QPS: spec.QPS, Burst: spec.Burst, InFlight: spec.InFlight, Load1: job.Load1}
	if job.Controller == peerController {
		run.ManagedFields = ""
	}
	heap := &heapPeak{}
	hctx, stopHeap := context.WithCancel(ctx)
	defer stopHeap()
	go heap.run(hctx)

	env := &envtest.Environment{CRDDirectoryPaths: []string{job.CRDDir}, ErrorIfCRDPathMissing: true}
	env.ControlPlane.GetAPIServer().Configure().
		Set("advertise-address", "127.0.0.1").
		Set("endpoint-reconciler-type", "none").
		// On by default; said here because the tenant's figures depend on it.
		Set("enable-priority-and-fairness", "true")
	stopEnv := sync.OnceValue(env.Stop)
	cfg, disarm, err := startEnv(env, func() { _ = stopEnv() })
	if err != nil {
		_ = stopEnv()
		return nil, fmt.Errorf("starting envtest: %w", err)
	}
	defer stopEnv()
	defer disarm()

	scheme := runtime.NewScheme()
	if err := addToScheme(scheme); err != nil {
		return nil, err
	}
	outside, err := client.NewWithWatch(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return nil, err
	}
	ids, err := setupIdentities(ctx, outside, cfg, job.Repo, job.Controller, job.Params.APF)
	if err != nil {
		return nil, err
	}
	run.Identity, run.APF = accountOf(job.Controller).user(), job.Params.apf()
	pr := &probe{reqs: &requestLog{}, limiter: &waitLog{}, smp: &sampler{}, effective: &effectiveWrites{}, owned: &ownedChanges{},
		conv: &convergence{}, cpu: &cpuSampler{}, resource: k.resource, kind: k, serverAt: map[time.Time]float64{}, gensAt: map[time.Time]int64{}}
	ten, err := startTenant(ctx, ids.tenant)
	if err != nil {
		return nil, err
	}
	defer ten.kill()
	pr.cpu.register("tenant", ten.cmd.Process.Pid)
	cctx, stopCPU := context.WithCancel(ctx)
	defer stopCPU()
	go pr.cpu.run(cctx)

	wctx, stopWatches := context.WithCancel(ctx)
	defer stopWatches()
	if err := k.watch(wctx, outside, pr); err != nil {
		return nil, err
	}
	if err := pr.owned.watch(wctx, outside); err != nil {
		return nil, err
	}

	// Idle: the tenant alone, the controller not started yet.
	idleStart := time.Now()
	time.Sleep(time.Duration(job.Params.idle()))

	// -create before: the objects are there before the controller starts (an operator
	// installed over existing objects, or started again after an outage), so the first
	// sync is the controller's load alone and the creation a control: the benchmark's own
	// load on the server, with nothing else writing.
	createAll := func() (time.Time, error) {
		for i := 0; i < objects; i++ {
			if err := k.create(ctx, outside, i); err != nil {
				return time.Time{}, err
			}
		}
		return time.Now(), nil
	}
	before := job.Params.create() == createBefore
	createStart := time.Now()
	createdAt := createStart
	if before {
		if createdAt, err = createAll(); err != nil {
			return nil, err
		}
		time.Sleep(time.Second) // the last creations' events delivered before the controller lists
	}

	// The controller, as its ServiceAccount.
	syncStart := time.Now()
	ctl := &controllerRun{stopped: true} // none: nothing runs
	if job.Controller != noController {
		if ctl, err = startController(ctx, job, spec, ids.operator, scheme, pr); err != nil {
			return nil, err
		}
		defer ctl.kill()
	}

	// The guarded operator's metrics endpoint: controller-runtime's registry, which its
	// generated runtime records the guards on; with -dashboard, scraped every second
	// from here to the end of the quiet window (dashboard.go).
	var ep *endpoint
	var rec *recorder
	if job.Controller == "guarded" {
		if ep, err = serve(metrics.Registry); err != nil {
			return nil, err
		}
		defer ep.close()
	}
	// Setup: create the objects (-create during) and wait until the controller converged
	// them. With -create before, the setup is the first sync alone, from the
	// controller's start (its caches' initial lists included).
	setupStart := time.Now()
	if before {
		setupStart = syncStart
	}
	if ep != nil && job.Params.Dashboard {
		if rec, err = startRecorder(ctx, ep, setupStart, time.Second, panelMetrics()); err != nil {
			return nil, err
		}
		defer rec.stop()
	}
	if !before {
		createStart = setupStart
		if createdAt, err = createAll(); err != nil {
			return nil, err
		}
	}
	run.CreationSeconds = createdAt.Sub(createStart).Seconds()
	// A naive operator may leave objects unconverged for long (its 409s back them off
	// exponentially while its loop keeps the queue full): that is the incident, and the
	// load starts regardless. The guarded operator must converge.
	convergedAt := later(createdAt, setupStart)
	if job.Controller != noController {
		converged, err := pr.conv.wait(ctx, objects, setupStart, setupTimeout(objects))
		convergedAt = time.Now()
		run.SetupConverged = converged
		if err != nil && (job.Controller == "guarded" || converged == 0) {
			return nil, fmt.Errorf("%w%s", err, ctl.stderr())
		}
	}
	run.ConvergedSeconds = convergedAt.Sub(setupStart).Seconds()
	time.Sleep(time.Second)

	// Load, then quiet.
	pr.gen = &loadGenerator{c: outside, objects: objects, mix: sc.mix, seed: job.Params.Seed, kind: k.load}
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
	if rec != nil {
		if run.Dashboard, err = rec.stop(); err != nil {
			return nil, err
		}
	}

	if run.Converged, err = k.countConverged(ctx, outside); err != nil {
		return nil, err
	}
	if ctl.mgr != nil {
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
		if run.CachedManagedFields, run.CachedManagedFieldsBytes, err = cachedManagedFields(ctx, ctl.mgr.GetCache()); err != nil {
			return nil, err
		}
	}
	if err := ctl.stop(); err != nil {
		return nil, err
	}
	// The guards' counters, scraped before the rollout: its process has a registry of
	// its own, and the request log counts its requests too.
	if ep != nil {
		if run.Scraped, err = scrapeGuards(ctx, ep, pr.reqs); err != nil {
			return nil, err
		}
	}

	// Rollout: a new process of the controller over the converged objects.
	rolloutStart, rolloutEnd := time.Now(), time.Now()
	run.RolloutDrainedSeconds = -1
	next := &controllerRun{stopped: true, smp: &sampler{}}
	if job.Controller != noController {
		if next, err = startProcess(ctx, job, spec, ids.operator, pr, &sampler{}); err != nil {
			return nil, err
		}
		defer next.kill()
		pr.cpu.register("rollout", next.cmd.Process.Pid)
		drained, ok := next.waitDrained(ctx, objects, rolloutStart.Add(rolloutTimeout))
		rolloutEnd = rolloutStart.Add(rolloutTimeout)
		if ok {
			run.RolloutDrainedSeconds = drained.Sub(rolloutStart).Seconds()
			rolloutEnd = drained.Add(rolloutSettle)
		}
		time.Sleep(time.Until(rolloutEnd))
		if err := next.stop(); err != nil {
			return nil, err
		}
	}
	if err := ten.stop(); err != nil {
		return nil, err
	}

	run.Idle = pr.window(idleStart, createStart, ten)
	run.TenantIdleP50ms, run.TenantIdleP99ms = run.Idle.TenantP50ms, run.Idle.TenantP99ms
	run.Setup = pr.window(setupStart, loadStart, ten)
	run.Creation = pr.window(createStart, createdAt, ten)
	run.AfterCreation = pr.window(later(createdAt, setupStart), convergedAt, ten)
	run.Load = pr.window(loadStart, loadEnd, ten)
	run.Drain = pr.window(loadEnd, quietStart, ten)
	run.Quiet = pr.window(quietStart, end, ten)
	pr.smp = next.smp
	run.Rollout = pr.window(rolloutStart, rolloutEnd, ten)
	run.SpecChanges = run.Load.SpecChanges
	run.Timeline = pr.timeline(loadStart, end)
	run.WritesPerSecond = pr.timeline(createStart, rolloutEnd)
	run.TenantP99PerSecond = ten.perSecond(createStart, rolloutEnd)
	run.TenantIdleP99PerSecond = ten.perSecond(idleStart, createStart)
	at := func(t time.Time) float64 { return math.Round(t.Sub(createStart).Seconds()*10) / 10 }
	run.Phases = map[string]float64{"creation": 0, "created": at(createdAt), "sync": at(setupStart), "converged": at(convergedAt),
		"load": at(loadStart), "drain": at(loadEnd), "quiet": at(quietStart), "rollout": at(rolloutStart), "end": at(rolloutEnd)}
	run.Classification = pr.reqs.cls.named(ids)
	run.TenantClassification = ten.cls.named(ids)
	if run.ServerFlowControl, err = serverFlowControl(ctx, cfg, run.Classification, run.TenantClassification); err != nil {
		return nil, err
	}
	return run, nil
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// rolloutTimeout bounds the rollout window; rolloutSettle is how long it stays open
// after the queue drained, for writes that would follow.
const (
	rolloutTimeout = 2 * time.Minute
	rolloutSettle  = 2 * time.Second
)

// operatorSpec is how a controller under test is built, in the benchmark's process or
// in one of its own.
type operatorSpec struct {
	Controller    string `json:"controller"`
	ManagedFields string `json:"managedFields"`
	Workers       int    `json:"workers"`
	PriorityQueue bool   `json:"priorityQueue"`
	// QPS and Burst are the client's limit, QPS < 0 none; the guarded operator's go
	// through its generated ClientLimits.
	QPS   float32 `json:"qps"`
	Burst int     `json:"burst"`
	// InFlight is the guarded operator's bound on requests in flight
	// (ClientLimits.InFlight; 0: none).
	InFlight int `json:"inFlight,omitempty"`
	// Hold is the holdAfter experiment's factor (0: none).
	Hold float64 `json:"hold,omitempty"`
}

// specFor resolves a job's controller: the guarded operator with its generated client
// limit unless the run replaces it, the others with controller-runtime's default (no
// limit), every controller with the scenario's limit when it has one.
func specFor(job childJob, sc *scenario, workers int) operatorSpec {
	s := operatorSpec{Controller: job.Controller, ManagedFields: job.ManagedFields, Workers: workers, PriorityQueue: !sc.legacyQueue, QPS: -1}
	if job.Controller == "guarded" {
		s.Hold = job.Params.GuardedHold
		s.QPS, s.Burst, s.InFlight = guarded.DefaultKubeAPIQPS, guarded.DefaultKubeAPIBurst, guarded.DefaultKubeAPIInFlight
		if job.Params.KubeAPIInFlight != 0 {
			s.InFlight = max(0, job.Params.KubeAPIInFlight)
		}
		if job.Params.KubeAPIQPS != 0 {
			s.QPS = float32(job.Params.KubeAPIQPS)
		}
		if job.Params.KubeAPIBurst > 0 {
			s.Burst = job.Params.KubeAPIBurst
		}
	}
	if sc.qps > 0 {
		s.QPS, s.Burst = sc.qps, sc.burst
	}
	return s
}

// addToScheme registers the kinds the benchmark's clients read: the built-in ones and
// the storm Cache.
func addToScheme(s *runtime.Scheme) error {
	if err := clientgoscheme.AddToScheme(s); err != nil {
		return err
	}
	return stormv1.AddToScheme(s)
}

// buildManager builds the controller under test on cfg (which carries its identity
// and the benchmark's wrapping transport): its client throttled as spec says, each wait
// in the client's rate limiter reported, its metrics served on metricsAddr ("0": none).
func buildManager(spec operatorSpec, cfg *rest.Config, scheme *runtime.Scheme, metricsAddr string, reportWait func(time.Time, time.Duration)) (ctrl.Manager, error) {
	mcfg := rest.CopyConfig(cfg)
	if spec.Hold > 0 {
		mcfg.Wrap(holdAfter(spec.Hold)) // inside the in-flight bound: the slot is held too
	}
	switch {
	case spec.Controller == "guarded":
		guarded.ClientLimits{QPS: float64(spec.QPS), Burst: spec.Burst, InFlight: spec.InFlight}.Apply(mcfg)
	case spec.QPS > 0:
		mcfg.QPS, mcfg.Burst = spec.QPS, spec.Burst
	default:
		mcfg.QPS, mcfg.Burst = -1, 0 // controller-runtime's default: no client-side limit
	}
	// client-go builds this limiter from QPS and Burst itself; built here, its waits are
	// timed.
	if mcfg.RateLimiter == nil && mcfg.QPS > 0 {
		mcfg.RateLimiter = flowcontrol.NewTokenBucketRateLimiter(mcfg.QPS, mcfg.Burst)
	}
	if mcfg.RateLimiter != nil {
		mcfg.RateLimiter = reportedLimiter{RateLimiter: mcfg.RateLimiter, report: reportWait}
	}
	var cacheOpts cache.Options // full: controller-runtime's default
	switch spec.ManagedFields {
	case "trimmed":
		cacheOpts = guarded.CacheOptions()
	case "stripped":
		cacheOpts.DefaultTransform = cache.TransformStripManagedFields()
	}
	mgr, err := ctrl.NewManager(mcfg, ctrl.Options{
		Scheme:                 scheme,
		Cache:                  cacheOpts,
		Metrics:                metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress: "0",
		Controller: config.Controller{
			MaxConcurrentReconciles: spec.Workers,
			UsePriorityQueue:        ptr.To(spec.PriorityQueue),
		},
	})
	if err != nil {
		return nil, err
	}
	switch spec.Controller {
	case "guarded":
		err = guarded.SetupReconcilers(mgr)
	case "naive":
		err = (&naive.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	case "naive-patch":
		err = (&naive.Reconciler{Client: mgr.GetClient(), Patch: true}).SetupWithManager(mgr)
	default:
		err = fmt.Errorf("no controller %q in this process", spec.Controller)
	}
	return mgr, err
}

// probe is everything a run measures: the controller's requests, its throttling and
// reconciles, the effective status writes, convergence, the outside load, and, at each
// window's edge, the server's count of writes and the objects' generations (whose
// growth is the number of spec changes: each bumps it by one).
type probe struct {
	reqs      *requestLog
	limiter   *waitLog
	smp       *sampler
	effective *effectiveWrites
	owned     *ownedChanges
	conv      *convergence
	cpu       *cpuSampler
	gen       *loadGenerator
	kind      *stormKind
	// resource is the kind's resource: caches, or the peer's memcacheds.
	resource string
	serverAt map[time.Time]float64
	gensAt   map[time.Time]int64
}

// mark records the server's write count and the generations at t.
func (pr *probe) mark(ctx context.Context, cfg *rest.Config, outside client.Client, t time.Time) {
	n, err := serverWrites(ctx, cfg, pr.kind.group, pr.kind.resource)
	if err == nil {
		pr.serverAt[t] = n
	} else {
		fmt.Fprintln(os.Stderr, "storm: reading apiserver_request_total:", err)
	}
	if gens, err := pr.kind.generations(ctx, outside); err == nil {
		pr.gensAt[t] = gens
	}
}

// window sums what happened between from and to, the tenant's latencies with it.
func (pr *probe) window(from, to time.Time, ten *tenant) Window {
	w := Window{Seconds: to.Sub(from).Seconds(), Requests: map[string]int{}}
	res := pr.resource
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
	w.TooManyRequests, w.EarlyRetries = pr.reqs.tooManyRequests(from, to)
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
		w.OutsideCutOff = pr.gen.cutOffBetween(from, to)
	}
	if g0, ok := pr.gensAt[from]; ok {
		if g1, ok := pr.gensAt[to]; ok {
			w.SpecChanges = int(g1 - g0)
		}
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
	w.CPUSeconds = pr.cpu.between(from, to)
	ts := ten.stats(from, to)
	w.TenantRequests, w.TenantErrors, w.TenantP50ms, w.TenantP99ms = ts.n, ts.errors, ts.p50, ts.p99
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

// countBy counts the Modified events whose status, as status gives it with the
// object's name, differs from the last one seen of that object; every event goes to
// also too (the convergence tracker).
func (e *effectiveWrites) countBy(w watch.Interface, status func(runtime.Object) (name, key string, ok bool), also func(watch.Event)) {
	last := map[string]string{}
	for ev := range w.ResultChan() {
		also(ev)
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

// count counts what the operator changed: a new object, a ConfigMap's change, a
// Deployment's change of spec (a new generation) or of metadata. A change of a
// Deployment's status alone is the outside writers' (no Deployment controller runs),
// and is left out here, where it is seen, rather than subtracted by the time it was
// sent: under load its event can arrive after the window that sent it closed.
func (o *ownedChanges) count(w watch.Interface) {
	last := map[string]string{}
	for ev := range w.ResultChan() {
		if ev.Type != watch.Added && ev.Type != watch.Modified {
			continue
		}
		if d, ok := ev.Object.(*appsv1.Deployment); ok {
			key := fmt.Sprint(d.Generation, d.Labels, d.Annotations, d.OwnerReferences, d.Finalizers)
			before, seen := last[d.Name]
			last[d.Name] = key
			if ev.Type == watch.Modified && seen && key == before {
				continue
			}
		}
		o.add()
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
	// cutOff are the writes on the kind that the end of the load cancelled in flight:
	// the server may have done and counted them; writes does not hold them.
	cutOff []time.Time
	sizes  map[string]int32
	count  atomic.Int64
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
		if ctx.Err() != nil && a != ownedStatus {
			g.mu.Lock()
			g.cutOff = append(g.cutOff, time.Now())
			g.mu.Unlock()
		}
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

// cutOffBetween counts the writes on the kind cancelled in flight between from and to.
func (g *loadGenerator) cutOffBetween(from, to time.Time) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countBetween(g.cutOff, from, to)
}

func (g *loadGenerator) between(from, to time.Time) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return countBetween(g.writes, from, to)
}
