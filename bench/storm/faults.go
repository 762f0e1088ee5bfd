package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
	"github.com/opgen-dev/opgen/bench/storm/guarded"
	"github.com/opgen-dev/opgen/internal/envtestassets"
)

// The faults: what an operator meets besides load — the API server restarting, a
// leader change, a second field manager forcing a field it owns, objects deleted under
// a status write — each run against a real API server with the guarded operator under
// a steady outside load, and judged by the same rules as the storm: it converges
// afterwards, gets no 409, writes nothing in a quiet window after recovery, and its
// status writes stay bounded by what changed.

// FaultParams are the settings of a fault run.
type FaultParams struct {
	Objects  int      `json:"objects"`
	Writers  int      `json:"writers"`
	Interval Duration `json:"interval"`
	// Load is the window of outside writes the fault happens in.
	Load  Duration `json:"load"`
	Quiet Duration `json:"quiet"`
	// Downtime is how long the API server stays down in the restart fault.
	Downtime Duration `json:"downtime"`
	Seed     int64    `json:"seed"`
}

// FaultRun is what one fault run measured. Writes count only the operator's requests
// on the kind and the objects it owns (caches, caches/status, deployments, configmaps),
// not its lease renewals or Events.
type FaultRun struct {
	Fault   string `json:"fault"`
	Variant string `json:"variant"`
	Objects int    `json:"objects"`
	// SpecChanges are the generation bumps from the start of the load to its end.
	SpecChanges   int `json:"specChanges"`
	OutsideWrites int `json:"outsideWrites"`
	// StatusWrites are the operator's status writes the server accepted, from the start
	// of the load to the quiet window; FailedStatusWrites those it did not (the server
	// down, the object gone).
	StatusWrites       int `json:"statusWrites"`
	FailedStatusWrites int `json:"failedStatusWrites"`
	// Effective are the stored status changes, seen by a watch that survives the
	// restart, less the outside writers' own.
	Effective int `json:"effective"`
	Writes    int `json:"writes"`
	// Conflicts are the 409s on the kind and the objects it owns; ConflictsOn names
	// them ("APPLY caches/status c3"). A 409 on the leader-election Lease is the
	// election's optimistic concurrency working (two candidates raced for one
	// resourceVersion) and is counted apart, in ElectionConflicts.
	Conflicts         int      `json:"conflicts"`
	ConflictsOn       []string `json:"conflictsOn,omitempty"`
	ElectionConflicts int      `json:"electionConflicts"`
	Reconciles        int      `json:"reconciles"`
	QuietWrites       int      `json:"quietWrites"`
	Converged         int      `json:"converged"`
	// Recovery is the time from the end of the fault (the API server up again, the
	// leader's cancel) until a spec change made at that moment was reconciled.
	Recovery float64 `json:"recoverySeconds"`
	// Figures are what only this fault measures, by name; Detail says them for the table.
	Figures map[string]float64 `json:"figures"`
	Detail  string             `json:"detail"`
	// Judged runs are the guarded operator's, held to the rules; the others are there
	// to show what the rules prevent. Violations are the broken rules.
	Judged     bool     `json:"judged"`
	Violations []string `json:"violations"`
}

func (r *FaultRun) violate(format string, args ...any) {
	r.Violations = append(r.Violations, fmt.Sprintf(format, args...))
}

// checkCommon applies the rules every fault shares: no 409, a quiet quiet window,
// every remaining object converged, and no status write that changed nothing beyond a
// small slack (a write can race the watch that counts it at the window's edge).
func (r *FaultRun) checkCommon(remaining int) {
	r.Judged = true
	if r.Conflicts != 0 {
		r.violate("%d requests answered 409: %s", r.Conflicts, strings.Join(r.ConflictsOn, ", "))
	}
	if r.QuietWrites != 0 {
		r.violate("%d writes in the quiet window", r.QuietWrites)
	}
	if r.Converged != remaining {
		r.violate("%d of %d objects converged", r.Converged, remaining)
	}
	if extra := r.StatusWrites - r.Effective; extra > 2 && float64(extra) > 0.05*float64(r.Effective) {
		r.violate("%d status writes, only %d changed the stored status", r.StatusWrites, r.Effective)
	}
}

