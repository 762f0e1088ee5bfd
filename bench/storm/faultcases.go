package main

import (
	"context"
	"errors"
	"fmt"
	eventsv1 "k8s.io/api/events/v1"
	"math/rand"
	"net/http"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	stormv1 "github.com/opgen-dev/opgen/bench/storm/api/v1"
	stormac "github.com/opgen-dev/opgen/bench/storm/api/v1/applyconfiguration/api/v1"
	"github.com/opgen-dev/opgen/bench/storm/guarded"
	"github.com/opgen-dev/opgen/bench/storm/naive"
)

// loadRun is the outside load running in the background.
type loadRun struct {
	gen  *loadGenerator
	done chan struct{}
}

// startLoad runs the outside writers for d.
func (f *faultEnv) startLoad(ctx context.Context, p FaultParams, mix map[action]int, d time.Duration) *loadRun {
	l := &loadRun{gen: &loadGenerator{c: f.outside, objects: p.Objects, mix: mix, seed: p.Seed}, done: make(chan struct{})}
	lctx, cancel := context.WithTimeout(ctx, d)
	go func() {
		defer close(l.done)
		defer cancel()
		l.gen.run(lctx, p.Writers, time.Duration(p.Interval))
	}()
	return l
}

// settle waits out the drain, then until every object converged: the quiet window
// opens after recovery.
func (f *faultEnv) settle(ctx context.Context) {
	time.Sleep(drain)
	f.waitQuiesced(ctx, time.Minute)
}

// finish opens the quiet window, waits it out, and measures what every fault shares:
// the load from loadStart to the quiet window, the quiet window, the end state.
func (f *faultEnv) finish(ctx context.Context, run *FaultRun, logs []*faultLog, g0 map[string]int64, loadStart time.Time, quiet time.Duration) (quietStart, end time.Time, err error) {
	quietStart = time.Now()
	run.SpecChanges = specChanges(g0, f.generations(ctx))
	time.Sleep(quiet)
	end = time.Now()
	run.measure(logs, loadStart, quietStart, end)
	run.Effective = f.status.between(&f.status.changes, loadStart, quietStart)
	run.Converged, _, err = f.converged(ctx)
	return quietStart, end, err
}

// runRestart stops kube-apiserver a third into the load and starts it again on the
// same etcd and port after p.Downtime. The manager is left alone: its informers must
// re-list and re-watch by themselves, and its status writes must not repeat what the
// server already holds (a re-list delivers every object again).
func runRestart(ctx context.Context, repo string, p FaultParams) ([]FaultRun, error) {
	f, err := startFaultEnv(ctx, repo)
	if err != nil {
		return nil, err
	}
	defer f.stop()
	log := &faultLog{}
	mgr, err := f.managerOf(log, nil, guarded.SetupReconcilers)
	if err != nil {
		return nil, err
	}
	m := start(ctx, mgr)
	defer m.stop()
	smp := &sampler{}
	sctx, stopSampler := context.WithCancel(ctx)
	defer stopSampler()
	go smp.run(sctx, "cache")
	if err := f.createObjects(ctx, p.Objects); err != nil {
		return nil, err
	}
	time.Sleep(time.Second)

	run := FaultRun{Fault: "restart", Variant: "kube-apiserver stop, start", Objects: p.Objects}
	g0 := f.generations(ctx)
	loadStart := time.Now()
	load := f.startLoad(ctx, p, mixed, time.Duration(p.Load))
	time.Sleep(time.Duration(p.Load) / 3)
	api := f.env.ControlPlane.GetAPIServer()
	down := time.Now()
	killed := false
	if err := api.Stop(); err != nil {
		// envtest kills it after the grace period and says so; anything else is a failure.
		if !strings.Contains(err.Error(), "timeout waiting for process") {
			return nil, fmt.Errorf("stopping kube-apiserver: %w", err)
		}
		killed = true
	}
	stopped := time.Now()
	time.Sleep(time.Duration(p.Downtime))
	restart := time.Now()
	if err := api.Start(); err != nil {
		return nil, fmt.Errorf("starting kube-apiserver again: %w", err)
	}
	up := time.Now()
	rec, err := f.probeRecovery(ctx, "c0000", time.Minute)
	if err != nil {
		return nil, err
	}
	run.Recovery = rec.Seconds()
	<-load.done
	f.settle(ctx)
	if _, _, err := f.finish(ctx, &run, []*faultLog{log}, g0, loadStart, time.Duration(p.Quiet)); err != nil {
		return nil, err
	}
	run.OutsideWrites = load.gen.between(loadStart, time.Now())
	run.Reconciles = int(smp.at(time.Now()).reconciles - smp.at(loadStart).reconciles)
	unanswered := log.count(down, up, func(x objRequest) bool { return x.code == 0 })
	run.Figures = map[string]float64{"downSeconds": up.Sub(down).Seconds(), "unanswered": float64(unanswered)}
	how := "exited on SIGTERM"
	if killed {
		how = fmt.Sprintf("killed %v after SIGTERM", apiserverGrace)
	}
	run.Figures["stopSeconds"], run.Figures["startSeconds"] = stopped.Sub(down).Seconds(), up.Sub(restart).Seconds()
	run.Detail = fmt.Sprintf("%s; down %.1f s (stopping %.1f, starting %.1f); %d requests unanswered meanwhile; %d reconciles", how,
		up.Sub(down).Seconds(), stopped.Sub(down).Seconds(), up.Sub(restart).Seconds(), unanswered, run.Reconciles)
	run.checkCommon(p.Objects)
	if run.StatusWrites > run.SpecChanges {
		run.violate("%d status writes for %d spec changes", run.StatusWrites, run.SpecChanges)
	}
	return []FaultRun{run}, nil
}

