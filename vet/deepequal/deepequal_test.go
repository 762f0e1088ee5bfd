package deepequal_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/deepequal"
	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
)

func TestDeepEqual(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.RunWithSuggestedFixes(t, dir, deepequal.Analyzer, "deepequal")
}
