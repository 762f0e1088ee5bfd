package unfilteredfor_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/unfilteredfor"
)

func TestUnfilteredFor(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, unfilteredfor.Analyzer, "unfilteredfor", "sigs.k8s.io/sample/unfilteredfor", "unfilteredformgr")
}
