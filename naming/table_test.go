package naming_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
)

// The tables a name may be spelled in, and the code that is not opgen's emitters:
// the runtime's source (compiled Go, names of its own in generator/guards/symbols),
// the analyzers of opgen vet (they read other people's code), the benchmarks.
var exempt = []string{
	"naming/", "markers/defs.go", "artifact/artifact.go", "generator/guards/source/",
	"generator/guards/symbols/", "vet/", "bench/", "golden/", "testdata/",
}

// tools are the names a file's header gives its generator.
var tools = []string{"opgen", "controller-gen"}

// builders are the parts of names generated code shares that code would otherwise glue
// to a kind's name: "Apply"+kind+"Status".
var (
	prefixes = []string{"Apply", "Reconcile", "New", "Setup", "Cleanup", "Test", "convert", "equal", "Extract"}
	suffixes = []string{"Reconciler", "Status", "FieldManager", "WebhookWithManager", "ApplyConfiguration", "ToHub", "FromHub", "Finalizer", "GVK", "NotApplied"}
)

// TestNoNameOutsideTheTable holds the repository to the naming table and the marker
// table: outside them, no Go string literal is a marker name, an emitted name of the
// table, a tool name compared with, or a part that glues a kind into a shared name;
// and no template glues one either.
func TestNoNameOutsideTheTable(t *testing.T) {
	root := filepath.Join("..")
	table := map[string]bool{}
	for _, n := range append(slices.Clone(naming.Wiring), naming.Reconcile, naming.SetupWithManager, naming.EnableWebhooks,
		naming.RuntimeFile, naming.ManagerFile, naming.DeepCopyFile, naming.ConversionFile, naming.ConversionTestFile,
		naming.SuiteFile, naming.WebhookSuiteFile, naming.DeployTestFile) {
		table[n] = true
	}
	var markerNames []string
	for _, d := range markers.Defs {
		markerNames = append(markerNames, string(d.Name))
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range exempt {
			if strings.HasPrefix(rel, e) {
				return nil
			}
		}
		switch {
		case strings.HasSuffix(rel, ".tmpl"), strings.HasSuffix(rel, ".go.txt"):
			checkTemplate(t, p, rel)
		case strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go"):
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			checkGo(t, fset, f, rel, table, markerNames)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func checkGo(t *testing.T, fset *token.FileSet, f *ast.File, rel string, table map[string]bool, markerNames []string) {
	report := func(n ast.Node, format string, a ...any) {
		pos := fset.Position(n.Pos())
		t.Errorf("%s:%d: "+format, append([]any{rel, pos.Line}, a...)...)
	}
	lit := func(e ast.Expr) (string, bool) {
		b, ok := e.(*ast.BasicLit)
		if !ok || b.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(b.Value)
		return s, err == nil
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.FuncDecl:
			// A generator's Name is a name of the Generators list, not of a marker.
			if n.Recv != nil && n.Name.Name == "Name" {
				return false
			}
		case *ast.BasicLit:
			s, ok := lit(n)
			if !ok {
				return true
			}
			switch {
			case table[s]:
				report(n, "%q is a name of the naming table: use naming's constant", s)
			case slices.Contains(markerNames, s):
				report(n, "%q is a marker name: use its markers constant", s)
			case strings.HasPrefix(s, naming.GeneratedPrefix):
				report(n, "%q is a generated file name: take it from package naming", s)
			}
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ:
				for _, side := range []ast.Expr{n.X, n.Y} {
					if s, ok := lit(side); ok && slices.Contains(tools, s) {
						report(n, "comparison with the tool name %q: use artifact's Tool constants", s)
					}
				}
			case token.ADD:
				if s, ok := lit(n.X); ok && slices.Contains(prefixes, s) {
					report(n, "%q+... builds a shared name: take it from package naming", s)
				}
				if s, ok := lit(n.Y); ok && slices.Contains(suffixes, s) {
					report(n, "...+%q builds a shared name: take it from package naming", s)
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if s, ok := lit(e); ok && slices.Contains(tools, s) {
					report(e, "case %q: use artifact's Tool constants", s)
				}
			}
		}
		return true
	})
}

// glued finds a template action glued to a shared name's prefix or suffix, and a
// wiring name spelled in code (comments may name it).
var (
	glued = regexp.MustCompile(`\b(Apply|Reconcile|New|Cleanup|Setup)\{\{|\}\}(Reconciler|WebhookWithManager|NotApplied)\b|zz_generated\.\{\{`)
)

// importLine is an import of a Go template: `alias "path"`, `"path"`, or a single
// `import alias "path"`.
var importLine = regexp.MustCompile(`^\s*(?:import\s+)?(\w+\s+)?"([^"{}]+)"\s*$`)

// keptAliases are imports a template writes under another alias than the table's, by
// template and path, each with its reason.
var keptAliases = map[string]string{
	// The round-trip test has imported meta/v1 as jennifer guessed its alias; renaming
	// it would change the goldens, which issue 24's conversion keeps byte for byte.
	"generator/conversion/conversion_test.go.tmpl": "k8s.io/apimachinery/pkg/apis/meta/v1",
}

// checkImports holds a Go template's imports of the table's packages to the table's
// aliases (naming.Standard): generated files spell a package one way, as the checks of
// the user's code expect.
func checkImports(t *testing.T, src []byte, rel string) {
	in := false
	for i, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "import ("):
			in = true
			continue
		case in && trimmed == ")":
			in = false
			continue
		case !in && !strings.HasPrefix(trimmed, "import "):
			continue
		}
		m := importLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		want, ok := naming.Standard[m[2]]
		if !ok || keptAliases[rel] == m[2] {
			continue
		}
		got := strings.TrimSpace(m[1])
		if got == "" {
			got = path.Base(m[2])
		}
		if got != want {
			t.Errorf("%s:%d: %s imported as %s: the naming table's alias is %s", rel, i+1, m[2], got, want)
		}
	}
}

func checkTemplate(t *testing.T, p, rel string) {
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(rel, ".go.tmpl") && strings.HasPrefix(rel, "generator/") {
		checkImports(t, src, rel)
	}
	wiring := regexp.MustCompile(`(^|[^.\w])(` + strings.Join(append(slices.Clone(naming.Wiring), naming.EnableWebhooks), "|") + `)\b`)
	for i, line := range strings.Split(string(src), "\n") {
		if m := glued.FindString(line); m != "" {
			t.Errorf("%s:%d: %q glues a kind into a shared name: use .Names", rel, i+1, m)
		}
		code, _, _ := strings.Cut(line, "//")
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if m := wiring.FindStringSubmatch(code); m != nil {
			t.Errorf("%s:%d: %s is a wiring name: use .Wiring.%s", rel, i+1, m[2], m[2])
		}
	}
}
