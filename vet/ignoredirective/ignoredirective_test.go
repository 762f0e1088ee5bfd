package ignoredirective_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/ignoredirective"
	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
)

func TestIgnoreDirective(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, ignoredirective.New([]string{"statusupdate", "requeue"}), "ignoredirective")
}
