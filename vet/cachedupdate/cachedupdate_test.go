package cachedupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/cachedupdate"
	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
)

func TestCachedUpdate(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, cachedupdate.Analyzer, "cachedupdate", "sigs.k8s.io/sample/cachedupdate", "example.com/kubeutil", "example.com/base", "example.com/remote")
}