// faultLog records one manager's requests with the object each names, through a
// wrapping transport: the leader fault needs to know which manager wrote which object
// when.
type faultLog struct {
	mu   sync.Mutex
	reqs []objRequest
}

type objRequest struct {
	at   time.Time
	key  string // as describe names it: "APPLY caches/status"
	name string // the object's name, "" for a list or watch
	code int    // 0 when no answer came (the server down)
	// state is what a write asserts, for telling a repeated write from a new one: the
	// observedGeneration a status write records, the body's digest for any other write;
	// "" for a read.
	state string
}

func (l *faultLog) wrap(rt http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		key, name := describe(req), objectName(req)
		state := ""
		if isWrite(key) {
			state = writeState(req)
		}
		resp, err := rt.RoundTrip(req)
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		l.mu.Lock()
		l.reqs = append(l.reqs, objRequest{at: time.Now(), key: key, name: name, code: code, state: state})
		l.mu.Unlock()
		return resp, err
	})
}

// writeState is what a write request asserts (see objRequest.state), read from a copy of
// its body (GetBody, which client-go's requests have), so the request is not changed.
func writeState(req *http.Request) string {
	if req.GetBody == nil {
		return ""
	}
	rc, err := req.GetBody()
	if err != nil {
		return ""
	}
	defer rc.Close()
	body, err := io.ReadAll(rc)
	if err != nil {
		return ""
	}
	if strings.HasSuffix(req.URL.Path, "/status") {
		var s struct {
			Status struct {
				ObservedGeneration *int64 `json:"observedGeneration"`
			} `json:"status"`
		}
		if json.Unmarshal(body, &s) == nil && s.Status.ObservedGeneration != nil {
			return fmt.Sprintf("observedGeneration %d", *s.Status.ObservedGeneration)
		}
	}
	sum := sha256.Sum256(body)
	return "body " + hex.EncodeToString(sum[:6])
}

// objectName is the name in a request's path: …/namespaces/<ns>/<resource>/<name>[/<sub>].
func objectName(req *http.Request) string {
	parts := strings.Split(strings.Trim(req.URL.Path, "/"), "/")
	for i, p := range parts {
		if p == "namespaces" && i+3 < len(parts) {
			return parts[i+3]
		}
	}
	return ""
}

// operatorWrite is a write on the kind or an object it owns: what a quiet window must
// not see. Lease renewals and Events are the manager's, not the operator's logic.
func operatorWrite(r objRequest) bool {
	return isWrite(r.key) && operatorObject(r.key)
}

// operatorObject: the request is on the kind or an object it owns.
func operatorObject(key string) bool {
	_, res, _ := strings.Cut(key, " ")
	res, _, _ = strings.Cut(res, "/")
	return res == "caches" || res == "deployments" || res == "configmaps"
}

func statusWrite(r objRequest) bool {
	return isWrite(r.key) && strings.HasSuffix(r.key, " caches/status")
}

func accepted(r objRequest) bool { return r.code >= 200 && r.code < 300 }

// count counts the requests in [from, to) that match.
func (l *faultLog) count(from, to time.Time, match func(objRequest) bool) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, r := range l.reqs {
		if !r.at.Before(from) && r.at.Before(to) && match(r) {
			n++
		}
	}
	return n
}

// between returns the requests in [from, to).
func (l *faultLog) between(from, to time.Time) []objRequest {
	var out []objRequest
	for _, r := range l.requests() {
		if !r.at.Before(from) && r.at.Before(to) {
			out = append(out, r)
		}
	}
	return out
}

// requests returns a copy of the log.
func (l *faultLog) requests() []objRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]objRequest(nil), l.reqs...)
}

