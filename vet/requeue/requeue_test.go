package requeue_test

import (
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/requeue"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	return dir
}

// TestRequeue: the one fix, dropping Requeue beside a RequeueAfter, is offered where
// controller-runtime is the Result's only reader; Requeue: true alone gets none.
func TestRequeue(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), requeue.Analyzer, "requeue")
}

// TestRequeueChain: a package that reads a Result's Requeue (sub-reconcilers whose
// Results the Reconcile branches on) gets findings without fixes.
func TestRequeueChain(t *testing.T) {
	results := analysistest.Run(t, testdata(t), requeue.Analyzer, "requeuechain")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: a fix offered where the package reads Requeue", r.Pass.Fset.Position(d.Pos))
			}
		}
	}
}

// TestRequeueMinFlag runs with -requeue.min=90s: the floor of the short-delay
// finding and the delay the message asks for.
func TestRequeueMinFlag(t *testing.T) {
	setMin(t, 90*time.Second)
	analysistest.Run(t, testdata(t), requeue.Analyzer, "requeuemin")
}

func setMin(t *testing.T, d time.Duration) {
	t.Helper()
	f := requeue.Analyzer.Flags.Lookup("min")
	old := f.Value.String()
	if err := f.Value.Set(d.String()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}

// TestRequeueSentinel: a Result returned with a sentinel error that the package turns
// into a nil error, or with an error that is nil where it is returned, is obeyed and
// not reported; a Requeue returned with an error is one finding, not two.
func TestRequeueSentinel(t *testing.T) {
	analysistest.Run(t, testdata(t), requeue.Analyzer, "requeuesentinel")
}
