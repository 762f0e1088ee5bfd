package statustime

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// Compares is the fact of a function that compares two values of one struct type
// field by field and returns a bool (inconsistentStatus(old, new FooStatus) bool):
// the fields it reads. A controller that gates its status write on it leaves every
// other field, a timestamp among them, out of the diff.
type Compares struct {
	// Type is the compared type, as types.TypeString writes it.
	Type string
	// Fields are the fields of Type the function reads of either value.
	Fields []string
}

// AFact marks Compares as an analysis fact.
func (*Compares) AFact() {}

func (c *Compares) String() string { return fmt.Sprintf("compares %s %v", c.Type, c.Fields) }

// comparedStruct is the named struct type that two parameters of fn share, by value
// or by pointer, when fn returns one bool; nil otherwise.
func comparedStruct(fn *types.Func) (*types.Named, []*types.Var) {
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil, nil
	}
	byType := map[*types.Named][]*types.Var{}
	for v := range sig.Params().Variables() {
		n := kubetypes.Named(v.Type())
		if n == nil {
			continue
		}
		if _, ok := n.Underlying().(*types.Struct); ok {
			byType[n] = append(byType[n], v)
		}
	}
	for n, vs := range byType {
		if len(vs) == 2 {
			return n, vs
		}
	}
	return nil, nil
}

// exportCompares exports the Compares fact of each function of the package that
// compares two values of a struct type by reading their fields one by one; one that
// uses either value whole (reflect.DeepEqual(a, b)) compares every field and gets none.
func exportCompares(pass *analysis.Pass, insp *inspector.Inspector) {
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		decl := n.(*ast.FuncDecl)
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || decl.Body == nil {
			return
		}
		named, params := comparedStruct(fn)
		if named == nil {
			return
		}
		var fields []string
		whole := false
		selected := map[*ast.Ident]bool{}
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && isParam(pass.TypesInfo.Uses[id], params) {
					selected[id] = true
					if !slices.Contains(fields, x.Sel.Name) {
						fields = append(fields, x.Sel.Name)
					}
				}
			case *ast.Ident:
				if isParam(pass.TypesInfo.Uses[x], params) && !selected[x] {
					whole = true
				}
			}
			return !whole
		})
		if whole || len(fields) == 0 {
			return
		}
		slices.Sort(fields)
		pass.ExportObjectFact(fn, &Compares{Type: types.TypeString(named, nil), Fields: fields})
	})
}

func isParam(obj types.Object, params []*types.Var) bool {
	v, ok := obj.(*types.Var)
	return ok && slices.Contains(params, v)
}

// comparisons gathers the Compares facts of the functions the package calls, by
// compared type.
func comparisons(pass *analysis.Pass, insp *inspector.Inspector) map[string][]*Compares {
	out := map[string][]*Compares{}
	insp.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		fn := kubetypes.Callee(pass.TypesInfo, n.(*ast.CallExpr))
		if fn == nil {
			return
		}
		var c Compares
		if pass.ImportObjectFact(fn.Origin(), &c) {
			out[c.Type] = append(out[c.Type], &c)
		}
	})
	return out
}

// leftOutOfDiff reports whether the field lhs assigns, the first below a status
// type, is one that a field-by-field comparison of that type the package calls does
// not read: the write it gates happens only when another field changed.
func leftOutOfDiff(info *types.Info, lhs ast.Expr, cmp map[string][]*Compares) bool {
	path := statusPath(info, lhs)
	if len(path) == 0 || len(cmp) == 0 {
		return false
	}
	// Find the selector of path[0]: its operand is of the status type.
	for e := ast.Unparen(lhs); ; {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == path[0] {
				n := kubetypes.Named(info.TypeOf(x.X))
				if n == nil {
					return false
				}
				cs := cmp[types.TypeString(n, nil)]
				return len(cs) > 0 && !slices.ContainsFunc(cs, func(c *Compares) bool { return slices.Contains(c.Fields, path[0]) })
			}
			e = ast.Unparen(x.X)
		case *ast.IndexExpr:
			e = ast.Unparen(x.X)
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
		default:
			return false
		}
	}
}