// measure fills the common figures of r from the logs of the operator's managers:
// load from loadStart to quietStart, quiet from quietStart to end.
func (r *FaultRun) measure(logs []*faultLog, loadStart, quietStart, end time.Time) {
	for _, l := range logs {
		r.StatusWrites += l.count(loadStart, quietStart, func(x objRequest) bool { return statusWrite(x) && accepted(x) })
		r.FailedStatusWrites += l.count(loadStart, quietStart, func(x objRequest) bool { return statusWrite(x) && !accepted(x) })
		r.Writes += l.count(loadStart, quietStart, operatorWrite)
		for _, x := range l.between(loadStart, end) {
			switch {
			case x.code != http.StatusConflict:
			case operatorObject(x.key):
				r.Conflicts++
				r.ConflictsOn = append(r.ConflictsOn, strings.TrimSpace(x.key+" "+x.name))
			case strings.HasSuffix(x.key, " leases") || strings.Contains(x.key, " leases/"):
				r.ElectionConflicts++
			default:
				// Anything else answered 409 (an Event's name taken) is no object
				// of the operator's but is still a 409 to show.
				r.Conflicts++
				r.ConflictsOn = append(r.ConflictsOn, strings.TrimSpace(x.key+" "+x.name))
			}
		}
		r.QuietWrites += l.count(quietStart, end, operatorWrite)
	}
}

// statusWatch counts stored status changes of the kind, leaving out the outside
// writers' condition, and phase changes, through a watch it re-opens from the last
// resource version it saw when the API server drops it (a restart).
type statusWatch struct {
	mu      sync.Mutex
	changes []time.Time
	// toRunning and toOther are the times phase became Running, and became something
	// else: the guarded operator taking its field back, and another manager taking it.
	toRunning, toOther []time.Time
}

func (s *statusWatch) run(ctx context.Context, c client.WithWatch) {
	last, phase := map[string]string{}, map[string]string{}
	rv := ""
	for ctx.Err() == nil {
		opts := []client.ListOption{client.InNamespace("default")}
		if rv != "" {
			opts = append(opts, &client.ListOptions{Raw: &metav1.ListOptions{ResourceVersion: rv, AllowWatchBookmarks: true}})
		}
		w, err := c.Watch(ctx, &stormv1.CacheList{}, opts...)
		if err != nil {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		for ev := range w.ResultChan() {
			obj, ok := ev.Object.(*stormv1.Cache)
			if !ok {
				if ev.Type == watch.Error {
					// Too old a resource version: start over from now; the changes in
					// between are lost, which only a compaction during the test could cause.
					rv = ""
				}
				continue
			}
			rv = obj.ResourceVersion
			if ev.Type == watch.Bookmark {
				continue
			}
			s.observe(ev.Type, obj, last, phase)
		}
		w.Stop()
	}
}

func (s *statusWatch) observe(t watch.EventType, obj *stormv1.Cache, last, phase map[string]string) {
	raw := cacheStatusKey(&obj.Status)
	key := string(obj.UID)
	prev, seen := last[key]
	last[key] = raw
	prevPhase, seenPhase := phase[key]
	phase[key] = obj.Status.Phase
	if t != watch.Modified {
		return
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if seen && prev != raw {
		s.changes = append(s.changes, now)
	}
	if seenPhase && prevPhase != obj.Status.Phase {
		if obj.Status.Phase == "Running" {
			s.toRunning = append(s.toRunning, now)
		} else {
			s.toOther = append(s.toOther, now)
		}
	}
}

func (s *statusWatch) between(times *[]time.Time, from, to time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return countBetween(*times, from, to)
}

// faultEnv is one API server and etcd for a fault run, with an outside client.
type faultEnv struct {
	env *envtest.Environment
	// disarm ends onInterrupt's watch; stopOnce makes the stop run once, by whichever
	// of the two comes first.
	disarm   func()
	stopOnce sync.Once
	cfg      *rest.Config
	scheme   *runtime.Scheme
	outside  client.WithWatch
	status   *statusWatch
	certDir  string
	cancel   context.CancelFunc
}

// startFaultEnv starts the API server with a certificate directory of its own: envtest
// generates fresh serving and client CAs on every start in a directory it made itself,
// and a restarted server would no longer trust the rest.Config's client certificate nor
// present the certificate it trusts. In a directory envtest did not make, Stop leaves
// the certificates, and Start reuses them and the port.
func startFaultEnv(ctx context.Context, repo string) (*faultEnv, error) {
	assets, err := envtestassets.Dir(repo)
	if err != nil {
		return nil, err
	}
	certDir, err := os.MkdirTemp("", "storm-faults-")
	if err != nil {
		return nil, err
	}
	env := &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join(repo, "bench", "storm", "config", "crd")},
		ErrorIfCRDPathMissing: true,
		BinaryAssetsDirectory: assets,
		// Environment sets the API server's StopTimeout from this.
		ControlPlaneStopTimeout: apiserverGrace,
	}
	api := env.ControlPlane.GetAPIServer()
	api.CertDir = certDir
	// STORM_APISERVER_LOG=FILE keeps kube-apiserver's log, which envtest discards: it is
	// where a stop that hangs, or a restart that fails, shows why.
	if name := os.Getenv("STORM_APISERVER_LOG"); name != "" {
		lf, err := os.Create(name)
		if err != nil {
			os.RemoveAll(certDir)
			return nil, err
		}
		api.Out, api.Err = lf, lf
	}
	api.Configure().Set("advertise-address", "127.0.0.1").Set("endpoint-reconciler-type", "none")
	f := &faultEnv{env: env, scheme: runtime.NewScheme(), status: &statusWatch{}, certDir: certDir}
	cfg, disarm, err := startEnv(env, f.stopServer)
	if err != nil {
		f.stopServer()
		return nil, fmt.Errorf("starting envtest: %w", err)
	}
	f.cfg, f.disarm = cfg, disarm
	if err := guarded.AddToScheme(f.scheme); err != nil {
		f.stop()
		return nil, err
	}
	if f.outside, err = client.NewWithWatch(cfg, client.Options{Scheme: f.scheme}); err != nil {
		f.stop()
		return nil, err
	}
	wctx, cancel := context.WithCancel(ctx)
	f.cancel = cancel
	go f.status.run(wctx, f.outside)
	return f, nil
}