// runLeaderChange runs three managers with leader election on one Lease. The first to
// lead, a, keeps its lease on cancel (LeaderElectionReleaseOnCancel false), b and c
// release it. a is cancelled a third into the load, and the one of b and c that takes
// over is cancelled at two thirds; the last takes over. Each manager's writes are
// logged apart, so an object two managers wrote in the same second is seen.
func runLeaderChange(ctx context.Context, repo string, p FaultParams) ([]FaultRun, error) {
	f, err := startFaultEnv(ctx, repo)
	if err != nil {
		return nil, err
	}
	defer f.stop()
	if err := f.outside.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: faultLeaseNS}}); err != nil {
		return nil, err
	}
	names := []string{"a", "b", "c"}
	logs := map[string]*faultLog{}
	mgrs := map[string]*running{}
	var mu sync.Mutex
	elected := map[string]time.Time{}
	startOne := func(name string, release bool) error {
		logs[name] = &faultLog{}
		mgr, err := f.managerOf(logs[name], &leaderOptions{releaseOnCancel: release}, guarded.SetupReconcilers)
		if err != nil {
			return err
		}
		// The goroutine keeps its own r: reading mgrs there raced with the next
		// startOne's write to the map.
		r := start(ctx, mgr)
		mgrs[name] = r
		go func() {
			select {
			case <-mgr.Elected():
				mu.Lock()
				elected[name] = time.Now()
				mu.Unlock()
			case <-r.done:
			}
		}()
		return nil
	}
	// newLeader waits for a leader among the candidates and returns it with the time it
	// was elected.
	newLeader := func(candidates []string, timeout time.Duration) (string, time.Time, error) {
		deadline := time.Now().Add(timeout)
		for time.Now().Before(deadline) {
			mu.Lock()
			for _, c := range candidates {
				if t, ok := elected[c]; ok {
					mu.Unlock()
					return c, t, nil
				}
			}
			mu.Unlock()
			time.Sleep(20 * time.Millisecond)
		}
		return "", time.Time{}, fmt.Errorf("no leader among %v in %v", candidates, timeout)
	}
	if err := startOne("a", false); err != nil {
		return nil, err
	}
	if _, _, err := newLeader([]string{"a"}, 30*time.Second); err != nil {
		return nil, err
	}
	for _, n := range []string{"b", "c"} {
		if err := startOne(n, true); err != nil {
			return nil, err
		}
	}
	defer func() {
		for _, m := range mgrs {
			m.cancel()
		}
	}()
	if err := f.createObjects(ctx, p.Objects); err != nil {
		return nil, err
	}
	time.Sleep(time.Second)

	run := FaultRun{Fault: "leader", Variant: "a (keeps lease) → b|c (release) → last", Objects: p.Objects}
	// Each of the three leaders must lead under load for a while: the first takeover
	// alone waits out a lease.
	loadFor := max(time.Duration(p.Load), 3*(faultLeaseDuration+2*time.Second))
	g0 := f.generations(ctx)
	loadStart := time.Now()
	load := f.startLoad(ctx, p, mixed, loadFor)
	// takeover cancels leader and returns how long until another candidate led, and
	// until a spec change made at the cancel was reconciled.
	// handovers are (old leader, new leader, the new one's election).
	type handover struct {
		from, to string
		at       time.Time
	}
	var handovers []handover
	takeover := func(leader string, candidates []string) (string, time.Duration, time.Duration, error) {
		cancelled := time.Now()
		mgrs[leader].cancel()
		probe := make(chan error, 1)
		var rec time.Duration
		go func() {
			var err error
			rec, err = f.probeRecovery(ctx, "c0001", time.Minute)
			probe <- err
		}()
		next, at, err := newLeader(candidates, time.Minute)
		if err != nil {
			return "", 0, 0, err
		}
		if err := <-probe; err != nil {
			return "", 0, 0, err
		}
		if err := mgrs[leader].stop(); err != nil {
			return "", 0, 0, fmt.Errorf("manager %s: %w", leader, err)
		}
		handovers = append(handovers, handover{leader, next, at})
		return next, at.Sub(cancelled), rec, nil
	}
	time.Sleep(loadFor / 3)
	second, kept, recKept, err := takeover("a", []string{"b", "c"})
	if err != nil {
		return nil, err
	}
	time.Sleep(max(time.Until(loadStart.Add(2*loadFor/3)), 2*time.Second))
	third := "b"
	if second == "b" {
		third = "c"
	}
	_, released, recReleased, err := takeover(second, []string{third})
	if err != nil {
		return nil, err
	}
	<-load.done
	f.settle(ctx)
	var all []*faultLog
	for _, n := range names {
		all = append(all, logs[n])
	}
	if _, _, err := f.finish(ctx, &run, all, g0, loadStart, time.Duration(p.Quiet)); err != nil {
		return nil, err
	}
	run.OutsideWrites = load.gen.between(loadStart, time.Now())
	run.Recovery = recKept.Seconds()
	overlap := sameSecondWriters(logs)
	repeated := 0
	for _, o := range overlap {
		if o.repeated {
			repeated++
		}
	}
	// The overlap rule means something only if more than one manager wrote.
	var perManager []string
	writers := 0
	for _, n := range names {
		w := logs[n].count(loadStart, time.Now(), func(x objRequest) bool { return operatorWrite(x) && accepted(x) })
		perManager = append(perManager, fmt.Sprintf("%s %d", n, w))
		if w > 0 {
			writers++
		}
	}
	run.Figures = map[string]float64{"takeoverKeptSeconds": kept.Seconds(), "takeoverReleasedSeconds": released.Seconds(),
		"reconciledKeptSeconds": recKept.Seconds(), "reconciledReleasedSeconds": recReleased.Seconds(), "sameSecondObjects": float64(len(overlap)), "repeatedSameSecond": float64(repeated), "managersThatWrote": float64(writers)}
	run.Detail = fmt.Sprintf("takeover %.1f s with the lease kept, %.1f s released (reconciled %.1f / %.1f s); writes by manager: %s; objects written by two managers within a second (one on each side of a handover): %d, of them with the same write by both: %d",
		kept.Seconds(), released.Seconds(), recKept.Seconds(), recReleased.Seconds(), strings.Join(perManager, ", "), len(overlap), repeated)
	if run.ElectionConflicts > 0 {
		run.Detail += fmt.Sprintf("; %d Lease writes answered 409 (candidates racing for the lease)", run.ElectionConflicts)
	}
	run.checkCommon(p.Objects)
	if run.StatusWrites > run.SpecChanges {
		run.violate("%d status writes for %d spec changes", run.StatusWrites, run.SpecChanges)
	}
	// Without release the lease must first expire: a candidate sees that within a lease
	// duration and its next try, which client-go jitters up to 2.2 retry periods.
	if limit := faultLeaseDuration + 22*faultRetryPeriod/10 + time.Second; kept > limit {
		run.violate("takeover with the lease kept took %v (limit %v)", kept, limit)
	}
	if limit := 22*faultRetryPeriod/10 + time.Second; released > limit {
		run.violate("takeover with the lease released took %v (limit %v)", released, limit)
	}
	// Two leaders never write at once: the old one's last write was answered before the
	// new one was elected (a write is logged when its answer arrives, so after the
	// server stored it).
	for _, h := range handovers {
		if n := logs[h.from].count(h.at, time.Now(), func(x objRequest) bool { return operatorWrite(x) && accepted(x) }); n > 0 {
			run.violate("%s wrote %d times after %s was elected", h.from, n, h.to)
		}
	}
	// No object written by both in the same second: what the issue names, read as the
	// double write it guards against. Under this load an object's spec can change twice
	// in a second, once on each side of a handover that takes half a second, and both
	// leaders then rightly write it, each a different state; the same state written by
	// both (one status for one generation, one owned object's configuration) is the new
	// leader repeating a write it did not see, and fails the run.
	for _, o := range overlap {
		if o.repeated {
			run.violate("the same write by two managers within a second: %s", o.desc)
		}
	}
	return []FaultRun{run}, nil
}

