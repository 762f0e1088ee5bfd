package switches

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Switch is a condition on a parameter that a write needs: the write happens only
// when the parameter (Field "") or its field Field is Value; or, when Const is set,
// only when the parameter's equality with that constant (go/constant's exact
// spelling, an enum's value: policy == finalizeAnyway) is Value.
type Switch struct {
	Param int
	Field string
	Value bool
	Const string
}

// Requires are the switches the path to the node on top of the stack needs, within
// its function decl: the bool parameters, or bool fields of struct parameters, that
// an enclosing if or an earlier early exit tests (if !params.ApplyChanges { return }).
func Requires(pass *analysis.Pass, stack []ast.Node, decl *ast.FuncDecl) []Switch {
	var out []Switch
	add := func(cond ast.Expr, want bool) {
		for _, s := range terms(pass, stack, decl, cond, want, 0) {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if i >= 2 && kubetypes.RunInPlace(pass.TypesInfo, p, stack[i-2]) {
				continue
			}
			return out
		case *ast.FuncDecl:
			return out
		case *ast.IfStmt:
			if child == p.Body {
				add(p.Cond, true)
			} else if child == p.Else {
				add(p.Cond, false)
			}
		case *ast.BlockStmt, *ast.CaseClause:
			for _, st := range syntax.Before(syntax.Stmts(p), child) {
				if is, ok := st.(*ast.IfStmt); ok && is.Else == nil && syntax.Leaves(is.Body.List) {
					add(is.Cond, false)
				}
			}
		}
	}
	return out
}

// terms are the switches cond being want needs: a bool parameter or a bool
// field of a struct parameter of decl, through !, && (true), || (false) and bool
// variables assigned once.
func terms(pass *analysis.Pass, stack []ast.Node, decl *ast.FuncDecl, cond ast.Expr, want bool, depth int) []Switch {
	info := pass.TypesInfo
	if depth > 4 || decl == nil {
		return nil
	}
	isBool := func(e ast.Expr) bool {
		t := info.TypeOf(e)
		return t != nil && types.Identical(t.Underlying(), types.Typ[types.Bool])
	}
	switch x := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return terms(pass, stack, decl, x.X, !want, depth+1)
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND && want || x.Op == token.LOR && !want {
			return append(terms(pass, stack, decl, x.X, want, depth+1), terms(pass, stack, decl, x.Y, want, depth+1)...)
		}
		// A parameter compared with a constant: policy == finalizeAnyway.
		if x.Op == token.EQL || x.Op == token.NEQ {
			for _, side := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
				id, ok := ast.Unparen(side[0]).(*ast.Ident)
				c := info.Types[side[1]].Value
				if !ok || c == nil || isBool(side[0]) {
					continue
				}
				v, ok := info.Uses[id].(*types.Var)
				if !ok {
					continue
				}
				if i := syntax.ParamIndex(info, decl, v); i >= 0 {
					return []Switch{{Param: i, Const: c.ExactString(), Value: want == (x.Op == token.EQL)}}
				}
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || !isBool(x) {
			return nil
		}
		if i := syntax.ParamIndex(info, decl, v); i >= 0 {
			return []Switch{{Param: i, Value: want}}
		}
		if val := syntax.ValueOf(pass, syntax.DeclaringBody(stack, v), v); val != nil {
			return terms(pass, stack, decl, val, want, depth+1)
		}
	case *ast.SelectorExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok || !isBool(x) {
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || kubetypes.IsAPIObject(v.Type()) {
			return nil
		}
		if f, ok := info.Uses[x.Sel].(*types.Var); !ok || !f.IsField() {
			return nil
		}
		if i := syntax.ParamIndex(info, decl, v); i >= 0 {
			return []Switch{{Param: i, Field: x.Sel.Name, Value: want}}
		}
	}
	return nil
}

// ArgBool is the constant a call hands in for a switch: the argument itself, or the
// field of a composite literal argument (a field the literal leaves out is false).
// known is false when the source does not say.
func ArgBool(pass *analysis.Pass, call *ast.CallExpr, body *ast.BlockStmt, s Switch) (value, known bool) {
	info := pass.TypesInfo
	if s.Param >= len(call.Args) {
		return false, false
	}
	constBool := func(e ast.Expr) (bool, bool) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(tv.Value), true
	}
	arg := call.Args[s.Param]
	if s.Const != "" {
		if s.Field != "" {
			return false, false
		}
		tv, ok := info.Types[arg]
		if !ok || tv.Value == nil {
			return false, false
		}
		return tv.Value.ExactString() == s.Const, true
	}
	if s.Field == "" {
		return constBool(arg)
	}
	lit := compositeOf(pass, body, arg)
	if lit == nil {
		return false, false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false, false // positional: not read here
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == s.Field {
			return constBool(kv.Value)
		}
	}
	return false, true // left out: the zero value
}

// compositeOf is the composite literal e is (or whose address it is, or that a local
// variable assigned once holds); nil otherwise.
func compositeOf(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr) *ast.CompositeLit {
	for range 2 {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			return x
		case *ast.Ident:
			v, ok := pass.TypesInfo.Uses[x].(*types.Var)
			if !ok || body == nil {
				return nil
			}
			if e = syntax.ValueOf(pass, body, v); e == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// Off reports whether the call hands in a constant that one of the switches
// the callee's write needs does not have: the write is unreachable from it.
func Off(pass *analysis.Pass, call *ast.CallExpr, site []ast.Node, reqs []Switch) bool {
	_, body := syntax.EnclosingFunc(site)
	for _, s := range reqs {
		if v, known := ArgBool(pass, call, body, s); known && v != s.Value {
			return true
		}
	}
	return false
}

// Translate maps the switches a callee's write needs to the caller's: a switch the
// call fills with a constant it has is met and dropped; one it fills with the caller's
// own parameter (passed on as it came in) becomes the caller's. off reports that the
// call fills one with a constant it does not have: the callee writes nothing here.
func Translate(pass *analysis.Pass, call *ast.CallExpr, site []ast.Node, reqs []Switch) (out []Switch, off bool) {
	fn, body := syntax.EnclosingFunc(site)
	decl, _ := fn.(*ast.FuncDecl)
	for _, s := range reqs {
		if v, known := ArgBool(pass, call, body, s); known {
			if v != s.Value {
				return nil, true
			}
			continue
		}
		if decl == nil || s.Param >= len(call.Args) {
			continue
		}
		if id, ok := ast.Unparen(call.Args[s.Param]).(*ast.Ident); ok {
			if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i := syntax.ParamIndex(pass.TypesInfo, decl, v); i >= 0 {
					out = append(out, Switch{Param: i, Field: s.Field, Value: s.Value, Const: s.Const})
				}
			}
		}
	}
	return out, false
}

// Intersect is the switches every one of sets needs.
func Intersect(sets [][]Switch) []Switch {
	if len(sets) == 0 {
		return nil
	}
	var out []Switch
	for _, s := range sets[0] {
		all := true
		for _, other := range sets[1:] {
			if !slices.Contains(other, s) {
				all = false
				break
			}
		}
		if all {
			out = append(out, s)
		}
	}
	return out
}
