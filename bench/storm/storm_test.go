package main

import (
	"context"
	"os"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	// The benchmark runs each (scenario, controller) in a child process: this binary.
	// An operator process is started by a child, whose environment it inherits.
	if job := os.Getenv(operatorEnv); job != "" {
		os.Exit(operatorMain(job))
	}
	if job := os.Getenv(tenantEnv); job != "" {
		os.Exit(tenantMain(job))
	}
	if job := os.Getenv(childEnv); job != "" {
		os.Exit(childMain(job))
	}
	if os.Getenv(interruptRaceEnv) != "" {
		os.Exit(interruptRaceMain())
	}
	os.Exit(m.Run())
}

// TestGuardedIsGenerated: the guarded operator is exactly what opgen generates today.
func TestGuardedIsGenerated(t *testing.T) {
	repo, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if err := checkGenerated(context.Background(), repo); err != nil {
		t.Fatal(err)
	}
}

// TestStormInvariants runs a short version of the benchmark and checks what does not
// depend on the machine's speed: the guarded operator sends no 409-provoking request,
// is silent in every quiet window and under noise, writes status at most once per spec
// change and only when that changes the stored object; its requests are all classified
// into its generated FlowSchema and priority level; a new process of it over converged
// objects writes nothing and drains its queue; the 429s of a priority level that
// rejects are each retried after their Retry-After; and the naive operators reproduce
// the incidents (a new naive process rewrites every status), or the scenarios would
// prove nothing.
func TestStormInvariants(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an API server per run")
	}
	p := Params{Objects: 40, Writers: 4, Interval: Duration(100 * time.Millisecond), Load: Duration(6 * time.Second),
		Quiet: Duration(6 * time.Second), Workers: 2, Seed: 1, Idle: Duration(time.Second)}
	runs := map[string]Run{}
	for _, c := range []struct{ controller, scenario string }{
		{"guarded", "noise"}, {"guarded", "conflict"}, {"guarded", "throttled"}, {"guarded", "legacy-queue"}, {"guarded", "mixed"},
		{"naive", "noise"}, {"naive", "conflict"}, {"naive", "throttled"},
	} {
		p.Scenarios, p.Controllers = []string{c.scenario}, []string{c.controller}
		r, err := runAll(context.Background(), p, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		runs[c.controller+"/"+c.scenario] = r.Runs[0]
	}
	for _, s := range []string{"noise", "conflict", "throttled", "legacy-queue", "mixed"} {
		g := runs["guarded/"+s]
		if n := g.Load.Conflicts + g.Quiet.Conflicts; n != 0 {
			t.Errorf("guarded/%s: %d 409s", s, n)
		}
		if g.Quiet.Writes != 0 || g.Quiet.Reconciles != 0 {
			t.Errorf("guarded/%s: quiet window not quiet: %d writes, %d reconciles", s, g.Quiet.Writes, g.Quiet.Reconciles)
		}
		if g.Load.StatusWrites > g.SpecChanges {
			t.Errorf("guarded/%s: %d status writes for %d spec changes", s, g.Load.StatusWrites, g.SpecChanges)
		}
		if wasteful(g.Load.StatusWrites, g.Load.EffectiveWrites) {
			t.Errorf("guarded/%s: %d status writes, only %d changed the stored object", s, g.Load.StatusWrites, g.Load.EffectiveWrites)
		}
		if g.Setup.StatusWrites > g.Objects {
			t.Errorf("guarded/%s: %d status writes at creation of %d objects", s, g.Setup.StatusWrites, g.Objects)
		}
		// Every write is a change: the floor is one status write and one write per owned
		// object that changed.
		if changes := g.Load.EffectiveWrites + g.Load.OwnedChanges; wasteful(g.Load.Writes, changes) {
			t.Errorf("guarded/%s: %d writes for %d status and owned changes", s, g.Load.Writes, changes)
		}
		if wasteful(g.Load.OwnedWrites, g.Load.OwnedChanges) {
			t.Errorf("guarded/%s: %d owned-object writes for %d changes", s, g.Load.OwnedWrites, g.Load.OwnedChanges)
		}
		if g.Setup.OwnedWrites > 2*g.Objects {
			t.Errorf("guarded/%s: %d owned-object writes at creation of %d objects (a Deployment and a ConfigMap each)", s, g.Setup.OwnedWrites, g.Objects)
		}
		if g.Converged != g.Objects {
			t.Errorf("guarded/%s: %d of %d objects converged", s, g.Converged, g.Objects)
		}
		// The server's side: every request of the operator's was classified into its
		// generated FlowSchema and priority level, and the server agrees; a 429 is retried
		// only after its Retry-After; a new process over converged objects writes nothing.
		if n := g.Classification["storm → storm"]; n == 0 || len(g.Classification) != 1 {
			t.Errorf("guarded/%s: requests classified %v, want all in storm → storm", s, g.Classification)
		} else if d := g.ServerFlowControl["dispatched storm → storm"]; d < float64(n) {
			t.Errorf("guarded/%s: %d requests answered in storm → storm, the server dispatched %.0f there", s, n, d)
		}
		for name, w := range map[string]Window{"setup": g.Setup, "load": g.Load, "quiet": g.Quiet, "rollout": g.Rollout} {
			if w.EarlyRetries != 0 {
				t.Errorf("guarded/%s: %d of %d 429s in %s retried before their Retry-After", s, w.EarlyRetries, w.TooManyRequests, name)
			}
		}
		if g.Rollout.Writes != 0 || g.RolloutDrainedSeconds < 0 || g.Rollout.Reconciles < g.Objects {
			t.Errorf("guarded/%s: rollout: %d writes, drained in %.1f s (-1: not within %v), %d reconciles of %d objects",
				s, g.Rollout.Writes, g.RolloutDrainedSeconds, rolloutTimeout, g.Rollout.Reconciles, g.Objects)
		}
		// A refused request of the tenant's is a cheap rejection, not a measurement: its
		// latency would flatter whichever window holds it.
		for name, w := range map[string]Window{"idle": g.Idle, "setup": g.Setup, "load": g.Load, "quiet": g.Quiet, "rollout": g.Rollout} {
			if w.TenantErrors != 0 {
				t.Errorf("guarded/%s: %d of the tenant's %d requests in %s failed", s, w.TenantErrors, w.TenantRequests, name)
			}
		}
		if g.TenantClassification["service-accounts → workload-low"] == 0 || g.Idle.TenantRequests == 0 || g.Setup.TenantRequests == 0 {
			t.Errorf("guarded/%s: the tenant: classified %v, %d requests idle, %d in setup", s, g.TenantClassification, g.Idle.TenantRequests, g.Setup.TenantRequests)
		}
		// The metrics a user would scrape tell the same story as the request log.
		if g.Scraped == nil {
			t.Errorf("guarded/%s: no metrics scraped", s)
		} else if d := g.Scraped.disagreements(); len(d) > 0 || g.Scraped.StatusWrites == 0 || g.Scraped.Conflicts != 0 {
			t.Errorf("guarded/%s: scraped metrics against the request log: %v, %d status writes, %d conflicts", s, d, g.Scraped.StatusWrites, g.Scraped.Conflicts)
		}
		t.Logf("guarded/%s: %d spec changes, %d writes, %d status writes, %d effective, %d owned writes, %d owned changes", s, g.SpecChanges, g.Load.Writes, g.Load.StatusWrites, g.Load.EffectiveWrites, g.Load.OwnedWrites, g.Load.OwnedChanges)
	}
	if g := runs["guarded/noise"]; g.Load.Writes != 0 {
		t.Errorf("guarded/noise: %d writes for noise", g.Load.Writes)
	}
	if n := runs["naive/conflict"]; n.Load.Conflicts == 0 {
		t.Error("naive/conflict: no 409: the scenario does not reproduce the incident")
	}
	if n := runs["naive/noise"]; n.Load.Writes == 0 {
		t.Error("naive/noise: no writes for noise: the scenario does not reproduce the incident")
	}
	if n := runs["naive/throttled"]; n.Quiet.Writes == 0 {
		t.Error("naive/throttled: the quiet window is quiet: the scenario does not reproduce the loop")
	}
	// The seed incident's restart: a new naive process rewrites every status.
	if n := runs["naive/noise"]; n.Rollout.StatusWrites < n.Objects {
		t.Errorf("naive/noise: rollout: %d status writes for %d objects: the rollout does not reproduce the incident", n.Rollout.StatusWrites, n.Objects)
	}
	if n := runs["naive/noise"]; n.Classification["storm → storm"] != 0 || n.Classification["service-accounts → workload-low"] == 0 {
		t.Errorf("naive/noise: requests classified %v, want service-accounts → workload-low (its own ServiceAccount)", n.Classification)
	}

	// 429s: the operator's priority level made 3 seats that reject instead of queuing,
	// and 10 workers with no bound on requests in flight (the default bound would keep
	// them under the 3 seats): every 429 is retried only after its Retry-After, the
	// server's count of rejections is the operator's, and everything converges with
	// nothing written in the quiet window or by a new process.
	p.Scenarios, p.Controllers, p.APF, p.GuardedWorkers, p.KubeAPIInFlight = []string{"mixed"}, []string{"guarded"}, "tight", 10, -1
	r, err := runAll(context.Background(), p, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	g := r.Runs[0]
	got, early := 0, 0
	for _, w := range []Window{g.Setup, g.Load, g.Drain, g.Quiet, g.Rollout} {
		got += w.TooManyRequests
		early += w.EarlyRetries
	}
	if got == 0 {
		t.Error("guarded/tight: no 429: the priority level did not reject, the check proves nothing")
	}
	if early != 0 {
		t.Errorf("guarded/tight: %d of %d 429s retried before their Retry-After", early, got)
	}
	if rejected := g.ServerFlowControl["rejected storm → storm"]; float64(got) != rejected {
		t.Errorf("guarded/tight: %d 429s received, the server rejected %.0f", got, rejected)
	}
	if g.Converged != g.Objects || g.Quiet.Writes != 0 || g.Rollout.Writes != 0 {
		t.Errorf("guarded/tight: %d of %d converged, %d quiet writes, %d rollout writes", g.Converged, g.Objects, g.Quiet.Writes, g.Rollout.Writes)
	}
	t.Logf("guarded/tight: %d 429s, none retried early; %d writes at creation of %d objects", got, g.Setup.Writes, g.Objects)
}

// wasteful reports whether writes exceed the changes they made by more than 5%, or by
// more than one when 5% is less than one write. A reconcile that starts before the
// cache holds the operator's own last write may send that write once more (the
// informer gives no read-your-writes); with a dozen writes in a window one such
// write is 8%, and the bound is about a storm, not that race.
func wasteful(writes, changes int) bool {
	return float64(writes-changes) > max(1, 0.05*float64(changes))
}
