package deepequal

import (
	_ "embed"
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/importedit"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Analyzer reports reflect.DeepEqual on Kubernetes API values.
var Analyzer = &analysis.Analyzer{
	Name: "deepequal",
	Doc:  analyzerdoc.MustDoc(doc, "deepequal"),
	URL:  "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#deepequal",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	for _, file := range pass.Files {
		if importedit.Spec(file, "reflect") == nil {
			continue
		}
		var calls []*ast.CallExpr
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 || !kubetypes.IsFunc(kubetypes.Callee(info, call), "reflect", "DeepEqual") {
				return true
			}
			if rep.Silenced(call.Pos()) {
				return true
			}
			if isAPI(info.TypeOf(call.Args[0]), map[types.Type]bool{}) || isAPI(info.TypeOf(call.Args[1]), map[types.Type]bool{}) {
				calls = append(calls, call)
			}
			return true
		})
		if len(calls) == 0 {
			continue
		}
		fixable := 0
		for _, call := range calls {
			if unsafeForSemantic(info.TypeOf(call.Args[0]), info.TypeOf(call.Args[1])) == "" {
				fixable++
			}
		}
		name, imports := importEdits(pass, file, fixable)
		for _, call := range calls {
			t := info.TypeOf(call.Args[0])
			if !isAPI(t, map[types.Type]bool{}) {
				t = info.TypeOf(call.Args[1])
			}
			d := analysis.Diagnostic{
				Pos:     call.Pos(),
				End:     call.End(),
				Message: "reflect.DeepEqual on " + kubetypes.TypeString(t) + ": it sees differences the API does not (Quantity 1000m vs 1, nil vs empty, time precision), so a diff built on it finds a change on every reconcile; use equality.Semantic.DeepEqual",
			}
			if why := unsafeForSemantic(info.TypeOf(call.Args[0]), info.TypeOf(call.Args[1])); why != "" {
				d.Message += " (no fix offered: " + why + ")"
			} else {
				edits := append([]analysis.TextEdit{{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte(name + ".Semantic.DeepEqual")}}, imports...)
				d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Use equality.Semantic.DeepEqual", TextEdits: edits}}
			}
			rep.Report(d)
		}
	}
	return nil, nil
}

// importEdits are the import edits shared by every fix in file: add equality, and
// drop reflect when the n fixes remove its last uses.
func importEdits(pass *analysis.Pass, file *ast.File, n int) (string, []analysis.TextEdit) {
	info := pass.TypesInfo
	name, add := importedit.Add(info, file, kubetypes.EqualityPkg)
	spec := importedit.Spec(file, "reflect")
	if spec.Name != nil || importedit.Uses(info, file, spec) != n {
		return name, add
	}
	if len(add) > 0 && isLastSpec(file, spec) {
		return name, []analysis.TextEdit{importedit.Replace(spec, kubetypes.EqualityPkg)}
	}
	return name, append(add, importedit.Delete(pass.Fset, file, spec))
}

func isLastSpec(file *ast.File, spec *ast.ImportSpec) bool {
	return file.Imports[len(file.Imports)-1] == spec
}

// isAPI reports whether t is an API type (see the package doc).
func isAPI(t types.Type, seen map[types.Type]bool) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if seen[t] {
		return false
	}
	seen[t] = true
	switch x := t.(type) {
	case *types.Pointer:
		return isAPI(x.Elem(), seen)
	case *types.Slice:
		return isAPI(x.Elem(), seen)
	case *types.Array:
		return isAPI(x.Elem(), seen)
	case *types.Map:
		return isAPI(x.Key(), seen) || isAPI(x.Elem(), seen)
	case *types.Named:
		if pkg := x.Obj().Pkg(); pkg != nil && (strings.HasPrefix(pkg.Path(), "k8s.io/api/") || strings.HasPrefix(pkg.Path(), "k8s.io/apimachinery/")) {
			_, scalar := x.Underlying().(*types.Basic)
			return !scalar
		}
		return isAPI(x.Underlying(), seen)
	case *types.Struct:
		tagged := false
		for i := range x.NumFields() {
			if _, ok := reflect.StructTag(x.Tag(i)).Lookup("json"); ok {
				tagged = true
				break
			}
		}
		if !tagged {
			return false
		}
		for f := range x.Fields() {
			if isAPI(f.Type(), seen) {
				return true
			}
		}
	}
	return false
}

// semanticFuncs are the types equality.Semantic compares with a function of its own:
// their insides, unexported fields included, are never walked.
var semanticFuncs = map[string]bool{
	"k8s.io/apimachinery/pkg/api/resource.Quantity":  true,
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":      true,
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime": true,
	"k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1":  true,
	"k8s.io/apimachinery/pkg/labels.Selector":        true,
	"k8s.io/apimachinery/pkg/fields.Selector":        true,
}

// unsafeForSemantic says why equality.Semantic.DeepEqual could panic on values of
// these types where reflect.DeepEqual does not, or "" when it cannot: it panics on an
// unexported struct field, and cannot know what an interface holds.
func unsafeForSemantic(ts ...types.Type) string {
	seen := map[types.Type]bool{}
	var walk func(t types.Type) string
	walk = func(t types.Type) string {
		t = types.Unalias(t)
		if seen[t] {
			return ""
		}
		seen[t] = true
		switch x := t.(type) {
		case *types.Named:
			if obj := x.Obj(); obj.Pkg() != nil && semanticFuncs[obj.Pkg().Path()+"."+obj.Name()] {
				return ""
			}
			if why := walk(x.Underlying()); why != "" {
				return why
			}
		case *types.Pointer:
			return walk(x.Elem())
		case *types.Slice:
			return walk(x.Elem())
		case *types.Array:
			return walk(x.Elem())
		case *types.Map:
			if why := walk(x.Key()); why != "" {
				return why
			}
			return walk(x.Elem())
		case *types.Interface:
			return "an interface value is compared, and equality.Semantic panics on any unexported field it holds"
		case *types.Signature, *types.Chan:
			return "equality.Semantic cannot compare a func or a chan"
		case *types.Struct:
			for f := range x.Fields() {
				if !f.Exported() {
					return "a compared struct has the unexported field " + f.Name() + ", on which equality.Semantic panics"
				}
				if why := walk(f.Type()); why != "" {
					return why
				}
			}
		}
		return ""
	}
	for _, t := range ts {
		if t == nil {
			continue
		}
		if why := walk(t); why != "" {
			return why
		}
	}
	return ""
}
