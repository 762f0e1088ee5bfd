package unfilteredfor_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/unfilteredfor"
)

func TestUnfilteredFor(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, unfilteredfor.Analyzer, "unfilteredfor", "sigs.k8s.io/sample/unfilteredfor", "unfilteredformgr", "unfilteredforpatch", "unfilteredforpatchnot")
}

// TestOlderWatches: controllers wired by c.Watch as controller-runtime before 0.18
// spelled it, the handler and predicates given to Watch: &source.Kind{Type: obj}
// (before 0.15) and source.Kind(cache, obj) (0.15 to 0.17), each in a stub tree of
// that API.
func TestOlderWatches(t *testing.T) {
	for _, root := range []string{"crold", "crmid"} {
		dir, err := filepath.Abs(filepath.Join("..", "testdata", root))
		if err != nil {
			t.Fatal(err)
		}
		testdatadir.Track(t, dir)
		analysistest.Run(t, dir, unfilteredfor.Analyzer, "unfilteredfor"+root)
	}
}
