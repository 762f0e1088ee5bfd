package main

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestPeerCounts checks the peer is measured as the in-process controllers are: its
// requests, counted in its own process and read back, agree with the API server's count
// of writes on its kind, its reconciles are sampled, and it converges. It runs only where
// a benchmark run already scaffolded and built the peer (os.UserCacheDir()/opgen-peer):
// go test ./... on a fresh machine, as in CI, never installs kubebuilder.
func TestPeerCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an API server")
	}
	if _, ok := peerCached(); !ok {
		t.Skip("the kubebuilder peer is not prepared: go run ./bench/storm -controller kubebuilder prepares it")
	}
	// conflict: the load writes most on the kind, where the cross-check is sharpest.
	p := Params{Scenarios: []string{"conflict"}, Controllers: []string{peerController}, Objects: 20, Writers: 4,
		Interval: Duration(100 * time.Millisecond), Load: Duration(5 * time.Second), Quiet: Duration(4 * time.Second), Workers: 2, Seed: 1}
	r, err := runAll(context.Background(), p, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	run := r.Runs[0]
	l := run.Load
	onKind := 0
	for k, n := range l.Requests {
		if k == "PUT memcacheds" || k == "PATCH memcacheds" || k == "PUT memcacheds/status" || k == "PATCH memcacheds/status" || k == "APPLY memcacheds/status" {
			onKind += n
		}
	}
	if onKind == 0 || l.StatusWrites == 0 || l.Reconciles == 0 || l.Conflicts == 0 {
		t.Errorf("nothing counted: %d writes on the kind, %d status writes, %d reconciles, %d 409s", onKind, l.StatusWrites, l.Reconciles, l.Conflicts)
	}
	// Requests in flight at a window's edge may land on either side, and an outside write
	// cut off by the end of the load (one per writer at most, more of them the slower the
	// server) is not counted as one though the server may count it.
	if d := l.ServerWrites - onKind; d > 2+l.OutsideCutOff+onKind/50 || d < -2-onKind/50 {
		t.Errorf("%d writes on memcacheds counted, the server counted %d (%d outside writes cut off)", onKind, l.ServerWrites, l.OutsideCutOff)
	}
	if run.Converged != run.Objects {
		t.Errorf("%d of %d objects converged", run.Converged, run.Objects)
	}
	t.Logf("kubebuilder/conflict: %d spec changes, %d writes (%d on the kind, server %d, %d outside writes cut off), %d status writes, %d effective, %d reconciles, %d 409s",
		run.SpecChanges, l.Writes, onKind, l.ServerWrites, l.OutsideCutOff, l.StatusWrites, l.EffectiveWrites, l.Reconciles, l.Conflicts)
}
