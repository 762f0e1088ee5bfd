package main

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/opgen-dev/opgen/internal/envtestassets"
)

var update = flag.Bool("update", false, "rewrite golden/ from testdata/")

const (
	testdataDir  = "../../testdata"
	goldenDir    = "../../golden"
	goldenModule = "opgen.test/golden"
	stderrGolden = "stderr.golden"
)

// TestGolden runs `opgen generate ./...` on each testdata/<case> as its own module
// (opgen.test/golden/<case>, so the output's import paths are those of the golden
// module) and compares the resulting tree with golden/<case>, both ways. A case that
// fails keeps only its exact stderr. Every successful case is generated twice: the
// second run must change nothing and --check must pass.
func TestGolden(t *testing.T) {
	entries, err := os.ReadDir(testdataDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), "_") {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) { goldenCase(t, name) })
	}
	if *update {
		tidy := exec.Command("go", "mod", "tidy")
		tidy.Dir = goldenDir
		if out, err := tidy.CombinedOutput(); err != nil {
			t.Fatalf("go mod tidy in golden: %v\n%s", err, out)
		}
	}
}

func goldenCase(t *testing.T, name string) {
	// The case's own code (tests included) may need modules the golden go.mod does not
	// list yet; -update tidies it afterwards. Whether a user's go.mod lacks what the
	// generated code needs is TestTypesOnlyModule's business.
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := moduleCopy(t, filepath.Join(testdataDir, name), name)
	input := readTree(t, dir)

	code, _, stderr := runOpgen(t, "-C", dir, "generate", "./...")
	if code == 0 {
		// What a run changed is said in one line, which the goldens leave out.
		summary := summaryLine.FindString(stderr)
		if summary == "" {
			t.Errorf("a run that wrote files did not say so:\n%s", stderr)
		}
		stderr = strings.Replace(stderr, summary, "", 1)
	}
	got := readTree(t, dir)
	if stderr != "" {
		got[stderrGolden] = stderr
	}
	if code != 0 {
		if d := cmp.Diff(input, withoutStderr(got)); d != "" {
			t.Errorf("a failed run changed the tree (-before +after):\n%s", d)
		}
		got = map[string]string{stderrGolden: stderr}
	} else {
		delete(got, "go.mod")
		delete(got, "go.sum")
	}

	want := filepath.Join(goldenDir, name)
	if *update {
		if err := os.RemoveAll(want); err != nil {
			t.Fatal(err)
		}
		for p, content := range got {
			writeFile(t, filepath.Join(want, filepath.FromSlash(p)), []byte(content))
		}
	}
	compareTrees(t, readTree(t, want), got)
	for p, content := range got {
		if strings.Contains(content, "github.com/opgen-dev/opgen") {
			t.Errorf("%s: generated code refers to opgen's own module", p)
		}
	}

	if code != 0 {
		if code != 1 {
			t.Errorf("exit status %d, want 1", code)
		}
		return
	}
	// Idempotence: a second run writes nothing, and --check agrees.
	code, _, stderr2 := runOpgen(t, "-C", dir, "generate", "./...")
	if code != 0 || stderr2 != stderr {
		t.Fatalf("second run: exit %d, stderr:\n%s", code, stderr2)
	}
	again := readTree(t, dir)
	delete(again, "go.mod")
	delete(again, "go.sum")
	if stderr != "" {
		again[stderrGolden] = stderr
	}
	if d := cmp.Diff(got, again); d != "" {
		t.Fatalf("second run changed the tree (-first +second):\n%s", d)
	}
	code, stdout, _ := runOpgen(t, "-C", dir, "generate", "--check", "./...")
	if code != 0 || stdout != "" {
		t.Fatalf("--check after generate: exit %d, diff:\n%s", code, stdout)
	}
}

// summaryLine is what a run that changed files prints last.
var summaryLine = regexp.MustCompile(`(?m)^opgen: \d+ files? written, \d+ files? removed, \d+ unchanged\n`)