// sameSecond is an object two managers both wrote (accepted writes) within one second
// of each other: the first such pair of writes; repeated when the two writes assert
// the same thing (the same observedGeneration, the same body), the second a write the
// first had already made.
type sameSecond struct {
	desc     string
	repeated bool
}

// sameSecondWriters lists the objects two managers both wrote within one second,
// preferring for each a pair that repeats over one that does not.
func sameSecondWriters(logs map[string]*faultLog) []sameSecond {
	// per object, per manager, the writes
	writes := map[string]map[string][]objRequest{}
	for m, l := range logs {
		for _, r := range l.requests() {
			if operatorWrite(r) && accepted(r) && r.name != "" {
				if writes[r.name] == nil {
					writes[r.name] = map[string][]objRequest{}
				}
				writes[r.name][m] = append(writes[r.name][m], r)
			}
		}
	}
	var out []sameSecond
	for _, obj := range sortedKeys(writes) {
		byMgr := writes[obj]
		var found *sameSecond
		for _, m1 := range sortedKeys(byMgr) {
			for _, m2 := range sortedKeys(byMgr) {
				if m1 >= m2 {
					continue
				}
				for _, x := range byMgr[m1] {
					for _, y := range byMgr[m2] {
						d := x.at.Sub(y.at)
						if d >= time.Second || d <= -time.Second {
							continue
						}
						repeated := x.key == y.key && x.state != "" && x.state == y.state
						if found == nil || (repeated && !found.repeated) {
							found = &sameSecond{repeated: repeated, desc: fmt.Sprintf("%s (%s %s %s at %s, %s %s %s at %s)", obj,
								m1, x.key, x.state, x.at.Format("15:04:05.000"), m2, y.key, y.state, y.at.Format("15:04:05.000"))}
						}
					}
				}
			}
		}
		if found != nil {
			out = append(out, *found)
		}
	}
	return out
}

