package vet

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// failFree says which positions lie in a branch taken only when a call failed whose
// function never fails: a function or method of the packages analyzed, called
// directly (not through an interface or a value), whose last result is an error and
// every return of which gives nil there (func (r *R) dispatch(obj *Foo) error { go
// r.scan(obj); return nil }). The branch is the body of if err := f(…); err != nil,
// or of an if err != nil that directly follows err = f(…) or v, err := f(…), or of if
// f(…) != nil. A write there (the status of a failure the function cannot report) is
// sent on no pass.
//
// A function with named results that returns bare, or whose error it gives is
// anything but the literal nil, may fail, and so may one whose body is not loaded.
// One that fails only when handed nil for a pointer parameter (failsOnlyOnNil: it
// reads the object itself when it is not handed one) never fails at a call that hands
// it something surely not nil there (notNilAt): the address of a variable, or a
// pointer the condition of an enclosing if has just dereferenced.
func failFree(pkgs []*packages.Package) func(p *packages.Package, pos token.Pos) bool {
	never := map[*types.Func]bool{}
	onNil := map[*types.Func]int{}
	eachFuncDecl(pkgs, func(p *packages.Package, fd *ast.FuncDecl, fn *types.Func) {
		if nilErrorOnly(p.TypesInfo, fd) {
			never[fn.Origin()] = true
		} else if i := failsOnlyOnNil(p.TypesInfo, fd); i >= 0 {
			onNil[fn.Origin()] = i
		}
	})
	regions := map[*packages.Package][][2]token.Pos{}
	if len(never) == 0 && len(onNil) == 0 {
		return func(*packages.Package, token.Pos) bool { return false }
	}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		info := p.TypesInfo
		// freeCall reports whether e is a direct call of a function that never fails.
		var file *ast.File
		freeCall := func(e ast.Expr) bool {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				return false
			}
			fn := kubetypes.Callee(info, call)
			if never[fn] {
				return true
			}
			i, ok := onNil[fn]
			return ok && i < len(call.Args) && notNilAt(info, file, call.Args[i], call.Pos())
		}
		// errOf is the error variable the last left-hand side of as defines or assigns
		// from a call of a function that never fails; nil otherwise.
		errOf := func(st ast.Stmt) types.Object {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || !freeCall(as.Rhs[0]) {
				return nil
			}
			id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
			if !ok {
				return nil
			}
			return info.ObjectOf(id)
		}
		for _, f := range p.Syntax {
			file = f
			ast.Inspect(f, func(n ast.Node) bool {
				list := syntax.Stmts(n)
				for k, st := range list {
					is, ok := st.(*ast.IfStmt)
					if !ok {
						continue
					}
					var err types.Object
					switch {
					case is.Init != nil:
						err = errOf(is.Init)
					case k > 0:
						err = errOf(list[k-1])
					}
					if failsOn(info, is.Cond, err, freeCall) {
						regions[p] = append(regions[p], [2]token.Pos{is.Body.Pos(), is.Body.End()})
					}
				}
				return true
			})
		}
	}
	return func(p *packages.Package, pos token.Pos) bool {
		return slices.ContainsFunc(regions[p], func(r [2]token.Pos) bool { return r[0] <= pos && pos < r[1] })
	}
}

// failsOn reports whether cond is err != nil, for the error variable err, or a call
// that free says never fails compared != nil.
func failsOn(info *types.Info, cond ast.Expr, err types.Object, free func(ast.Expr) bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	if !info.Types[y].IsNil() {
		return false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && err != nil && info.ObjectOf(id) == err {
		return true
	}
	return free(x)
}

// nilErrorOnly reports whether the function fd declares has an error as its last
// result and every return of its body (outside function literals) gives the literal
// nil there.
func nilErrorOnly(info *types.Info, fd *ast.FuncDecl) bool {
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 || !syntax.IsError(info.TypeOf(res.List[len(res.List)-1].Type)) {
		return false
	}
	ok, returns := true, 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			if len(x.Results) == 0 || !info.Types[x.Results[len(x.Results)-1]].IsNil() {
				ok = false
			}
		}
		return ok
	})
	return ok && returns > 0
}

// eachFuncDecl calls f with every function declaration with a body among the
// packages that have type information, and the function it declares.
func eachFuncDecl(pkgs []*packages.Package, f func(p *packages.Package, fd *ast.FuncDecl, fn *types.Func)) {
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, file := range p.Syntax {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func); fn != nil {
					f(p, fd, fn)
				}
			}
		}
	}
}

