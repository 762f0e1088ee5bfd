package generator

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/opgen-dev/opgen"

// imports returns the packages a directory of the module imports, tests left out.
func imports(t *testing.T, importPath string) map[string]bool {
	t.Helper()
	dir := filepath.Join("..", filepath.FromSlash(strings.TrimPrefix(importPath, module+"/")))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			out[p] = true
		}
	}
	return out
}

// TestImportGraph keeps the house in order: no generator imports another (what two
// must agree on is on the model), and the writer, the scaffolder and the CLI speak of
// files through package artifact, not through the generators' contract.
func TestImportGraph(t *testing.T) {
	generators := map[string]bool{}
	for _, g := range Generators {
		generators[reflect.TypeOf(g).PkgPath()] = true
	}
	for g := range generators {
		for imp := range imports(t, g) {
			if generators[imp] && imp != g {
				t.Errorf("generator %s imports generator %s", g, imp)
			}
		}
	}
	for _, p := range []string{"output", "scaffold", "cmd/opgen", "artifact", "diag"} {
		for imp := range imports(t, module+"/"+p) {
			if imp == module+"/generator/contract" || imp == module+"/generator/controllertools" || generators[imp] {
				t.Errorf("%s imports %s", p, imp)
			}
		}
	}
	for _, p := range []string{"artifact", "diag"} {
		for imp := range imports(t, module+"/"+p) {
			if strings.HasPrefix(imp, module+"/") {
				t.Errorf("%s, which imports nothing of opgen, imports %s", p, imp)
			}
		}
	}
}
