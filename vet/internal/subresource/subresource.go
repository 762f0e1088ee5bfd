package subresource

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Analyzer marks the kinds declared without a status subresource; see the package doc.
var Analyzer = &analysis.Analyzer{
	Name:       "subresource",
	Doc:        "find the custom resources declared without +kubebuilder:subresource:status",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(NoStatus)},
}

// NoStatus is the fact of a custom resource's type name that has no status
// subresource: its manifests give it none, or, with no manifest, its declaration has the
// root marker (+kubebuilder:object:root=true) and not the status subresource's.
type NoStatus struct{}

// AFact marks NoStatus as an analysis fact.
func (*NoStatus) AFact() {}

func (*NoStatus) String() string { return "no status subresource" }

// Result holds the kinds, of the package and of what it imports, declared without a
// status subresource.
type Result struct {
	none map[*types.TypeName]bool
}

// Lacks reports whether t is (a pointer to) a kind whose declaration says it has no
// status subresource. A kind loaded without source (export data) is never known to
// lack it.
func (r *Result) Lacks(t types.Type) bool {
	n := kubetypes.Named(t)
	return n != nil && r.none[n.Obj()]
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{none: map[*types.TypeName]bool{}}
	// The package's group and its module's manifests are looked for at the first
	// type with a Status field: most packages (controllers, helpers) declare none.
	var (
		loaded bool
		group  string
		crds   manifests
	)
	lacksStatus := func(kind string) (none, decided bool) {
		if !loaded {
			loaded = true
			if group = groupName(pass.Files); group == "" {
				group = groupVersionLiteral(pass.Files)
			}
			if root := moduleRoot(filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())); root != "" {
				crds = manifestsAt(root)
			}
		}
		return crds.lacksStatus(group, pass.Pkg.Name(), kind)
	}
	for _, f := range pass.Files {
		prev := f.Name.End()
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				prev = d.End()
				continue
			}
			above := markersBetween(f, prev, gd.Pos())
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				markers := above
				if gd.Lparen.IsValid() {
					markers = nil // a type in a group: its own comments
					if ts.Doc != nil {
						markers = syntax.Markers(ts.Doc.List)
					}
				}
				obj, _ := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if obj == nil || !kubetypes.HasStatusSubresource(obj.Type()) {
					continue // no Status field: nothing writes it anyway
				}
				none, decided := lacksStatus(ts.Name.Name)
				if !decided {
					none = slices.Contains(markers, "+kubebuilder:object:root=true") && !slices.Contains(markers, "+kubebuilder:subresource:status")
				}
				if !none {
					continue
				}
				pass.ExportObjectFact(obj, &NoStatus{})
				res.none[obj] = true
			}
			prev = gd.End()
		}
	}
	for _, f := range pass.AllObjectFacts() {
		if tn, ok := f.Object.(*types.TypeName); ok {
			res.none[tn] = true
		}
	}
	return res, nil
}

// markersBetween are the marker lines of f's comment groups that lie between from
// and to: the comments above a declaration, blank lines between them or not, back to
// the declaration before it.
func markersBetween(f *ast.File, from, to token.Pos) []string {
	var out []string
	for _, cg := range f.Comments {
		if cg.Pos() > from && cg.End() < to {
			out = append(out, syntax.Markers(cg.List)...)
		}
	}
	return out
}

// groupVersionLiteral is the group of a schema.GroupVersion literal of the package
// (GroupVersion = schema.GroupVersion{Group: "cache.example.com", Version: "v1"}), ""
// when there is none or several disagree.
func groupVersionLiteral(files []*ast.File) string {
	group := ""
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || lit.Type == nil || !strings.HasSuffix(types.ExprString(lit.Type), "GroupVersion") {
				return true
			}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Group" {
					if b, ok := kv.Value.(*ast.BasicLit); ok && b.Kind == token.STRING {
						g, err := strconv.Unquote(b.Value)
						if err == nil && (group == "" || group == g) {
							group = g
						} else {
							group = "\x00"
						}
					}
				}
			}
			return true
		})
	}
	if group == "\x00" {
		return ""
	}
	return group
}