func (f *faultEnv) stop() {
	f.disarm()
	if f.cancel != nil {
		f.cancel()
	}
	f.stopServer()
}

// stopServer stops kube-apiserver and etcd and removes the certificates, once.
func (f *faultEnv) stopServer() {
	f.stopOnce.Do(func() {
		_ = f.env.Stop()
		os.RemoveAll(f.certDir)
	})
}

// apiserverGrace is how long a stopping kube-apiserver gets after SIGTERM before it
// is killed. Under a manager's open watches, kube-apiserver 1.37 stops listening at
// once but its process did not exit within envtest's 20 seconds; a kubelet would kill
// it after the pod's grace period too.
const apiserverGrace = 5 * time.Second

// leaderOptions turn leader election on for a manager.
type leaderOptions struct {
	releaseOnCancel bool
}

// Lease timings of the leader fault: short, so that a takeover fits in a test.
const (
	faultLeaseDuration = 4 * time.Second
	faultRenewDeadline = 3 * time.Second
	faultRetryPeriod   = 500 * time.Millisecond
	faultLeaseNS       = "storm-leader"
)

// faultQPS and faultBurst bound every operator's client in the faults: the intruder's
// fight is unbounded without one (the generated default has none since the first sync
// at scale was measured), and the faults' figures were taken with this one.
const (
	faultQPS   = 50
	faultBurst = 100
)

// managerOf builds a manager whose requests log records, with the client limit
// faultQPS/faultBurst; setup registers the controllers. Controller names repeat across the
// managers of one process, hence SkipNameValidation.
func (f *faultEnv) managerOf(log *faultLog, le *leaderOptions, setup func(ctrl.Manager) error) (ctrl.Manager, error) {
	cfg := rest.CopyConfig(f.cfg)
	cfg.WrapTransport = log.wrap
	guarded.ClientLimits{QPS: faultQPS, Burst: faultBurst}.Apply(cfg)
	opts := ctrl.Options{
		Scheme:                 f.scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Controller:             config.Controller{SkipNameValidation: ptr.To(true), MaxConcurrentReconciles: 2},
	}
	if le != nil {
		opts.LeaderElection = true
		opts.LeaderElectionID = "storm-guarded"
		opts.LeaderElectionNamespace = faultLeaseNS
		opts.LeaderElectionReleaseOnCancel = le.releaseOnCancel
		opts.LeaseDuration, opts.RenewDeadline, opts.RetryPeriod = ptr.To(faultLeaseDuration), ptr.To(faultRenewDeadline), ptr.To(faultRetryPeriod)
	}
	mgr, err := ctrl.NewManager(cfg, opts)
	if err != nil {
		return nil, err
	}
	return mgr, setup(mgr)
}

