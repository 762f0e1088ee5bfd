package statusupdate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
	"github.com/opgen-dev/opgen/vet/statusupdate"
)

// TestMain runs the cases with -gated: they hold the rules that prove a write a
// change, which judge the writes a test of the stored status against a constant
// gates. TestGated holds what the default leaves alone.
func TestMain(m *testing.M) {
	if err := statusupdate.Analyzer.Flags.Set("gated", "true"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// setGated sets -gated for one test.
func setGated(t *testing.T, v string) {
	prev := statusupdate.Analyzer.Flags.Lookup("gated").Value.String()
	if err := statusupdate.Analyzer.Flags.Set("gated", v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = statusupdate.Analyzer.Flags.Set("gated", prev) })
}

// recorder collects what analysistest reports instead of failing.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestGated: by default a write that a test of the stored status against a constant
// gates is left alone, and one nothing on the way to it reads the status of is
// reported (the want comments); with -gated the writes marked "// gated" are
// reported too, and nothing else.
func TestGated(t *testing.T) {
	setGated(t, "false")
	analysistest.Run(t, testdata(t), statusupdate.Analyzer, "statusupdategated")

	setGated(t, "true")
	rec := &recorder{}
	analysistest.Run(rec, testdata(t), statusupdate.Analyzer, "statusupdategated")
	src, err := os.ReadFile(filepath.Join(testdata(t), "src", "statusupdategated", "gated.go"))
	if err != nil {
		t.Fatal(err)
	}
	var want, got []int
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(l, "// gated") {
			want = append(want, i+1)
		}
	}
	unexpected := regexp.MustCompile(`gated\.go:(\d+):\d+: unexpected diagnostic: r\.Status\(\)\.Update writes status with no semantic diff`)
	for _, e := range rec.errs {
		m := unexpected.FindStringSubmatch(e)
		if m == nil {
			t.Errorf("with -gated: %s", e)
			continue
		}
		var line int
		fmt.Sscan(m[1], &line)
		got = append(got, line)
	}
	slices.Sort(got)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("with -gated, reported beyond the default at lines %v, want the gated writes at %v", got, want)
	}
}

func TestStatusUpdate(t *testing.T) {
	analysistest.Run(t, testdata(t), statusupdate.Analyzer, "statusupdate", "statusupdatefiltered", "statusupdatefilteredall", "statusupdateoldreconcile", "statusupdatecli", "statusupdatehelpers", "statusupdatesource", "statusupdatechange", "statusupdateconsult", "example.com/mutator", "example.com/conds", "example.com/xpv1", "example.com/api/staged", "example.com/condkit", "example.com/stagetasks", "example.com/lifecycle", "example.com/mcstatus")
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
