package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// shortFaults are the fault runs' settings in CI: small enough that the five runs take
// about two and a half minutes together, long enough that each fault happens under load.
var shortFaults = FaultParams{Objects: 20, Writers: 4, Interval: Duration(100 * time.Millisecond), Load: Duration(8 * time.Second),
	Quiet: Duration(4 * time.Second), Downtime: Duration(3 * time.Second), Seed: 1}

// runFault runs one fault and fails the test on every broken rule (FaultRun.Violations:
// no 409, no write in the quiet window, every object converged, status writes bounded).
func runFault(t *testing.T, name string) []FaultRun {
	t.Helper()
	if testing.Short() {
		t.Skip("starts an API server")
	}
	runs, err := runFaults(context.Background(), shortFaults, []string{name}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		t.Logf("%s / %s: %d spec changes, %d status writes (%d effective, %d failed), %d writes, %d 409s, %d quiet writes, %d/%d converged, recovery %.1f s; %s",
			r.Fault, r.Variant, r.SpecChanges, r.StatusWrites, r.Effective, r.FailedStatusWrites, r.Writes, r.Conflicts, r.QuietWrites, r.Converged, r.Objects, r.Recovery, r.Detail)
		for _, v := range r.Violations {
			t.Errorf("%s / %s: %s", r.Fault, r.Variant, v)
		}
	}
	return runs
}

// TestFaultRestart: kube-apiserver stopped and started again on the same etcd during
// the load; the manager recovers by itself, and the fault happened (its requests went
// unanswered while the server was down).
func TestFaultRestart(t *testing.T) {
	r := runFault(t, "restart")[0]
	if r.Figures["unanswered"] == 0 {
		t.Error("no request of the manager went unanswered: the restart did not happen under it")
	}
	if r.SpecChanges == 0 {
		t.Error("no spec change during the load")
	}
}

// TestFaultLeaderChange: the leader cancelled twice, keeping then releasing the lease;
// the other manager takes over within the lease duration, and no old leader's write is
// answered after the new leader's election. A kept lease must delay the takeover beyond
// a released one, and at least two managers must have written, or the variants and the
// ordering rule were not what ran.
func TestFaultLeaderChange(t *testing.T) {
	r := runFault(t, "leader")[0]
	kept, released := r.Figures["takeoverKeptSeconds"], r.Figures["takeoverReleasedSeconds"]
	if kept < faultLeaseDuration.Seconds()/2 || kept <= released {
		t.Errorf("takeover %.1f s with the lease kept, %.1f s released: the kept lease was not waited for", kept, released)
	}
	if r.Figures["managersThatWrote"] < 2 {
		t.Errorf("%.0f managers wrote during the load: no handover to judge the overlap of", r.Figures["managersThatWrote"])
	}
}

// TestFaultIntruder: another field manager forcing status.phase. The guarded operator
// answers none of its writes and takes the field back at most once per reconcile, and
// the fight ends with the outside load (FaultRun.Violations); a naive operator, which
// answers every status event, fights on through the quiet window, or the intruder
// would prove nothing.
func TestFaultIntruder(t *testing.T) {
	runs := runFault(t, "intruder")
	if len(runs) != 2 {
		t.Fatalf("%d runs, want guarded and naive", len(runs))
	}
	n := runs[1]
	if n.QuietWrites == 0 || n.Figures["intruderQuietWrites"] == 0 {
		t.Errorf("naive vs. intruder: %d operator and %.0f intruder writes in the quiet window: the intruder does not fight", n.QuietWrites, n.Figures["intruderQuietWrites"])
	}
}

// TestFaultDeletion: objects deleted under spec changes, some held Terminating by an
// outside finalizer: none comes back, none stays Terminating, at most one status write
// per deleted object (the reconcile in flight) is accepted after its deletion, and the
// status writer's apply to a deleted object is answered 404 (FaultRun.Violations).
func TestFaultDeletion(t *testing.T) {
	r := runFault(t, "deletion")[0]
	if r.Figures["deleted"] == 0 {
		t.Error("nothing was deleted")
	}
}