// running is a started manager; done closes when Start has returned, err.
type running struct {
	cancel context.CancelFunc
	done   chan struct{}
	err    error
}

func start(ctx context.Context, mgr ctrl.Manager) *running {
	mctx, cancel := context.WithCancel(ctx)
	r := &running{cancel: cancel, done: make(chan struct{})}
	go func() {
		r.err = mgr.Start(mctx)
		close(r.done)
	}()
	return r
}

// stop cancels the manager and waits until it has stopped.
func (r *running) stop() error {
	r.cancel()
	<-r.done
	return r.err
}

// createObjects creates n objects and waits until the operator converged them.
func (f *faultEnv) createObjects(ctx context.Context, n int) error {
	for i := 0; i < n; i++ {
		obj := &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("c%04d", i), Namespace: "default"},
			Spec: stormv1.CacheSpec{Size: 1, Image: "cache:1"}}
		if err := f.outside.Create(ctx, obj); err != nil {
			return err
		}
	}
	_, err := waitConverged(ctx, f.outside, n, setupTimeout(n))
	return err
}

// generations are the objects' generations by name: their growth is the spec changes.
func (f *faultEnv) generations(ctx context.Context) map[string]int64 {
	var list stormv1.CacheList
	out := map[string]int64{}
	if err := f.outside.List(ctx, &list, client.InNamespace("default")); err == nil {
		for _, o := range list.Items {
			out[o.Name] = o.Generation
		}
	}
	return out
}

// specChanges counts the generation bumps from g0 to g1 of the objects in both: a
// deleted object leaves the count with its generation, and deletion bumps it too.
func specChanges(g0, g1 map[string]int64) int {
	n := 0
	for name, g := range g1 {
		if before, ok := g0[name]; ok {
			n += int(g - before)
		}
	}
	return n
}

// converged counts the objects whose status describes their generation.
func (f *faultEnv) converged(ctx context.Context) (converged, total int, err error) {
	var list stormv1.CacheList
	if err := f.outside.List(ctx, &list, client.InNamespace("default")); err != nil {
		return 0, 0, err
	}
	for _, o := range list.Items {
		if o.Status.ObservedGeneration == o.Generation {
			converged++
		}
	}
	return converged, len(list.Items), nil
}

