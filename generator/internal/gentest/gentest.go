// Package gentest gives each generator's tests the Context of a real run over a small
// module, loaded once per test binary, so that a generator is checked in seconds, on
// its own, against what its doc.go promises (the goldens check every byte, in minutes).
//
// The modules are the golden tests' own inputs: testdata/<case>, made a module of its
// own as the golden tests make it (golden/go.mod and go.sum, the module path
// opgen.test/golden/<case>), or golden/<project>, a project opgen init made.
package gentest

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/generator/contract"
)

var (
	mu     sync.Mutex
	loaded = map[string]*contract.Context{}
	temps  []string
)

// Main runs a package's tests and removes the modules they loaded: call it from
// TestMain.
func Main(m *testing.M) {
	code := m.Run()
	for _, d := range temps {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// Load returns the Context of a run over the case name: testdata/<name>, or a project
// in golden/<name>. The Context is shared by the tests of the binary: a test that needs
// another setting changes a copy (c := *ctx).
func Load(t testing.TB, name string) *contract.Context {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if ctx, ok := loaded[name]; ok {
		return ctx
	}
	dir := module(t, name)
	ctx, diags, err := generator.Load(context.Background(), generator.Config{Dir: dir})
	if err != nil {
		t.Fatalf("loading %s: %v", name, err)
	}
	if diags.HasErrors() {
		t.Fatalf("loading %s:\n%v", name, diags)
	}
	loaded[name] = ctx
	return ctx
}

// module returns the directory of the case's module.
func module(t testing.TB, name string) string {
	root := repoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "golden", name, "go.mod")); err == nil {
		return filepath.Join(root, "golden", name)
	}
	src := filepath.Join(root, "testdata", name)
	tmp, err := os.MkdirTemp("", "gentest-")
	if err != nil {
		t.Fatal(err)
	}
	temps = append(temps, tmp)
	dir := filepath.Join(tmp, name)
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "golden", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module opgen.test/golden/"+name))
	sum, err := os.ReadFile(filepath.Join(root, "golden", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// repoRoot is opgen's module root, above the test's package directory.
func repoRoot(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && regexp.MustCompile(`(?m)^module github.com/opgen-dev/opgen$`).Match(b) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("not inside opgen's module")
		}
		dir = parent
	}
}

// Find returns the file of files at path p, failing the test when there is none.
func Find(t testing.TB, files []artifact.File, p string) artifact.File {
	t.Helper()
	for _, f := range files {
		if f.Path == p {
			return f
		}
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	t.Fatalf("no file %s among %q", p, paths)
	return artifact.File{}
}

// YAMLDocs checks a generated YAML file's header and returns its documents, each
// decoded strictly into a value of T: a field the file has and T lacks fails the test.
func YAMLDocs[T any](t testing.TB, f artifact.File) []T {
	t.Helper()
	src := string(f.Content)
	if !strings.HasPrefix(src, artifact.YAMLHeader+"\n") {
		t.Errorf("%s does not start with %q", f.Path, artifact.YAMLHeader)
	}
	var out []T
	for _, d := range strings.Split("\n"+src, "\n---\n") {
		body := strings.TrimSpace(stripComments(d))
		if body == "" {
			continue
		}
		var v T
		if err := yaml.UnmarshalStrict([]byte(body), &v); err != nil {
			t.Fatalf("%s: %v\n%s", f.Path, err, body)
		}
		out = append(out, v)
	}
	return out
}

func stripComments(doc string) string {
	var keep []string
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(l, "#") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
