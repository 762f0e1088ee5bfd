package requeue_test

import (
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/requeue"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRequeue(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), requeue.Analyzer, "requeue")
}

// TestRequeueMinFlag runs with -requeue.min=90s on a file without the time import:
// the fix writes the configured delay and adds the import.
func TestRequeueMinFlag(t *testing.T) {
	setMin(t, 90*time.Second)
	analysistest.RunWithSuggestedFixes(t, testdata(t), requeue.Analyzer, "requeuenotime")
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
