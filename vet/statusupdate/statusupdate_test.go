package statusupdate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/statusupdate"
)

func TestStatusUpdate(t *testing.T) {
	analysistest.Run(t, testdata(t), statusupdate.Analyzer, "statusupdate", "statusupdatefiltered", "statusupdatefilteredall", "statusupdateoldreconcile", "statusupdatecli", "statusupdatehelpers", "statusupdatesource", "statusupdatechange", "statusupdateconsult", "example.com/api/staged", "example.com/condkit", "example.com/stagetasks", "example.com/lifecycle")
}

// testdata is the GOPATH tree shared by every analyzer's tests, with the stubs of
// controller-runtime and apimachinery.
func testdata(t testing.TB) string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	return dir
}

// TestMigration: where opgen generated the kind's writer, a hand-written status write
// is rewritten to call it, its error handled as before; a return keeps no fix.
func TestMigration(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), statusupdate.Analyzer, "statusmigrate")
}