// TestSameSecondWriters: the leader fault's same-second rule tells a write the new
// leader repeats (the same status generation, the same owned configuration) from two
// writes of different states, and ignores writes a second or more apart.
func TestSameSecondWriters(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	status := func(name, gen string, d time.Duration) objRequest {
		return objRequest{at: at.Add(d), key: "APPLY caches/status", name: name, code: 200, state: "observedGeneration " + gen}
	}
	a, b := &faultLog{}, &faultLog{}
	a.reqs = []objRequest{status("c1", "3", 0), status("c2", "3", 0), status("c3", "3", 0)}
	b.reqs = []objRequest{
		status("c1", "4", 400*time.Millisecond),  // a new generation: both right
		status("c2", "3", 600*time.Millisecond),  // the same: repeated
		status("c3", "3", 1500*time.Millisecond), // the same, but later than a second
		{at: at, key: "GET caches", code: 200},   // a read is no write
	}
	got := sameSecondWriters(map[string]*faultLog{"a": a, "b": b})
	if len(got) != 2 || got[0].repeated || !got[1].repeated || !strings.HasPrefix(got[1].desc, "c2 ") {
		t.Fatalf("same-second writers = %+v, want c1 (not repeated) and c2 (repeated)", got)
	}

	// The state comes from the request's body, which stays whole for the transport.
	body := `{"apiVersion":"storm.opgen.dev/v1","kind":"Cache","status":{"observedGeneration":7}}`
	req, err := http.NewRequest(http.MethodPatch, "https://x/apis/storm.opgen.dev/v1/namespaces/default/caches/c1/status", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if s := writeState(req); s != "observedGeneration 7" {
		t.Fatalf("writeState of a status apply = %q", s)
	}
	if rest, _ := io.ReadAll(req.Body); string(rest) != body {
		t.Fatalf("the body was consumed: %q left", rest)
	}
	req.URL.Path = "/apis/apps/v1/namespaces/default/deployments/c1"
	one := writeState(req)
	req2, _ := http.NewRequest(http.MethodPatch, req.URL.String(), strings.NewReader(body+" "))
	if !strings.HasPrefix(one, "body ") || one == writeState(req2) {
		t.Fatalf("bodies that differ gave %q and %q", one, writeState(req2))
	}
}

// TestMeasureTellsElectionConflicts: a 409 on the kind or an owned object breaks the
// no-409 rule and is named; a 409 on the leader-election Lease is the election's own
// optimistic concurrency and is counted apart.
func TestMeasureTellsElectionConflicts(t *testing.T) {
	at := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	l := &faultLog{reqs: []objRequest{
		{at: at, key: "PUT leases", name: "storm-lock", code: http.StatusConflict},
		{at: at, key: "APPLY caches/status", name: "c3", code: http.StatusConflict},
		{at: at, key: "APPLY deployments", name: "c4", code: http.StatusOK},
		{at: at.Add(-time.Second), key: "APPLY caches/status", name: "c1", code: http.StatusConflict}, // before the load
	}}
	var r FaultRun
	r.measure([]*faultLog{l}, at, at.Add(time.Second), at.Add(2*time.Second))
	if r.Conflicts != 1 || r.ElectionConflicts != 1 || len(r.ConflictsOn) != 1 || r.ConflictsOn[0] != "APPLY caches/status c3" {
		t.Fatalf("conflicts %d on %q, election %d; want 1 on APPLY caches/status c3, election 1", r.Conflicts, r.ConflictsOn, r.ElectionConflicts)
	}
	r.checkCommon(0)
	if len(r.Violations) == 0 || !strings.Contains(r.Violations[0], "c3") {
		t.Fatalf("violations %q do not name the 409", r.Violations)
	}
}