// failsOnlyOnNil gives the index of the pointer parameter p of the function fd
// declares when it can fail only when called with p nil, -1 otherwise: its last result
// is an error, and every return of its body (outside function literals) gives the
// literal nil there but those inside an if p == nil at the top of its body, before
// which nothing returns or assigns p (if obj == nil { obj, err = u.Get(); if err !=
// nil { return nil, err } }: a helper that reads the object when it is not handed one).
func failsOnlyOnNil(info *types.Info, fd *ast.FuncDecl) int {
	res := fd.Type.Results
	if fd.Body == nil || res == nil || len(res.List) == 0 || !syntax.IsError(info.TypeOf(res.List[len(res.List)-1].Type)) {
		return -1
	}
	var params []*types.Var
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			v, _ := info.Defs[n].(*types.Var)
			params = append(params, v)
		}
	}
	for _, st := range fd.Body.List {
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil {
			if returns(st) {
				return -1
			}
			continue
		}
		v := nilTested(info, is.Cond)
		i := slices.Index(params, v)
		if v == nil || i < 0 {
			if returns(st) {
				return -1
			}
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Pointer); !ok || assigns(info, fd.Body, v, is.Pos()) {
			return -1
		}
		ok, n := true, 0
		ast.Inspect(fd.Body, func(n2 ast.Node) bool {
			switch x := n2.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				n++
				inside := is.Body.Pos() <= x.Pos() && x.End() <= is.Body.End()
				if !inside && (len(x.Results) == 0 || !info.Types[x.Results[len(x.Results)-1]].IsNil()) {
					ok = false
				}
			}
			return ok
		})
		if ok && n > 0 {
			return i
		}
		return -1
	}
	return -1
}

// returns reports whether st holds a return statement outside function literals.
func returns(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// nilTested is the variable cond compares == nil, or nil.
func nilTested(info *types.Info, cond ast.Expr) *types.Var {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return nil
	}
	x, y := b.X, b.Y
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || !info.Types[y].IsNil() {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// assigns reports whether body assigns v, or takes its address, before the position
// before.
func assigns(info *types.Info, body ast.Node, v *types.Var, before token.Pos) bool {
	return assignsIn(info, body, v, func(p token.Pos) bool { return p < before })
}

// assignsIn reports whether body assigns v, or takes its address, at a position
// where says yes to.
func assignsIn(info *types.Info, body ast.Node, v *types.Var, where func(token.Pos) bool) bool {
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if where(x.Pos()) && slices.ContainsFunc(x.Lhs, is) {
				found = true
			}
		case *ast.RangeStmt:
			if where(x.Pos()) && (x.Key != nil && is(x.Key) || x.Value != nil && is(x.Value)) {
				found = true
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && where(x.Pos()) && is(x.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// notNilAt reports whether the expression e, an argument of the call at pos in file
// f, is known not to be nil there: the address of something (&obj), or a local
// pointer variable that the condition of an if whose body holds the call dereferences
// in one of its && conjuncts, where it is evaluated whenever the body runs (if
// plug.Status.Socket != nil { … f(plug) … }: a nil plug would have panicked), and
// that nothing assigns or takes the address of between that condition and the call
// (or anywhere in the if's body, when a loop inside it holds the call).
func notNilAt(info *types.Info, f *ast.File, e ast.Expr, pos token.Pos) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return true
	}
	id, ok := e.(*ast.Ident)
	if !ok || f == nil {
		return false
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if v == nil {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	var body ast.Node
	for _, n := range path {
		if _, ok := n.(*ast.FuncDecl); ok {
			body = n
			break
		}
		if _, ok := n.(*ast.FuncLit); ok {
			body = n
			break
		}
	}
	if body == nil {
		return false
	}
	loop := false // a loop between the if and the call: it may assign v after the call
	for _, n := range path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loop = true
		}
		is, ok := n.(*ast.IfStmt)
		if !ok || pos < is.Body.Pos() || pos >= is.Body.End() || is.Pos() < body.Pos() {
			continue
		}
		end := pos
		if loop {
			end = is.Body.End()
		}
		if derefs(info, is.Cond, v) && !assignsIn(info, body, v, func(p token.Pos) bool { return p >= is.Cond.Pos() && p < end }) {
			return true
		}
	}
	return false
}

// derefs reports whether cond, read as && conjuncts, surely evaluates a field of the
// pointer v: a selector v.F of a field, outside the right of a || or && inside a
// conjunct and outside function literals.
func derefs(info *types.Info, cond ast.Expr, v *types.Var) bool {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return derefs(info, b.X, v) || derefs(info, b.Y, v)
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				ast.Inspect(x.X, func(n ast.Node) bool {
					found = found || selectsField(info, n, v)
					return !found
				})
				return false
			}
		}
		found = found || selectsField(info, n, v)
		return !found
	})
	return found
}

// selectsField reports whether n is v.F for a field F of what the pointer v points to.
func selectsField(info *types.Info, n ast.Node, v *types.Var) bool {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || info.ObjectOf(id) != v {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.FieldVal
}
