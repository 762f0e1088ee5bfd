package statustime_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/statustime"
)

func TestStatusTime(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	analysistest.Run(t, dir, statustime.Analyzer, "statustime", "statustimefiltered", "statustimecli", "statustimeexcluded", "statustimeevent", "statustimeconsult", "statustimeowned", "statustimeownedall", "statustimewrapped", "statustimeunwatched", "example.com/ctrlbuild")
}
