package validation

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Analyzer reads the fields' schema markers; see the package doc.
var Analyzer = &analysis.Analyzer{
	Name:       "validation",
	Doc:        "find the fields of API types that the CRD schema requires, or requires non-empty",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Field)},
}

// Field is the fact of a struct field the schema requires (Required) or, when present,
// requires not empty (NonEmpty).
type Field struct {
	Required, NonEmpty bool
}

// AFact marks Field as an analysis fact.
func (*Field) AFact() {}

func (f *Field) String() string {
	var s []string
	if f.Required {
		s = append(s, "required")
	}
	if f.NonEmpty {
		s = append(s, "non-empty")
	}
	return strings.Join(s, " ")
}

// Result answers for the fields of the package and of what it imports.
type Result struct {
	pass   *analysis.Pass
	fields map[*types.Var]Field
}

// Of is what the schema says of the field v.
func (r *Result) Of(v *types.Var) Field {
	if f, ok := r.fields[v]; ok {
		return f
	}
	var f Field
	if v.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(v, &f) {
		r.fields[v] = f
		return f
	}
	return Field{}
}

// NeverEmpty reports whether e, a chain of field selections x.F1.….Fn from an object
// the API server holds, is never empty: every field on the way is required, and Fn is
// required and non-empty.
func (r *Result) NeverEmpty(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	last := true
	for {
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
			return false // a promoted field: the inlined struct's own rules
		}
		f := r.Of(s.Obj().(*types.Var))
		if !f.Required || last && !f.NonEmpty {
			return false
		}
		last = false
		switch x := ast.Unparen(sel.X).(type) {
		case *ast.SelectorExpr:
			if xs := info.Selections[x]; xs != nil && xs.Kind() == types.FieldVal {
				sel = x
				continue
			}
			return true // pkg.Var.F or a method value: the root is x itself
		default:
			return true
		}
	}
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{pass: pass, fields: map[*types.Var]Field{}}
	optionalPkg := false
	typeMarkers := map[*types.TypeName][]string{}
	var structs []*ast.StructType
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			if cg.End() < f.Package && hasMarker(syntax.Markers(cg.List), "+kubebuilder:validation:Optional") {
				optionalPkg = true
			}
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && !gd.Lparen.IsValid() {
					doc = gd.Doc
				}
				if tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName); ok && doc != nil {
					typeMarkers[tn] = syntax.Markers(doc.List)
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					structs = append(structs, st)
				}
			}
		}
	}
	for _, st := range structs {
		for _, fld := range st.Fields.List {
			if len(fld.Names) != 1 {
				continue // embedded, or several names sharing one tag
			}
			v, ok := pass.TypesInfo.Defs[fld.Names[0]].(*types.Var)
			if !ok {
				continue
			}
			name, opts, ok := jsonTag(fld.Tag)
			if !ok || name == "-" {
				continue
			}
			var markers []string
			if fld.Doc != nil {
				markers = syntax.Markers(fld.Doc.List)
			}
			if n, ok := types.Unalias(v.Type()).(*types.Named); ok && n.Obj().Pkg() == pass.Pkg {
				markers = append(markers, typeMarkers[n.Obj()]...)
			}
			var f Field
			switch {
			case hasMarker(markers, "+required", "+kubebuilder:validation:Required"):
				f.Required = true
			case hasMarker(markers, "+optional", "+kubebuilder:validation:Optional"):
			default:
				f.Required = !optionalPkg && !strings.Contains(","+opts+",", ",omitempty,") && !strings.Contains(","+opts+",", ",omitzero,")
			}
			for _, m := range []string{"MinItems", "MinProperties", "MinLength"} {
				if n, ok := markerInt(markers, "+kubebuilder:validation:"+m+"="); ok && n >= 1 {
					f.NonEmpty = true
				}
			}
			if f.Required || f.NonEmpty {
				res.fields[v] = f
				pass.ExportObjectFact(v, &f)
			}
		}
	}
	return res, nil
}

// jsonTag is the json name and options of a field's tag; ok is false without one.
func jsonTag(tag *ast.BasicLit) (name, opts string, ok bool) {
	if tag == nil {
		return "", "", false
	}
	s, err := strconv.Unquote(tag.Value)
	if err != nil {
		return "", "", false
	}
	j, ok := reflect.StructTag(s).Lookup("json")
	if !ok {
		return "", "", false
	}
	name, opts, _ = strings.Cut(j, ",")
	return name, opts, name != "" || opts != ""
}

func hasMarker(markers []string, names ...string) bool {
	for _, m := range markers {
		for _, n := range names {
			if m == n || strings.HasPrefix(m, n+"=") && strings.TrimPrefix(m, n+"=") == "true" {
				return true
			}
		}
	}
	return false
}

// markerInt is the value of the last marker of markers that starts with prefix.
func markerInt(markers []string, prefix string) (int, bool) {
	val, found := 0, false
	for _, m := range markers {
		if s, ok := strings.CutPrefix(m, prefix); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
				val, found = n, true
			}
		}
	}
	return val, found
}
