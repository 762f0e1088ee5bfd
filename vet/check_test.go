package vet_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/opgen-dev/opgen/vet"
	"github.com/opgen-dev/opgen/vet/internal/testdatadir"
)

// loadDir is a module of vet/testdata/load, as an absolute path.
func loadDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "load", name))
	if err != nil {
		t.Fatal(err)
	}
	testdatadir.Track(t, dir)
	return dir
}

// env is the process's environment with the go command kept off the network and off
// any workspace.
func env(extra ...string) []string {
	return append(os.Environ(), append([]string{"GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod"}, extra...)...)
}

// checkLoadError runs Check and returns its LoadError, failing when there is none.
func checkLoadError(t *testing.T, cfg vet.Config) (*vet.LoadError, time.Duration) {
	t.Helper()
	start := time.Now()
	findings, err := vet.Check(context.Background(), cfg)
	took := time.Since(start)
	var le *vet.LoadError
	if !errors.As(err, &le) || !errors.Is(err, vet.ErrLoad) {
		t.Fatalf("Check = %d findings, %v; want a LoadError", len(findings), err)
	}
	if len(le.Causes) == 0 {
		t.Fatalf("LoadError without causes: %v", err)
	}
	return le, took
}

// TestLoadUnservedModule: a module whose dependency no proxy serves fails in the go
// command, with its cause, before anything is type-checked: with the proxy off, and
// with a file:// proxy that lacks the version.
func TestLoadUnservedModule(t *testing.T) {
	dir := loadDir(t, "unserved")
	for _, tc := range []struct {
		name, proxy, want string
	}{
		{"GOPROXY=off", "off", "module lookup disabled by GOPROXY=off"},
		{"file proxy", "file://" + filepath.ToSlash(t.TempDir()), "example.com/notserved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			le, took := checkLoadError(t, vet.Config{Dir: dir, Env: env("GOPROXY="+tc.proxy, "GOSUMDB=off", "GOMODCACHE="+t.TempDir())})
			if !le.GoCommand {
				t.Errorf("causes not from the go command: %q", le.Causes)
			}
			if len(le.Causes) != 1 || !strings.Contains(le.Causes[0], tc.want) {
				t.Errorf("causes = %q, want one naming %q", le.Causes, tc.want)
			}
			t.Logf("failed in %v: %s", took, le.Causes[0])
		})
	}
}

