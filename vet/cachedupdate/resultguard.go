package cachedupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// resultGuardedWrite reports whether list[j] calls a function of the package that
// writes v, handed to it, before every return the path from the call to the write
// can have come through: the call's error is checked with a leaving if (if err, keep
// := r.deleteExternal(ctx, obj); err != nil { return … }, or err, keep := … followed
// by such an if), and the path then tests a bool result of the call (if keep { … }
// else { …; the write }, or past if !keep { return … }), which the call gives as a
// constant at each of its returns but those after its checked write of v. A delete
// that keeps the finalizer, after a status write saying why, only on one way out
// tells its caller so: the caller's later write of the object goes where the callee
// has just written it, and sends the server's answer, not the cache's.
//
// stack[k] is list[at], the statement the write is in; the bool results' values come
// from the ifs the path enters from there down (a branch taken says its condition's
// value) and the ifs between the call and list[at] that leave (the path went past
// them: their condition is false). A bool result assigned again after the call, a
// call that is not of a function of the package, a bare return in it, or a test the
// path does not make, leaves the answer no.
func (rf *refresher) resultGuardedWrite(list []ast.Stmt, j, at int, stack []ast.Node, k int, v *types.Var, depth int) bool {
	if at < 0 || depth >= 3 {
		return false
	}
	info := rf.pass.TypesInfo
	var as *ast.AssignStmt
	var check *ast.IfStmt
	switch s := list[j].(type) {
	case *ast.IfStmt:
		as, _ = s.Init.(*ast.AssignStmt)
		check = s
	case *ast.AssignStmt:
		if j+1 < at {
			as = s
			check, _ = list[j+1].(*ast.IfStmt)
			if check != nil && check.Init != nil {
				check = nil
			}
		}
	}
	if as == nil || check == nil || check.Else != nil || len(as.Rhs) != 1 || len(as.Lhs) < 2 || !syntax.Leaves(check.Body.List) {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(info, call)
	if fn == nil {
		return false
	}
	fd := rf.decls[fn.Origin()]
	res := fn.Signature().Results()
	if fd == nil || res.Len() != len(as.Lhs) {
		return false
	}
	// The error result, and the check of it: err != nil, err the one the call gave.
	e := -1
	for i := range res.Len() {
		if syntax.IsError(res.At(i).Type()) {
			if e >= 0 {
				return false
			}
			e = i
		}
	}
	if e < 0 {
		return false
	}
	errID, _ := ast.Unparen(as.Lhs[e]).(*ast.Ident)
	if errID == nil || info.ObjectOf(errID) == nil || !failsOnVar(info, check.Cond, info.ObjectOf(errID)) {
		return false
	}
	// The parameter v is handed as: a pointer to an object or an interface the callee
	// never gives another value.
	p := -1
	for i, a := range call.Args {
		if syntax.Root(info, a) == v {
			p = i
		}
	}
	params := fn.Signature().Params()
	if p < 0 || p >= params.Len() || call.Ellipsis.IsValid() {
		return false
	}
	param := params.At(p)
	_, ptr := param.Type().Underlying().(*types.Pointer)
	if !(ptr && kubetypes.IsAPIObject(param.Type()) || types.IsInterface(param.Type())) || syntax.Assigned(info, fd.Body, param) {
		return false
	}
	// What the path says of the bool results.
	known := pathValues(info, check.Cond, list[j+1:at], stack[k:])
	want := map[int]bool{}
	for i, l := range as.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if i == e || !ok {
			continue
		}
		bv, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !types.Identical(bv.Type().Underlying(), types.Typ[types.Bool]) {
			continue
		}
		val, ok := known[bv]
		if !ok {
			continue
		}
		for _, st := range list[j+1 : at+1] {
			if syntax.ChangesVars(info, st, []types.Object{bv}) {
				return false
			}
		}
		want[i] = val
	}
	if len(want) == 0 {
		return false
	}
	// Each return of the callee the path can have come through follows its write.
	root := &ast.BlockStmt{List: fd.Body.List} // not fd.Body: a path to its top stops there
	compatible := 0
	ok = true
	ast.PreorderStack(root, nil, func(n ast.Node, st []ast.Node) bool {
		if !ok {
			return false
		}
		switch ret := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(ret.Results) != res.Len() {
				ok = false // a bare return of named results: not followed
				return false
			}
			full := append(slices.Clip(st), ret)
			if failsWith(rf.pass, ret.Results[e], full) {
				return false // an error: the caller's check left
			}
			for i, val := range want {
				if syntax.IsConst(info, ret.Results[i], map[bool]string{true: "true", false: "false"}[!val]) {
					return false // the path's test would have gone the other way
				}
			}
			compatible++
			if !rf.refreshedAt(root, full, param, depth+1) {
				ok = false
			}
			return false
		}
		return true
	})
	return ok && compatible > 0
}

// pathValues are the values the path down stack (from the statement the write is
// in, stack[0], to the write) and past the statements before it in its list (ahead)
// gives bool variables: an if whose body it enters found its condition true, one
// whose else it enters false, and an if without an else, ahead of it, whose body
// leaves, false, as is passed, the condition of the leaving check of the call's
// error (err != nil || !released). A condition is a variable or its negation
// (keep, !keep), or a join of them by && when true, by || when false.
func pathValues(info *types.Info, passed ast.Expr, ahead []ast.Stmt, stack []ast.Node) map[*types.Var]bool {
	known := map[*types.Var]bool{}
	var note func(cond ast.Expr, holds bool)
	note = func(cond ast.Expr, holds bool) {
		switch c := ast.Unparen(cond).(type) {
		case *ast.UnaryExpr:
			if c.Op == token.NOT {
				note(c.X, !holds)
			}
		case *ast.BinaryExpr:
			if c.Op == token.LAND && holds || c.Op == token.LOR && !holds {
				note(c.X, holds)
				note(c.Y, holds)
			}
		case *ast.Ident:
			if w, ok := info.Uses[c].(*types.Var); ok {
				known[w] = holds
			}
		}
	}
	note(passed, false)
	for _, st := range ahead {
		if is, ok := st.(*ast.IfStmt); ok && is.Init == nil && is.Else == nil && syntax.Leaves(is.Body.List) {
			note(is.Cond, false)
		}
	}
	for m := 0; m+1 < len(stack); m++ {
		if is, ok := stack[m].(*ast.IfStmt); ok && is.Init == nil {
			switch stack[m+1] {
			case is.Body:
				note(is.Cond, true)
			case is.Else:
				note(is.Cond, false)
			}
		}
	}
	return known
}

// failsOnVar reports whether cond is err != nil, err the variable errVar, alone or as
// one of tests joined by ||.
func failsOnVar(info *types.Info, cond ast.Expr, errVar types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LOR {
		return failsOnVar(info, b.X, errVar) || failsOnVar(info, b.Y, errVar)
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && syntax.ErrIs(b, token.NEQ) && info.ObjectOf(id) == errVar
}