// waitQuiesced waits until every object converged (or the timeout passed): after a
// fault, how long that takes is the recovery.
func (f *faultEnv) waitQuiesced(ctx context.Context, timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if c, n, err := f.converged(ctx); err == nil && c == n {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// probeRecovery changes one object's spec and returns how long the operator took to
// reconcile it, or an error after timeout; it retries the change while the server is
// unreachable.
func (f *faultEnv) probeRecovery(ctx context.Context, name string, timeout time.Duration) (time.Duration, error) {
	start := time.Now()
	deadline := start.Add(timeout)
	obj := &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}
	patch := client.RawPatch(types.MergePatchType, []byte(fmt.Sprintf(`{"spec":{"image":"cache:probe-%d"}}`, start.UnixNano())))
	for {
		err := f.outside.Patch(ctx, obj, patch)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("changing %s: %w", name, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for time.Now().Before(deadline) {
		var o stormv1.Cache
		if err := f.outside.Get(ctx, client.ObjectKeyFromObject(obj), &o); err == nil && o.Status.ObservedGeneration == o.Generation && o.Spec.Image == obj.Spec.Image {
			return time.Since(start), nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return 0, fmt.Errorf("%s not reconciled %v after a spec change", name, timeout)
}

// faultNames lists the faults in the order they run.
var faultNames = []string{"restart", "leader", "intruder", "deletion"}

// runFaults runs the named faults (variants included) and returns every run.
func runFaults(ctx context.Context, p FaultParams, names []string, progress io.Writer) ([]FaultRun, error) {
	// controller-runtime complains on stderr when no logger is set; the figures are the
	// output here, and a failure surfaces as an error.
	ctrl.SetLogger(logr.Discard())
	repo, err := repoRoot()
	if err != nil {
		return nil, err
	}
	if err := checkGenerated(ctx, repo); err != nil {
		return nil, err
	}
	var runs []FaultRun
	for _, name := range names {
		var fn func(context.Context, string, FaultParams) ([]FaultRun, error)
		switch name {
		case "restart":
			fn = runRestart
		case "leader":
			fn = runLeaderChange
		case "intruder":
			fn = func(ctx context.Context, repo string, p FaultParams) ([]FaultRun, error) {
				var out []FaultRun
				for _, c := range []string{"guarded", "naive"} {
					r, err := runIntruder(ctx, repo, p, c)
					if err != nil {
						return nil, err
					}
					out = append(out, r...)
				}
				return out, nil
			}
		case "deletion":
			fn = runDeletion
		default:
			return nil, fmt.Errorf("unknown fault %q (have %s)", name, strings.Join(faultNames, ", "))
		}
		start := time.Now()
		fmt.Fprintf(progress, "storm fault %s ...", name)
		r, err := fn(ctx, repo, p)
		if err != nil {
			fmt.Fprintln(progress, " failed")
			return nil, fmt.Errorf("fault %s: %w", name, err)
		}
		fmt.Fprintf(progress, " %v\n", time.Since(start).Round(time.Second))
		runs = append(runs, r...)
	}
	return runs, nil
}

// faultsMain is `storm -faults`: the faults with the storm's flags, the table on
// stdout, every figure in jsonOut when set. It exits 1 when a rule was broken.
func faultsMain(p Params, names, jsonOut string) int {
	fp := FaultParams{Objects: p.Objects, Writers: p.Writers, Interval: p.Interval, Load: p.Load, Quiet: p.Quiet,
		Downtime: Duration(5 * time.Second), Seed: p.Seed}
	list := split(names)
	if names == "all" {
		list = faultNames
	}
	runs, err := runFaults(context.Background(), fp, list, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "storm:", err)
		return 1
	}
	fmt.Print(faultTable(runs, fp))
	if jsonOut != "" {
		data, _ := json.MarshalIndent(struct {
			Params FaultParams `json:"params"`
			Runs   []FaultRun  `json:"runs"`
		}{fp, runs}, "", "  ")
		if err := os.WriteFile(jsonOut, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			return 1
		}
	}
	for _, r := range runs {
		if len(r.Violations) > 0 {
			return 1
		}
	}
	return 0
}

// faultTable renders fault runs for a terminal.
func faultTable(runs []FaultRun, p FaultParams) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "fault\tvariant\tspec changes\tstatus writes / effective\tfailed\twrites\t409s\tquiet writes\tconverged\trecovery s\tdetail\tverdict")
	for _, r := range runs {
		verdict := "ok"
		switch {
		case !r.Judged:
			verdict = "not judged"
		case len(r.Violations) > 0:
			verdict = strings.Join(r.Violations, "; ")
		}
		recovery := "-"
		if r.Recovery > 0 {
			recovery = fmt.Sprintf("%.1f", r.Recovery)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d / %d\t%d\t%d\t%d\t%d\t%d/%d\t%s\t%s\t%s\n", r.Fault, r.Variant, r.SpecChanges,
			r.StatusWrites, r.Effective, r.FailedStatusWrites, r.Writes, r.Conflicts, r.QuietWrites, r.Converged, r.Objects, recovery, r.Detail, verdict)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\n%d objects, %d writers every %v, load %v then quiet %v; API server down %v; lease %v, renew %v, retry %v.\n",
		p.Objects, p.Writers, p.Interval.String(), p.Load.String(), p.Quiet.String(), p.Downtime.String(), faultLeaseDuration, faultRenewDeadline, faultRetryPeriod)
	return b.String()
}

// sortedKeys returns a map's keys in order, for a stable detail text.
func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