// TestLoadMissingSum: without -mod=mod, a go.sum that lacks the module is the cause,
// said once, at the import.
func TestLoadMissingSum(t *testing.T) {
	le, _ := checkLoadError(t, vet.Config{Dir: loadDir(t, "unserved"), Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly", "GOPROXY=off")})
	if !le.GoCommand || len(le.Causes) != 1 || !strings.Contains(le.Causes[0], "main.go:4:8: missing go.sum entry") {
		t.Errorf("causes = %q (go command %v), want the missing go.sum entry at main.go:4:8", le.Causes, le.GoCommand)
	}
}

// TestLoadTypeError: code that does not type-check is reported with its position, as
// the compiler would, and only once the go command found nothing.
func TestLoadTypeError(t *testing.T) {
	le, _ := checkLoadError(t, vet.Config{Dir: loadDir(t, "typeerror"), Env: env("GOPROXY=off")})
	if le.GoCommand || len(le.Causes) != 1 || !strings.Contains(le.Causes[0], "p.go:4:18") {
		t.Errorf("causes = %q (go command %v), want the type error at p.go:4:18", le.Causes, le.GoCommand)
	}
}

// TestLoadWithTestFiles: a package that type-checks only with its own test files (a
// suite's helpers naming the suite's declarations) is checked with them, as go vet
// checks it, and the run goes on; one that its test files do not mend is still the
// load error, at its position.
func TestLoadWithTestFiles(t *testing.T) {
	findings, err := vet.Check(context.Background(), vet.Config{Dir: loadDir(t, "testfiles"), Env: env("GOPROXY=off")})
	if err != nil {
		t.Fatalf("Check = %v, want the package checked with its test files", err)
	}
	for _, f := range findings {
		if strings.HasSuffix(f.Pos.Filename, "_test.go") {
			t.Errorf("finding in a test file: %v", f)
		}
	}
	le, _ := checkLoadError(t, vet.Config{Dir: loadDir(t, "testfilesbroken"), Env: env("GOPROXY=off")})
	if len(le.Causes) != 1 || !strings.Contains(le.Causes[0], "utils.go:5:34") || !strings.Contains(le.Causes[0], "suiteNamespace") {
		t.Errorf("causes = %q, want the undefined name at utils.go:5:34", le.Causes)
	}
}

// TestLoadSyntaxError: a file that does not parse is reported at its position, each
// syntax error as the parser finds it.
func TestLoadSyntaxError(t *testing.T) {
	le, _ := checkLoadError(t, vet.Config{Dir: syntaxErrorModule(t), Env: env("GOPROXY=off")})
	for _, c := range le.Causes {
		if !strings.Contains(c, "p.go:4:") {
			t.Errorf("cause %q is not at p.go:4", c)
		}
	}
	if le.GoCommand {
		t.Errorf("a syntax error taken for the go command's: %q", le.Causes)
	}
}

// TestLoadNoPackages: a pattern that matches nothing is an error, not a clean run.
func TestLoadNoPackages(t *testing.T) {
	le, _ := checkLoadError(t, vet.Config{Dir: loadDir(t, "typeerror"), Patterns: []string{"./nothing/..."}, Env: env("GOPROXY=off")})
	if !strings.Contains(strings.Join(le.Causes, "\n"), "nothing") {
		t.Errorf("causes = %q, want the pattern named", le.Causes)
	}
}

// syntaxErrorModule writes a module whose one file does not parse (kept out of the
// repository, where gofmt would stumble on it).
func syntaxErrorModule(t *testing.T) string {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod": "module example.com/syntaxerror\n\ngo 1.22\n",
		"p.go":   "// Package p does not parse.\npackage p\n\nfunc broken( {\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLoadMissingEmbed: a //go:embed pattern that matches no file is the go command's
// error, said at the directive before anything is type-checked (the type-check
// finds it only at the end of a full load: 15 minutes on a large operator).
func TestLoadMissingEmbed(t *testing.T) {
	le, _ := checkLoadError(t, vet.Config{Dir: loadDir(t, "embedmissing"), Env: env("GOPROXY=off")})
	if !le.GoCommand || len(le.Causes) != 1 || !strings.Contains(le.Causes[0], "p.go:7:12: pattern chart.tgz: no matching files found") {
		t.Errorf("causes = %q (go command %v), want the missing file at p.go:7:12 from the go command", le.Causes, le.GoCommand)
	}
}

// TestLoadCgoHeader: a package whose C part does not compile on this machine (a
// header of a library not installed) fails in the go command's check, which runs cgo,
// with the C compiler's message at the file, before anything is type-checked; the
// full load would type-check every other package first and then say only that C
// could not be imported.
func TestLoadCgoHeader(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		if _, err := exec.LookPath("gcc"); err != nil {
			t.Skip("no C compiler: cgo is off")
		}
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module example.com/cgoheader\n\ngo 1.22\n",
		"main.go": "package main\n\nimport \"example.com/cgoheader/perf\"\n\nfunc main() { _ = perf.Open() }\n",
		"perf/perf.go": "package perf\n\n/*\n#include <opgen/nosuch.h>\n*/\nimport \"C\"\n\n" +
			"// Open calls into a library this machine does not have.\nfunc Open() int { return int(C.nosuch_open()) }\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	le, _ := checkLoadError(t, vet.Config{Dir: dir, Env: env("GOPROXY=off", "CGO_ENABLED=1")})
	all := strings.Join(le.Causes, "\n")
	if !le.GoCommand || !strings.Contains(all, "perf.go:4") || !strings.Contains(all, "opgen/nosuch.h") {
		t.Errorf("causes = %q (go command %v), want the missing header at perf.go:4 from the go command", le.Causes, le.GoCommand)
	}
}

// TestLoadLocalModule: a module the operator's replaces with a directory of its own
// (the API kept in a module beside it) is loaded from source with it: the condition
// its method tests guards the first write, the second is reported, and nothing is
// reported in the API module itself.
func TestLoadLocalModule(t *testing.T) {
	dir := filepath.Join("testdata", "localapi")
	testdatadir.Track(t, dir)
	findings, err := vet.Check(context.Background(), vet.Config{Dir: dir, Env: env("GOPROXY=off")})
	if err != nil {
		t.Fatal(err)
	}
	file, _ := filepath.Abs(filepath.Join(dir, "ctl", "seat_controller.go"))
	guarded, unguarded := linesContaining(t, file, "// guarded"), linesContaining(t, file, "// unguarded")
	var got []int
	for _, f := range findings {
		if f.Pos.Filename != file {
			t.Errorf("finding outside the operator's module: %s: %s (%s)", f.Pos, f.Message, f.Analyzer)
		}
		if f.Analyzer == "statusupdate" {
			got = append(got, f.Pos.Line)
		}
	}
	if len(guarded) != 1 || len(unguarded) != 1 {
		t.Fatalf("the testdata changed: %d guarded and %d unguarded writes, want 1 and 1", len(guarded), len(unguarded))
	}
	if !slices.Equal(got, unguarded) {
		t.Errorf("statusupdate lines = %v, want %v (the write at %v is guarded by the API module's test)", got, unguarded, guarded)
	}
}
