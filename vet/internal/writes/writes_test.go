package writes_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/internal/writes"
)

// TestFacts: each helper's fact says which parameters it writes; Refresh, which reads
// its parameter again before the Update, updates none as it came in.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, writes.Analyzer, "example.com/common", "example.com/admission", "example.com/managers", "example.com/orphans")
}
