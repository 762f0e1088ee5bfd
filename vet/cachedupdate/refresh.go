package cachedupdate

import (
	"go/ast"
	"go/token"
	"go/types"

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
// r.Status().Update(ctx, obj)), not the cache's.
func refreshed(info *types.Info, stack []ast.Node, v *types.Var) bool {
	if v == nil {
		return false
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
			if child == p.Body && writeOf(info, p.Init, v) != nil && errIs(p.Cond, token.EQL) {
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
			if checkedWrite(info, list, j, v) {
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
func checkedWrite(info *types.Info, list []ast.Stmt, j int, v *types.Var) bool {
	switch s := list[j].(type) {
	case *ast.IfStmt:
		return writeOf(info, s.Init, v) != nil && errIs(s.Cond, token.NEQ) && syntax.Leaves(s.Body.List)
	case *ast.AssignStmt:
		if writeOf(info, s, v) == nil || j+1 >= len(list) {
			return false
		}
		next, ok := list[j+1].(*ast.IfStmt)
		return ok && next.Init == nil && errIs(next.Cond, token.NEQ) && syntax.Leaves(next.Body.List)
	}
	return false
}

// writeOf is the write of v that st, an assignment of its error (err := W, err = W),
// makes, or nil.
func writeOf(info *types.Info, st ast.Stmt, v *types.Var) *ast.CallExpr {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || syntax.Root(info, call.Args[1]) != v {
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
