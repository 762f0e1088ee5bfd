package main

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestDeploymentShape: under noise that asks nothing of a Deployment controller (its
// status as its own controller writes it, an annotation and a label no one reads), the
// guarded controller opgen generates for annotated Deployments reconciles nothing and
// writes nothing, while the hand-written one reconciles (or the noise proved nothing);
// a change of the watched annotation costs each controller one ConfigMap write per
// opted-in Deployment, no more.
func TestDeploymentShape(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an API server")
	}
	repo, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	p := ShapeParams{Deployments: 20, Writers: 4, Interval: Duration(100 * time.Millisecond), Noise: Duration(4 * time.Second), Seed: 1}
	runs, err := runDeploymentShape(context.Background(), repo, p, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + shapeTable(runs, p))
	if len(runs) != 2 {
		t.Fatalf("%d runs, want guarded and hand-written", len(runs))
	}
	g, h := runs[0], runs[1]
	if g.NoiseEvents == 0 {
		t.Fatal("no noise was written")
	}
	if g.NoiseReconciles != 0 || g.NoiseWrites != 0 {
		t.Errorf("guarded under noise: %d reconciles, %d writes; want 0 and 0", g.NoiseReconciles, g.NoiseWrites)
	}
	if h.NoiseReconciles == 0 {
		t.Errorf("the hand-written controller did not reconcile under the noise: the noise proves nothing")
	}
	for _, r := range runs {
		if r.ChangeWrites != r.OptedIn {
			t.Errorf("%s: %d writes for %d changed annotations, want one each", r.Controller, r.ChangeWrites, r.OptedIn)
		}
		if r.SyncWrites < r.OptedIn {
			t.Errorf("%s: %d writes in the first sync for %d opted-in Deployments", r.Controller, r.SyncWrites, r.OptedIn)
		}
	}
}
