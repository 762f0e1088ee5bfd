package watches_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/internal/watches"
)

// TestPredicateFacts checks the PassesStatusOnly facts of a package of predicates
// that filter namespaces, resyncs and a label, none of them status-only updates.
func TestPredicateFacts(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, watches.Analyzer, "example.com/predicates")
}
