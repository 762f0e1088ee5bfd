package cachedupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// refreshed reports whether the object v that the call on top of stack updates holds
// the API server's answer to an earlier write rather than the cached copy: on every
// path to the call, a write of v that decodes the server's answer into it (Update,
// Patch or Create through a client.Writer, Update or Patch of its status) succeeded —
// its error checked with a return, or the call inside the branch where the error is
// nil — and nothing read v from the cache or assigned it since. Its resourceVersion is
// then the one the server has just written (r.Update(ctx, obj), then
// r.Status().Update(ctx, obj)), not the cache's. The write may be made by a function
// literal held in a variable of the enclosing function and called there
// (saveStatus := func() error { …; if err := r.Status().Patch(ctx, obj, …); err !=
// nil { return err }; … }; … if err := saveStatus(); err != nil { return err }), when
// nothing in the literal returns before that checked write.
func refreshed(pass *analysis.Pass, body *ast.BlockStmt, stack []ast.Node, v *types.Var) bool {
	if v == nil {
		return false
	}
	info := pass.TypesInfo
	// lit is the literal a function variable of body holds, assigned once.
	lit := func(fv *types.Var) *ast.FuncLit {
		l, _ := ast.Unparen(syntax.ValueOf(pass, body, fv)).(*ast.FuncLit)
		return l
	}
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		var list []ast.Stmt
		switch p := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		case *ast.IfStmt:
			// if err := r.Update(ctx, obj); err == nil { r.Status().Update(ctx, obj) }
			if child == p.Body && writeOf(info, p.Init, v, lit) != nil && errIs(p.Cond, token.EQL) {
				return true
			}
			continue
		default:
			continue
		}
		at := -1
		for j, s := range list {
			if s == child {
				at = j
			}
		}
		for j := at - 1; j >= 0; j-- {
			s := list[j]
			if checkedWrite(info, list, j, v, lit) {
				return true
			}
			if touches(info, s, v) {
				return false // read again, or assigned: what it holds is not known
			}
		}
	}
	return false
}

// checkedWrite reports whether list[j] writes v and stops the path when the write
// failed: if err := W; err != nil { return … }, or err := W (err = W) followed by
// if err != nil { return … }.
func checkedWrite(info *types.Info, list []ast.Stmt, j int, v *types.Var, lit func(*types.Var) *ast.FuncLit) bool {
	switch s := list[j].(type) {
	case *ast.IfStmt:
		return writeOf(info, s.Init, v, lit) != nil && errIs(s.Cond, token.NEQ) && syntax.Leaves(s.Body.List)
	case *ast.AssignStmt:
		if writeOf(info, s, v, lit) == nil || j+1 >= len(list) {
			return false
		}
		next, ok := list[j+1].(*ast.IfStmt)
		return ok && next.Init == nil && errIs(next.Cond, token.NEQ) && syntax.Leaves(next.Body.List)
	}
	return false
}

// writeOf is the write of v that st, an assignment of its error (err := W, err = W),
// makes, or nil; W may be a call of a function variable whose literal (lit, nil for
// none) refreshes v.
func writeOf(info *types.Info, st ast.Stmt, v *types.Var, lit func(*types.Var) *ast.FuncLit) *ast.CallExpr {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && lit != nil {
		if fv, ok := info.Uses[id].(*types.Var); ok {
			if l := lit(fv); l != nil && litRefreshes(info, l, v) {
				return call
			}
		}
	}
	if len(call.Args) < 2 || syntax.Root(info, call.Args[1]) != v {
		return nil
	}
	fn := kubetypes.Callee(info, call)
	switch {
	case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Writer", "Update"),
		kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Writer", "Patch"),
		kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Writer", "Create"),
		kubetypes.IsStatusWrite(info, call) && fn.Name() != "Apply":
		return call
	}
	return nil
}

// errIs reports whether cond is err op nil (err != nil, err == nil), err any name.
func errIs(cond ast.Expr, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	isNil := func(e ast.Expr) bool { id, ok := ast.Unparen(e).(*ast.Ident); return ok && id.Name == "nil" }
	_, x := ast.Unparen(b.X).(*ast.Ident)
	return x && isNil(b.Y)
}

// touches reports whether st, function literals included, assigns v or hands it to a
// call as a pointer or value that may fill it (a Get, a List, a decode), other than
// reading it.
func touches(info *types.Info, st ast.Stmt, v *types.Var) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		case *ast.CallExpr:
			fn := kubetypes.Callee(info, x)
			if kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "Get") || kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "List") {
				for _, a := range x.Args {
					if syntax.Root(info, a) == v {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// litRefreshes reports whether lit, called, has refreshed v whenever it returns nil: a
// statement of its body makes a checked write of v, no return comes before it, and
// nothing after it reads v from the cache or assigns it.
func litRefreshes(info *types.Info, lit *ast.FuncLit, v *types.Var) bool {
	list := lit.Body.List
	for j := range list {
		if !checkedWrite(info, list, j, v, nil) {
			continue
		}
		for _, s := range list[:j] {
			if returns(s) {
				return false
			}
		}
		for _, s := range list[j+1:] {
			if touches(info, s, v) {
				return false
			}
		}
		return true
	}
	return false
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
