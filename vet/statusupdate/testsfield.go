package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// TestsField is the fact of a bool function or method whose body is one return of a
// test of one status field of its receiver or of one parameter for emptiness (func (r
// *Role) HasBindingRef() bool { return r.Status.BindingRef != "" }): the helpers an
// API package gives its kinds, which other packages' reconcilers call and whose
// bodies they cannot read. A call of it on the written object is, for rule 3, that
// test: !role.HasBindingRef(), then role.SetBindingRef(name) and a write, fills the
// field it found empty.
type TestsField struct {
	// Param is the parameter handed the object, by index; -1 for the receiver.
	Param int
	// Field is the key of the field tested, from the object ($.Status.BindingRef).
	Field string
	// Empty is true when the function returns true for the field empty (== "", ==
	// nil, len == 0, a bool false), false when it returns true for it set.
	Empty bool
}

// AFact marks TestsField as an analysis fact.
func (*TestsField) AFact() {}

func (t *TestsField) String() string {
	return fmt.Sprintf("tests %s empty=%v", t.Field, t.Empty)
}

// exportTestsField marks the package's field tests (see TestsField).
func exportTestsField(pass *analysis.Pass, g *guards) {
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) != 1 {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil || !fn.Exported() {
				continue // only another package needs the fact, and it calls only these
			}
			sig := fn.Signature()
			if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
				continue
			}
			ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			// The one object the test reads: the receiver or one parameter, and no
			// other of them.
			var obj *types.Var
			param, n := 0, 0
			if r := sig.Recv(); r != nil && kubetypes.ReadsVar(info, ret, r) {
				obj, param, n = r, -1, 1
			}
			for i := range sig.Params().Len() {
				if v := sig.Params().At(i); kubetypes.ReadsVar(info, ret, v) {
					obj, param, n = v, i, n+1
				}
			}
			if n != 1 {
				continue
			}
			if !kubetypes.IsCustomResource(obj.Type()) || obj.Name() == "" || obj.Name() == "_" {
				continue
			}
			k := keyer{g: g, obj: obj.Name(), stack: []ast.Node{fd, fd.Body}}
			if field, empty, ok := k.fieldTest(ret.Results[0]); ok {
				pass.ExportObjectFact(fn, &TestsField{Param: param, Field: field, Empty: empty})
			}
		}
	}
}

// fieldTest reads cond as a test of one status field of the written object for
// emptiness (syntax.FoundEmpty, syntax.FoundNotEmpty, or a bool field read or
// negated): the field's key and whether cond true finds it empty.
func (k keyer) fieldTest(cond ast.Expr) (field string, empty, ok bool) {
	one := func(x ast.Expr) bool {
		fk := k.key(x)
		if !strings.HasPrefix(fk, "$.Status.") || field != "" && field != fk {
			return false
		}
		field = fk
		return true
	}
	info := k.g.pass.TypesInfo
	c := ast.Unparen(cond)
	negated := false
	if u, isNot := c.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		c, negated = ast.Unparen(u.X), true
	}
	if sel, isSel := c.(*ast.SelectorExpr); isSel && types.Identical(info.TypeOf(sel).Underlying(), types.Typ[types.Bool]) {
		if one(sel) {
			return field, negated, true
		}
		return "", false, false
	}
	if syntax.FoundEmpty(info, cond, one) {
		return field, true, true
	}
	field = ""
	if syntax.FoundNotEmpty(info, cond, one) {
		return field, false, true
	}
	return "", false, false
}

// importedTest reads call as a call of a TestsField function of another package on
// the written object: the field's key and whether the call, true, finds it empty.
func (k keyer) importedTest(call *ast.CallExpr) (field string, empty, ok bool) {
	info := k.g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == k.g.pass.Pkg {
		return "", false, false
	}
	var f TestsField
	if !k.g.pass.ImportObjectFact(fn.Origin(), &f) {
		return "", false, false
	}
	var obj ast.Expr
	if f.Param < 0 {
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel {
			return "", false, false
		}
		obj = sel.X
	} else if f.Param < len(call.Args) {
		obj = call.Args[f.Param]
	}
	if obj == nil || k.key(obj) != "$" {
		return "", false, false
	}
	return f.Field, f.Empty, true
}