// intruderManager is the field manager of the intruder: another controller that wants
// status.phase to be its own value.
const (
	intruderManager = "intruder"
	intrudedPhase   = "Intruded"
)

// intruder is a controller that answers every event of every object (For without
// predicates) by forcing status.phase to its value whenever it differs: the kind of
// controller that fights a field it shares.
type intruder struct{ c client.Client }

func (i *intruder) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj stormv1.Cache
	if err := i.c.Get(ctx, req.NamespacedName, &obj); err != nil || obj.Status.Phase == intrudedPhase {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ac := stormac.Cache(obj.Name, obj.Namespace).WithStatus(stormac.CacheStatus().WithPhase(intrudedPhase))
	return ctrl.Result{}, i.c.Status().Apply(ctx, ac, client.FieldOwner(intruderManager), client.ForceOwnership)
}

// runIntruder has another field manager force status.phase, which the operator
// (controller "guarded" or "naive") also sets. First a poke window: a writer forces a
// new phase on random objects and nothing else happens; the guarded operator, whose
// predicate drops status-only events, must not answer. Then a fight window: the intruder
// becomes a controller that answers every event, and the outside writers change specs;
// the guarded operator takes phase back in the reconciles the spec changes bring, at
// most once per reconcile. Then a quiet window with the intruder still running: a
// fight only the outside writes fed stops; a controller that answers status events, as
// the naive one does, goes on.
func runIntruder(ctx context.Context, repo string, p FaultParams, controller string) ([]FaultRun, error) {
	f, err := startFaultEnv(ctx, repo)
	if err != nil {
		return nil, err
	}
	defer f.stop()
	log, ilog := &faultLog{}, &faultLog{}
	setup := guarded.SetupReconcilers
	if controller == "naive" {
		setup = func(mgr ctrl.Manager) error {
			return (&naive.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
		}
	}
	mgr, err := f.managerOf(log, nil, setup)
	if err != nil {
		return nil, err
	}
	m := start(ctx, mgr)
	defer m.stop()
	smp := &sampler{}
	sctx, stopSampler := context.WithCancel(ctx)
	defer stopSampler()
	go smp.run(sctx, "cache")
	if err := f.createObjects(ctx, p.Objects); err != nil {
		return nil, err
	}
	time.Sleep(time.Second)

	// Poke window.
	pokeStart := time.Now()
	pokes := f.poke(ctx, p, time.Duration(p.Load)/2)
	time.Sleep(drain)
	pokeEnd := time.Now()
	pokeWrites := log.count(pokeStart, pokeEnd, operatorWrite)
	pokeReconciles := int(smp.at(pokeEnd).reconciles - smp.at(pokeStart).reconciles)

	// Fight window.
	imgr, err := f.managerOf(ilog, nil, func(mgr ctrl.Manager) error {
		return ctrl.NewControllerManagedBy(mgr).For(&stormv1.Cache{}).Named("intruder").Complete(&intruder{c: mgr.GetClient()})
	})
	if err != nil {
		return nil, err
	}
	im := start(ctx, imgr)
	defer im.stop()
	run := FaultRun{Fault: "intruder", Variant: controller + " vs. intruder controller", Objects: p.Objects}
	g0 := f.generations(ctx)
	loadStart := time.Now()
	load := f.startLoad(ctx, p, map[action]int{specChange: 1, labelChange: 1}, time.Duration(p.Load))
	<-load.done
	if controller == "guarded" {
		f.settle(ctx)
	} else {
		// The naive operator and the intruder never settle: that is the point.
		time.Sleep(drain)
	}
	quietStart, end, err := f.finish(ctx, &run, []*faultLog{log}, g0, loadStart, time.Duration(p.Quiet))
	if err != nil {
		return nil, err
	}
	run.OutsideWrites = load.gen.between(loadStart, end)
	run.Reconciles = int(smp.at(quietStart).reconciles - smp.at(loadStart).reconciles)
	fight := quietStart.Sub(loadStart).Minutes()
	intruderWrites := ilog.count(loadStart, quietStart, func(x objRequest) bool { return statusWrite(x) && accepted(x) })
	intruderQuiet := ilog.count(quietStart, end, operatorWrite)
	takeBacks := f.status.between(&f.status.toRunning, loadStart, quietStart)
	// Every stored change the intruder made turned phase to its value; the rest are the
	// operator's.
	run.Effective -= f.status.between(&f.status.toOther, loadStart, quietStart)
	run.Figures = map[string]float64{"pokes": float64(pokes), "pokeWrites": float64(pokeWrites), "pokeReconciles": float64(pokeReconciles),
		"statusWritesPerMinute": float64(run.StatusWrites) / fight, "intruderWritesPerMinute": float64(intruderWrites) / fight,
		"takeBacks": float64(takeBacks), "intruderQuietWrites": float64(intruderQuiet)}
	run.Detail = fmt.Sprintf("poke window: %d forced phases, %d writes, %d reconciles | fight: %s %.0f status writes/min, intruder %.0f/min, %d take-backs, %d reconciles | quiet: intruder %d writes",
		pokes, pokeWrites, pokeReconciles, controller, float64(run.StatusWrites)/fight, float64(intruderWrites)/fight, takeBacks, run.Reconciles, intruderQuiet)
	if controller != "guarded" {
		// The naive operator is the measure of what the bound prevents, judged by nothing.
		return []FaultRun{run}, nil
	}
	// The take-backs are surfaced: the status writer records an Event naming the
	// intruder when it takes the field back, at most one per object and manager every
	// ten minutes: some, and never more than the objects.
	var evs eventsv1.EventList
	if err := f.outside.List(ctx, &evs, client.InNamespace("default")); err != nil {
		return nil, err
	}
	named := 0
	for _, e := range evs.Items {
		if e.Reason == "StatusFieldTaken" && strings.Contains(e.Note, `"`+intruderManager+`"`) && strings.Contains(e.Note, ".status.phase") {
			named++
		}
	}
	run.Figures["takenEvents"] = float64(named)
	run.Detail += fmt.Sprintf(" | %d Events naming the intruder", named)
	if named == 0 || named > p.Objects {
		run.violate("%d StatusFieldTaken Events naming %q, for %d objects", named, intruderManager, p.Objects)
	}
	run.checkCommon(p.Objects)
	if pokeWrites != 0 || pokeReconciles != 0 {
		run.violate("answered the intruder's writes: %d writes, %d reconciles in the poke window", pokeWrites, pokeReconciles)
	}
	if run.StatusWrites > run.Reconciles {
		run.violate("%d status writes for %d reconciles", run.StatusWrites, run.Reconciles)
	}
	if intruderQuiet != 0 {
		run.violate("the intruder wrote %d times in the quiet window: the fight goes on", intruderQuiet)
	}
	if pokes == 0 || intruderWrites == 0 || takeBacks == 0 {
		run.violate("no fight to judge: %d pokes, %d intruder writes, %d take-backs", pokes, intruderWrites, takeBacks)
	}
	return []FaultRun{run}, nil
}

// poke forces a new status.phase on random objects, as the intruder, for d, and
// returns how many writes the server accepted.
func (f *faultEnv) poke(ctx context.Context, p FaultParams, d time.Duration) int {
	pctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	rng := rand.New(rand.NewSource(p.Seed))
	t := time.NewTicker(time.Duration(p.Interval) / time.Duration(p.Writers))
	defer t.Stop()
	n := 0
	for {
		select {
		case <-pctx.Done():
			return n
		case <-t.C:
		}
		name := fmt.Sprintf("c%04d", rng.Intn(p.Objects))
		ac := stormac.Cache(name, "default").WithStatus(stormac.CacheStatus().WithPhase(fmt.Sprintf("Poked-%d", n)))
		if f.outside.Status().Apply(pctx, ac, client.FieldOwner(intruderManager), client.ForceOwnership) == nil {
			n++
		}
	}
}

// holdFinalizer is an outside finalizer that keeps some deleted objects Terminating for
// a while: the guarded operator has none of its own (no +opguard:finalizer on the kind).
const holdFinalizer = "storm.opgen.dev/hold"

// runDeletion deletes a quarter of the objects in the middle of a load that keeps
// changing their specs, half of them held Terminating by an outside finalizer for 2
// seconds. Nothing may bring a deleted object back, nothing may stay Terminating, and
// the operator may write the status of a deleted object at most once (the reconcile
// that read it before the deletion). Before the load, a direct check: the status
// writer, given a stale copy of a deleted object, must get 404 from its apply to
// /status, not create the object.
func runDeletion(ctx context.Context, repo string, p FaultParams) ([]FaultRun, error) {
	f, err := startFaultEnv(ctx, repo)
	if err != nil {
		return nil, err
	}
	defer f.stop()
	log := &faultLog{}
	mgr, err := f.managerOf(log, nil, guarded.SetupReconcilers)
	if err != nil {
		return nil, err
	}
	m := start(ctx, mgr)
	defer m.stop()
	if err := f.createObjects(ctx, p.Objects); err != nil {
		return nil, err
	}
	run := FaultRun{Fault: "deletion", Variant: "delete under spec load", Objects: p.Objects}
	if err := f.applyToDeleted(ctx, fmt.Sprintf("c%04d", p.Objects-1)); err != nil {
		run.violate("%v", err)
	}
	n := p.Objects / 4
	var held []string
	for i := 0; i < n/2; i++ {
		name := fmt.Sprintf("c%04d", i)
		held = append(held, name)
		obj := &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}
		if err := f.outside.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"finalizers":["`+holdFinalizer+`"]}}`))); err != nil {
			return nil, err
		}
	}
	time.Sleep(time.Second)

	g0 := f.generations(ctx)
	loadStart := time.Now()
	load := f.startLoad(ctx, FaultParams{Objects: p.Objects - 1, Writers: p.Writers, Interval: p.Interval, Seed: p.Seed},
		map[action]int{specChange: 3, ownedStatus: 1}, time.Duration(p.Load))
	time.Sleep(time.Duration(p.Load) / 2)
	deletedAt := map[string]time.Time{}
	for i := 0; i < n; i++ {
		// A spec change right before the deletion puts a reconcile in flight across it:
		// the race under test, which the load alone rarely hits.
		name := fmt.Sprintf("c%04d", i)
		obj := &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}
		if err := f.outside.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(`{"spec":{"image":"cache:doomed"}}`))); err != nil {
			return nil, err
		}
		deletedAt[name] = time.Now()
		if err := f.outside.Delete(ctx, obj); err != nil {
			return nil, err
		}
	}
	time.Sleep(2 * time.Second)
	for _, name := range held {
		obj := &stormv1.Cache{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}}
		if err := f.outside.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`))); err != nil {
			return nil, err
		}
	}
	<-load.done
	f.settle(ctx)
	quietStart, _, err := f.finish(ctx, &run, []*faultLog{log}, g0, loadStart, time.Duration(p.Quiet))
	if err != nil {
		return nil, err
	}
	run.OutsideWrites = load.gen.between(loadStart, time.Now())
	run.Objects = p.Objects - n - 1

	var list stormv1.CacheList
	if err := f.outside.List(ctx, &list, client.InNamespace("default")); err != nil {
		return nil, err
	}
	for _, o := range list.Items {
		if _, gone := deletedAt[o.Name]; gone {
			run.violate("%s exists again after its deletion", o.Name)
		}
		if o.DeletionTimestamp != nil {
			run.violate("%s is still Terminating", o.Name)
		}
	}
	// What the operator sent for objects after their deletion began.
	statusAfter, notFound, ownedAfter := 0, 0, 0
	for _, r := range log.requests() {
		t, deleted := deletedAt[r.name]
		if !deleted || r.at.Before(t) || !operatorWrite(r) {
			continue
		}
		switch {
		case statusWrite(r) && accepted(r):
			statusAfter++
		case statusWrite(r) && r.code == http.StatusNotFound:
			notFound++
		case !statusWrite(r) && accepted(r):
			ownedAfter++
		}
	}
	// A reconcile that read the object before its deletion may still write its status
	// while it is Terminating; every later one sees the deletion and writes nothing, so
	// there is at most one such write per object.
	if statusAfter > n {
		run.violate("%d status writes accepted for %d objects being deleted", statusAfter, n)
	}
	run.Figures = map[string]float64{"deleted": float64(n + 1), "held": float64(len(held)), "statusAcceptedAfterDeletion": float64(statusAfter), "statusNotFound": float64(notFound), "ownedWritesAfterDeletion": float64(ownedAfter)}
	run.Detail = fmt.Sprintf("%d deleted (%d held Terminating 2 s), each right after a spec change; status writes after deletion: %d accepted, %d answered 404; %d writes of owned objects after their owner's deletion",
		n+1, len(held), statusAfter, notFound, ownedAfter)
	// Spec changes are counted on the objects that remain (specChanges): so is the bound.
	remainingWrites := 0
	for _, r := range log.requests() {
		if _, deleted := deletedAt[r.name]; !deleted && statusWrite(r) && accepted(r) && !r.at.Before(loadStart) && r.at.Before(quietStart) {
			remainingWrites++
		}
	}
	run.checkCommon(run.Objects)
	if remainingWrites > run.SpecChanges {
		run.violate("%d status writes on remaining objects for %d spec changes", remainingWrites, run.SpecChanges)
	}
	return []FaultRun{run}, nil
}

// applyToDeleted deletes name and then calls the generated status writer with the copy
// read before the deletion, as a reconcile that raced the deletion would: the apply to
// /status carries no resourceVersion, and it must be answered 404 rather than create
// the object.
func (f *faultEnv) applyToDeleted(ctx context.Context, name string) error {
	var stale stormv1.Cache
	if err := f.outside.Get(ctx, client.ObjectKey{Namespace: "default", Name: name}, &stale); err != nil {
		return err
	}
	if err := f.outside.Delete(ctx, stale.DeepCopy()); err != nil {
		return err
	}
	desired := *stale.Status.DeepCopy()
	desired.Phase = "AfterDeletion"
	written, err := guarded.ApplyCacheStatus(ctx, f.outside, &stale, desired)
	if !apierrors.IsNotFound(err) {
		return fmt.Errorf("status apply to deleted %s: written %v, error %v; want 404", name, written, err)
	}
	var again stormv1.Cache
	if err := f.outside.Get(ctx, client.ObjectKey{Namespace: "default", Name: name}, &again); !apierrors.IsNotFound(err) {
		return errors.Join(fmt.Errorf("%s exists after a status apply to its deleted self", name), err)
	}
	return nil
}