// moduleCopy copies a case tree into its own module opgen.test/golden/<name>.
func moduleCopy(t *testing.T, src, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	copyTree(t, src, dir)
	mod, err := os.ReadFile(filepath.Join(goldenDir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module "+goldenModule+"/"+name))
	// The golden module's replacements point into its cases; a case's own other modules
	// (third_party/<m>, standing in for another project's) are required and replaced here.
	mod = withoutCaseModules(mod)
	others, _ := filepath.Glob(filepath.Join(dir, "third_party", "*", "go.mod"))
	for _, gm := range others {
		b, err := os.ReadFile(gm)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?m)^module (\S+)`).FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s names no module", gm)
		}
		mod = append(mod, []byte("\nrequire "+string(m[1])+" v0.0.0-00010101000000-000000000000\n\nreplace "+string(m[1])+" => ./third_party/"+filepath.Base(filepath.Dir(gm))+"\n")...)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), mod)
	sum, err := os.ReadFile(filepath.Join(goldenDir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.sum"), sum)
	return dir
}

func withoutStderr(tree map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range tree {
		if k != stderrGolden {
			out[k] = v
		}
	}
	return out
}

// compareTrees reports missing, extra and different files.
func compareTrees(t *testing.T, want, got map[string]string) {
	t.Helper()
	var paths []string
	seen := map[string]bool{}
	for p := range want {
		paths, seen[p] = append(paths, p), true
	}
	for p := range got {
		if !seen[p] {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		w, inWant := want[p]
		g, inGot := got[p]
		switch {
		case !inGot:
			t.Errorf("%s: in golden but not generated", p)
		case !inWant:
			t.Errorf("%s: generated but not in golden (go test ./cmd/opgen -run 'TestGolden$|TestGoldenInit$' -update rewrites golden)", p)
		case w != g:
			t.Errorf("%s differs from golden (-want +got):\n%s", p, cmp.Diff(w, g))
		}
	}
}

// runOpgen runs the CLI in-process and returns its exit status and output.
func runOpgen(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := newRootCommand(&stdout, &stderr)
	cmd.SetArgs(args)
	code := exitStatus(cmd.Execute(), &stderr)
	return code, stdout.String(), stderr.String()
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dir {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() || d.Type()&os.ModeSymlink != 0 {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		tree[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	for p, content := range readTree(t, src) {
		writeFile(t, filepath.Join(dst, filepath.FromSlash(p)), []byte(content))
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenBuild proves the golden trees compile: `go build ./...` and `go vet ./...`
// in the golden module.
func TestGoldenBuild(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	if testing.Short() {
		t.Skip("builds the golden module")
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = goldenDir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in golden: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// TestGoldenEnvtest runs the golden module's tests, which drive the generated code
// against a real kube-apiserver and etcd.
func TestGoldenEnvtest(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	if testing.Short() {
		t.Skip("starts a real API server")
	}
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = goldenDir
	cmd.Env = append(os.Environ(), "KUBEBUILDER_ASSETS="+envtestAssets(t))
	out, err := cmd.CombinedOutput()
	t.Logf("go test ./... in golden:\n%s", out)
	if err != nil {
		t.Fatalf("go test in golden: %v", err)
	}
}

// envtestAssets returns KUBEBUILDER_ASSETS, obtaining the binaries with
// hack/envtest.sh when it is unset (from its cache, or by building them once).
func envtestAssets(t *testing.T) string {
	t.Helper()
	dir, err := envtestassets.Dir("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// withoutCaseModules drops from the golden module's go.mod the modules its cases hold
// (third_party/<m>, standing in for another project's): their requirements and the
// replacements that point into the cases.
func withoutCaseModules(mod []byte) []byte {
	mod = regexp.MustCompile(`(?m)^replace .* => \./.*\n`).ReplaceAll(mod, nil)
	return regexp.MustCompile(`(?m)^\s*\S+ v0\.0\.0-00010101000000-000000000000\n`).ReplaceAll(mod, nil)
}
