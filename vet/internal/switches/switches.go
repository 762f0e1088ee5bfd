package switches

import (
	"fmt"
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
// spelling, an enum's value: policy == finalizeAnyway) is Value. When Call is set,
// the parameter is a function the write needs a yes from: its call returned true (a
// bool result) or a nil error (if err := mutate(); err != nil { return }). When Holds
// is set, the parameter is an interface the write needs to hold that concrete type
// (its types.TypeString, pointer dropped): the write is the method of that type a
// call through the interface runs (w.write(ctx, obj), where only the status writer's
// write writes status).
type Switch struct {
	Param int
	Field string
	Value bool
	Const string
	Call  bool
	Holds string
}

// String spells the switch as the analyzers' facts show it: 2=true, 1.Apply=true,
// 2==1=false, 3() (a yes from the function), 1.(example.com/p.statusWriter).
func (s Switch) String() string {
	switch {
	case s.Call:
		return fmt.Sprintf("%d()", s.Param)
	case s.Holds != "":
		return fmt.Sprintf("%d.(%s)", s.Param, s.Holds)
	case s.Const != "":
		return fmt.Sprintf("%d==%s=%v", s.Param, s.Const, s.Value)
	case s.Field != "":
		return fmt.Sprintf("%d.%s=%v", s.Param, s.Field, s.Value)
	}
	return fmt.Sprintf("%d=%v", s.Param, s.Value)
}

// HoldsKey is the key a Holds switch names the concrete type t by: its
// types.TypeString, a pointer dropped (a method of T or of *T is run for a *T held).
func HoldsKey(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return types.TypeString(t, nil)
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
		// A parameter compared with a constant: policy == finalizeAnyway; or the
		// error of a call of a function parameter found nil: if err := mutate(); err
		// != nil { return err }.
		if x.Op == token.EQL || x.Op == token.NEQ {
			for _, side := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
				if info.Types[side[1]].IsNil() && want == (x.Op == token.EQL) {
					if i := paramCall(pass, stack, decl, side[0], 0); i >= 0 {
						return []Switch{{Param: i, Call: true, Value: true}}
					}
				}
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
	case *ast.CallExpr:
		// A bool function parameter's yes: if !accept() { return }.
		if i := paramCall(pass, stack, decl, x, 0); i >= 0 && want && isBool(x) {
			return []Switch{{Param: i, Call: true, Value: true}}
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

// paramCall is the index of the function parameter of decl whose call e is, or
// holds as a local variable assigned once (err := mutate()); -1 otherwise. The call
// gives one result, or, for a variable, is the one value it is assigned.
func paramCall(pass *analysis.Pass, stack []ast.Node, decl *ast.FuncDecl, e ast.Expr, depth int) int {
	info := pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		if !ok {
			return -1
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return -1
		}
		if _, ok := v.Type().Underlying().(*types.Signature); !ok {
			return -1
		}
		return syntax.ParamIndex(info, decl, v)
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || depth > 0 || syntax.ParamIndex(info, decl, v) >= 0 {
			return -1
		}
		if val := syntax.ValueOf(pass, syntax.DeclaringBody(stack, v), v); val != nil {
			return paramCall(pass, stack, decl, val, depth+1)
		}
	}
	return -1
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
	if s.Call || s.Holds != "" {
		return false, false
	}
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
		if held, known := argHolds(pass, call, s); known && !held {
			return true
		}
	}
	return false
}

// argHolds tells, for a Holds switch, whether the call hands in a value of a concrete
// type that is the one the switch names; known is false for another switch, or an
// argument of an interface type.
func argHolds(pass *analysis.Pass, call *ast.CallExpr, s Switch) (held, known bool) {
	if s.Holds == "" || s.Param >= len(call.Args) {
		return false, false
	}
	t := pass.TypesInfo.TypeOf(call.Args[s.Param])
	if t == nil || types.IsInterface(t) {
		return false, false
	}
	return HoldsKey(t) == s.Holds, true
}

// FuncLiteral is the function literal a call hands in for a Call switch: the
// argument itself, or a local variable assigned it once (same := func() error {…}).
// nil for any other argument or switch.
func FuncLiteral(pass *analysis.Pass, call *ast.CallExpr, body *ast.BlockStmt, s Switch) *ast.FuncLit {
	if !s.Call || s.Param >= len(call.Args) {
		return nil
	}
	e := ast.Unparen(call.Args[s.Param])
	if id, ok := e.(*ast.Ident); ok && body != nil {
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return nil
		}
		e = syntax.ValueOf(pass, body, v)
	}
	lit, _ := e.(*ast.FuncLit)
	return lit
}

// passesOn is the parameter of decl that the literal lit says yes only with: each
// of its returns gives as its last result a no (false, or an error that is not nil) or
// the call of that one function parameter (fn2 := func() error { if gen changed {
// return err }; return fn() }). -1 when a return says yes on its own, or calls
// something else.
func passesOn(pass *analysis.Pass, decl *ast.FuncDecl, lit *ast.FuncLit, site []ast.Node) int {
	info := pass.TypesInfo
	param := -1
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch r := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(r.Results) == 0 {
				ok = false
				return false
			}
			last := r.Results[len(r.Results)-1]
			if SaysNo(info, last) {
				return false
			}
			i := paramCall(pass, site, decl, last, 1)
			if i < 0 || (param >= 0 && param != i) {
				ok = false
				return false
			}
			param = i
		}
		return ok
	})
	if !ok {
		return -1
	}
	return param
}

// SaysNo reports whether e, the last result of a return of a function a Call switch
// names, says no: the constant false, or an error that cannot be nil: a composite
// literal of an error type or its address (&NoUpdateError{}), errors.New or
// fmt.Errorf, or a package-level variable of an error type (a sentinel). A call of
// anything else may give nil.
func SaysNo(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok {
		return false
	}
	if tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return !constant.BoolVal(tv.Value)
	}
	if !types.Implements(tv.Type, errorType) {
		return false
	}
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, x)
		return kubetypes.IsFunc(fn, "errors", "New") || kubetypes.IsFunc(fn, "fmt", "Errorf")
	case *ast.Ident, *ast.SelectorExpr:
		id, _ := x.(*ast.Ident)
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
		v, ok := info.Uses[id].(*types.Var)
		return ok && !v.IsField() && v.Parent() == v.Pkg().Scope()
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

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
		if held, known := argHolds(pass, call, s); known {
			if !held {
				return nil, true
			}
			continue
		}
		if decl == nil || s.Param >= len(call.Args) {
			continue
		}
		if lit := FuncLiteral(pass, call, body, s); lit != nil {
			// A literal that says yes only with the caller's function parameter's yes
			// hands the switch on to that parameter.
			if i := passesOn(pass, decl, lit, site); i >= 0 {
				s.Param = i
				out = append(out, s)
			}
			continue
		}
		if id, ok := ast.Unparen(call.Args[s.Param]).(*ast.Ident); ok {
			if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i := syntax.ParamIndex(pass.TypesInfo, decl, v); i >= 0 {
					s.Param = i
					out = append(out, s)
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
