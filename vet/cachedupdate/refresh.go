package cachedupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/entry"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// refreshed reports whether the object v that the call on top of stack updates holds
// the API server's answer to an earlier write rather than the cached copy: on every
// path to the call, a write of v that decodes the server's answer into it (Update,
// Patch or Create through a client.Writer, Update or Patch of its status) succeeded —
// its error checked with a return, or the call inside the branch where the error is
// nil — or was made with its answer not looked at (uncheckedWrite), and nothing read
// v from the cache or assigned it since. Its resourceVersion is
// then the one the server has just written (r.Update(ctx, obj), then
// r.Status().Update(ctx, obj)), not the cache's. The write may be made by a function
// literal held in a variable of the enclosing function and called there
// (saveStatus := func() error { …; if err := r.Status().Patch(ctx, obj, …); err !=
// nil { return err }; … }; … if err := saveStatus(); err != nil { return err }), when
// nothing in the literal returns before that checked write. The write may as well be
// a call of a function that refreshes the object handed to it (see Refreshes).
func (rf *refresher) refreshed(body *ast.BlockStmt, stack []ast.Node, v *types.Var) bool {
	return rf.refreshedAt(body, stack, v, 0)
}

// refreshedAt is refreshed, depth calls up from the write: a path that reaches the
// top of a function with nothing done to v goes on in the function's callers
// (callersRefreshed).
func (rf *refresher) refreshedAt(body *ast.BlockStmt, stack []ast.Node, v *types.Var, depth int) bool {
	if v == nil {
		return false
	}
	pass := rf.pass
	info := pass.TypesInfo
	// lit is the literal a function variable of body holds, assigned once.
	lit := func(fv *types.Var) *ast.FuncLit {
		l, _ := ast.Unparen(syntax.ValueOf(pass, body, fv)).(*ast.FuncLit)
		return l
	}
	for i := len(stack) - 2; i >= 0; i-- {
		child := stack[i+1]
		switch p := stack[i].(type) {
		case *ast.FuncLit:
			return false
		case *ast.FuncDecl:
			return rf.callersRefreshed(p, v, depth)
		case *ast.IfStmt:
			// if err := r.Update(ctx, obj); err == nil { r.Status().Update(ctx, obj) }
			if child == p.Body && rf.writeOf(p.Init, v, lit) != nil && syntax.ErrIs(p.Cond, token.EQL) {
				return true
			}
			// if err := r.Create(ctx, obj); err != nil { … } else { …; r.Status().Update(ctx,
			// obj) }: the else runs when the error was nil.
			if child == p.Else && rf.writeOf(p.Init, v, lit) != nil && syntax.ErrIs(p.Cond, token.NEQ) {
				return true
			}
			// if err := r.Get(ctx, key, obj); err == nil { …; here }: the statement that
			// opens the if ran before either branch, and read v from the cache again.
			if child != p.Init && (p.Init != nil && touches(info, p.Init, v) || touches(info, &ast.ExprStmt{X: p.Cond}, v)) {
				return false
			}
			continue
		case *ast.SwitchStmt:
			if child == p.Body && p.Init != nil && touches(info, p.Init, v) {
				return false
			}
			continue
		case *ast.TypeSwitchStmt:
			if child == p.Body && p.Init != nil && touches(info, p.Init, v) {
				return false
			}
			continue
		}
		list := syntax.Stmts(stack[i]) // nil past any other node: nothing to look at
		at := -1
		for j, s := range list {
			if s == child {
				at = j
			}
		}
		for j := at - 1; j >= 0; j-- {
			s := list[j]
			if j == at-1 && rf.inFailure(stack, i+1, s) {
				// err = W; if err != nil { …; here }: W failed, and decoded nothing
				// into v; what v held before it, it holds still.
				continue
			}
			if rf.checkedWrite(list, j, v, lit) || rf.uncheckedWrite(list, j, v, lit) || rf.everyBranchWrites(s, v, lit) || rf.resultGuardedWrite(list, j, at, stack, i+1, v, depth) {
				return true
			}
			if rf.sameGuardWrote(list, j, at, stack, i+1, v, lit) {
				return true
			}
			if touches(info, s, v) {
				return false // read again, or assigned: what it holds is not known
			}
		}
	}
	// The stack began at the function's body: the path reached its top.
	if len(stack) > 0 && stack[0] == body {
		if fd := rf.bodies[body]; fd != nil {
			return rf.callersRefreshed(fd, v, depth)
		}
	}
	return false
}

// callersRefreshed reports whether v, the receiver or a parameter of fd, holds the
// server's answer to an earlier write whenever fd runs: fd is a function or method
// of the package that no other package can call (its name unexported, and no
// interface of the package has a method of that name to call it through), every use
// of it is a call, and at each call the object handed as v (the receiver the method
// is called on, or the argument) is refreshed there, followed up to three calls up
// (func (r *R) process() { …; if err := r.Status().Update(ctx, r.obj); err != nil {
// return err }; return r.monitor() }, monitor then updating r.obj again: the
// object a reconciler keeps in a field of its own, or hands on, written on the way
// in).
func (rf *refresher) callersRefreshed(fd *ast.FuncDecl, v *types.Var, depth int) bool {
	if depth >= 3 {
		return false
	}
	info := rf.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil || fn.Exported() || rf.interfaceMethod(fd.Name.Name) {
		return false
	}
	recv := syntax.IsReceiver(info, fd, v)
	param := syntax.ParamIndex(info, fd, v)
	if !recv && param < 0 {
		return false
	}
	sites, ok := rf.calls.Sites(fn)
	if !ok {
		return false
	}
	for _, site := range sites {
		call := site[len(site)-1].(*ast.CallExpr)
		var arg ast.Expr
		switch {
		case recv:
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return false
			}
			arg = sel.X
		case param < len(call.Args) && !call.Ellipsis.IsValid():
			arg = call.Args[param]
		default:
			return false
		}
		body, at := siteBody(site)
		if body == nil || !rf.refreshedAt(body, site[at:], objectRoot(info, arg), depth+1) {
			return false
		}
	}
	return true
}

// siteBody is the body of the function declaration a call site's stack (from the
// file down) is in, and the stack's index of that body; nil when the call is at
// package level.
func siteBody(site []ast.Node) (*ast.BlockStmt, int) {
	for i, n := range site {
		if fd, ok := n.(*ast.FuncDecl); ok && i+1 < len(site) && site[i+1] == fd.Body {
			return fd.Body, i + 1
		}
	}
	return nil, 0
}

// interfaceMethod reports whether an interface type declared in the package has a
// method of that name: a method of that name may be called through it.
func (rf *refresher) interfaceMethod(name string) bool {
	if rf.ifaceMethods == nil {
		rf.ifaceMethods = map[string]bool{}
		rf.insp.Preorder([]ast.Node{(*ast.InterfaceType)(nil)}, func(n ast.Node) {
			for _, m := range n.(*ast.InterfaceType).Methods.List {
				for _, id := range m.Names {
					rf.ifaceMethods[id.Name] = true
				}
			}
		})
	}
	return rf.ifaceMethods[name]
}

// everyBranchWrites reports whether st is an if with a final else (a chain of else
// ifs) each branch of which either leaves or writes v, checked or not, in a
// statement of its own that nothing after it in the branch follows by reading v
// again or assigning it (if healthy { r.setPhase(ctx, obj, Ready) } else {
// r.setPhase(ctx, obj, Deploying) }): past it, v holds what the server answered.
func (rf *refresher) everyBranchWrites(st ast.Stmt, v *types.Var, lit func(*types.Var) *ast.FuncLit) bool {
	is, ok := st.(*ast.IfStmt)
	if !ok || is.Else == nil || is.Init != nil && touches(rf.pass.TypesInfo, is.Init, v) {
		return false
	}
	branch := func(list []ast.Stmt) bool {
		if syntax.Leaves(list) {
			return true
		}
		for j := len(list) - 1; j >= 0; j-- {
			if rf.checkedWrite(list, j, v, lit) || rf.uncheckedWrite(list, j, v, lit) {
				return true
			}
			if touches(rf.pass.TypesInfo, list[j], v) {
				return false
			}
		}
		return false
	}
	for {
		if !branch(is.Body.List) {
			return false
		}
		switch e := is.Else.(type) {
		case *ast.BlockStmt:
			return branch(e.List)
		case *ast.IfStmt:
			if e.Else == nil || e.Init != nil && touches(rf.pass.TypesInfo, e.Init, v) {
				return false
			}
			is = e
		default:
			return false
		}
	}
}

// inFailure reports whether stack[at] is an if on err != nil whose body holds the
// call on top of the stack, err being what st, the statement before it, assigns
// (kubetypes.ErrorChecked).
func (rf *refresher) inFailure(stack []ast.Node, at int, st ast.Stmt) bool {
	is, ok := stack[at].(*ast.IfStmt)
	if !ok || at+1 >= len(stack) || stack[at+1] != is.Body || is.Init != nil {
		return false
	}
	return kubetypes.ErrorChecked(rf.pass.TypesInfo, []ast.Stmt{st}, is) != nil
}

// checkedWrite reports whether list[j] writes v and stops the path when the write
// failed: if err := W; err != nil { return … }, or err := W (err = W) followed by
// if err != nil { return … }. The test may leave on more than the failure (if
// result, err := W; err != nil || result.RequeueAfter > 0 { return result, err }):
// the path past it found the error nil.
func (rf *refresher) checkedWrite(list []ast.Stmt, j int, v *types.Var, lit func(*types.Var) *ast.FuncLit) bool {
	switch s := list[j].(type) {
	case *ast.IfStmt:
		return rf.writeOf(s.Init, v, lit) != nil && failsOn(s.Cond) && syntax.Leaves(s.Body.List)
	case *ast.AssignStmt:
		if rf.writeOf(s, v, lit) == nil || j+1 >= len(list) {
			return false
		}
		next, ok := list[j+1].(*ast.IfStmt)
		return ok && next.Init == nil && failsOn(next.Cond) && syntax.Leaves(next.Body.List)
	}
	return false
}

// uncheckedWrite reports whether list[j] writes v and goes on whatever the write
// answered: the write as a statement (r.Status().Update(ctx, obj)), its result
// thrown away (_ = r.Update(ctx, obj)), its error looked at only by a branch that
// goes on and leaves the object alone (if err := r.Update(ctx, obj); err != nil {
// log.Error(err, …) }, or err := W followed by such an if), or a call of a function of the package without an
// error result that writes v on every path (func (r *R) updateStatus(ctx, obj *Kind,
// …) { …; r.Status().Update(ctx, obj) }). When it succeeded it decoded the server's
// answer into v; when it failed, it was itself a write of what v held before, and
// the finding belongs to it (or to the write that gave v that version), not to each
// write after it that sends the same version again.
func (rf *refresher) uncheckedWrite(list []ast.Stmt, j int, v *types.Var, lit func(*types.Var) *ast.FuncLit) bool {
	var e ast.Expr
	switch s := list[j].(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.IfStmt:
		// if err := W; err != nil { log }: the path goes on past a failed write.
		if s.Else != nil || !syntax.ErrIs(s.Cond, token.NEQ) || !goesOn(s.Body) || touches(rf.pass.TypesInfo, s.Body, v) {
			return false
		}
		return rf.writeOf(s.Init, v, lit) != nil
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 {
			return false
		}
		blank := true
		for _, l := range s.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); !ok || id.Name != "_" {
				blank = false
			}
		}
		if !blank {
			// err := W; if err != nil { log }: the error looked at and let go.
			if len(s.Lhs) != 1 || j+1 >= len(list) {
				return false
			}
			next, ok := list[j+1].(*ast.IfStmt)
			if !ok || next.Init != nil || next.Else != nil || !syntax.ErrIs(next.Cond, token.NEQ) || !goesOn(next.Body) || touches(rf.pass.TypesInfo, next.Body, v) {
				return false
			}
			info := rf.pass.TypesInfo
			l, _ := ast.Unparen(s.Lhs[0]).(*ast.Ident)
			c, _ := ast.Unparen(next.Cond.(*ast.BinaryExpr).X).(*ast.Ident)
			if l == nil || c == nil || info.ObjectOf(l) == nil || info.ObjectOf(l) != info.ObjectOf(c) {
				return false
			}
		}
		e = s.Rhs[0]
	default:
		return false
	}
	return rf.write(e, v, lit) != nil
}

// goesOn reports whether a branch's body lets the path go on past it: nothing in
// it, function literals aside, returns, panics or jumps (break, continue, goto).
// The caller checks as well that the branch does not read the object again.
func goesOn(body *ast.BlockStmt) bool {
	if leavesEarly(body) {
		return false
	}
	jumps := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			jumps = true
		}
		return !jumps
	})
	return !jumps
}

// writeOf is the write of v that st, an assignment of its error (err := W, err = W,
// or result, err := W of a function that refreshes v and answers more), makes, or
// nil.
func (rf *refresher) writeOf(st ast.Stmt, v *types.Var, lit func(*types.Var) *ast.FuncLit) *ast.CallExpr {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	return rf.write(as.Rhs[0], v, lit)
}

// write is e when it is a write of v whose error it returns, or nil: an Update,
// Patch or Create, or a status Update or Patch, of v; a call of a function variable
// whose literal (lit, nil for none) refreshes v; a call of client-go's retry package
// whose literal refreshes v; or a call of a function that refreshes the argument v is
// handed as.
func (rf *refresher) write(e ast.Expr, v *types.Var, lit func(*types.Var) *ast.FuncLit) *ast.CallExpr {
	info := rf.pass.TypesInfo
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && lit != nil {
		if fv, ok := info.Uses[id].(*types.Var); ok {
			if l := lit(fv); l != nil && rf.bodyRefreshes(l.Body.List, v) {
				return call
			}
		}
	}
	if fn := kubetypes.Callee(info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == kubetypes.RetryPkg {
		// retry.RetryOnConflict(b, func() error { Get(obj); …; return Update(obj) }):
		// it returns nil only after an attempt's write of v succeeded.
		for _, a := range call.Args {
			if l, ok := ast.Unparen(a).(*ast.FuncLit); ok && rf.bodyRefreshes(l.Body.List, v) {
				return call
			}
		}
	}
	if fn := kubetypes.Callee(info, call); fn != nil {
		for _, j := range rf.params(fn) {
			if j < len(call.Args) && syntax.Root(info, call.Args[j]) == v {
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

// failsOn reports whether cond is err != nil, alone or as one of tests joined by ||:
// false, it found the error nil.
func failsOn(cond ast.Expr) bool {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return failsOn(b.X) || failsOn(b.Y)
	}
	return syntax.ErrIs(cond, token.NEQ)
}

// touches reports whether st, function literals included, assigns v or an object a
// field of it holds, or hands it to a call as a pointer or value that may fill it (a
// Get, a List, a decode), other than reading it.
func touches(info *types.Info, st ast.Stmt, v *types.Var) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
				// r.obj = …: the object a field of v holds is replaced (an
				// assignment to a field of the object, r.obj.Status.Phase, is not).
				if _, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && syntax.Root(info, l) == v && kubetypes.IsAPIObject(info.TypeOf(l)) {
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

// bodyRefreshes reports whether a function body (list), called, has refreshed v
// whenever it returns nil: a statement of list makes a checked write of v, or is the
// last and returns the write's error (return r.Status().Update(ctx, obj), or err =
// r.Update(ctx, obj); return err); nothing
// before it returns but for a failure (if err := r.Get(…); err != nil { return err }),
// and nothing after it reads v from the cache or assigns it.
func (rf *refresher) bodyRefreshes(list []ast.Stmt, v *types.Var) bool {
	return rf.bodyWrites(list, v, rf.returnsOther, func(j int) bool {
		return rf.checkedWrite(list, j, v, nil) || j == len(list)-1 && rf.returnsWrite(list[j], v) || rf.returnsWriteVia(list, j, v)
	}) || rf.nilOnlyAfterWrite(list, v) || rf.everyReturnRefreshes(list, v)
}

// everyReturnRefreshes reports whether every return of a function body (list), function
// literals aside, either fails (returns a non-nil error: failure) or refreshes v
// (refreshingReturn), and at least one refreshes: a validator whose every outcome is
// written by a handler (if err != nil { return ctrl.Result{}, err }; if bad { return
// v.handleInvalid(ctx, obj) }; if res, err := v.check(ctx, obj); err != nil ||
// res.RequeueAfter > 0 { return res, err }; return v.handleValid(ctx, obj)).
func (rf *refresher) everyReturnRefreshes(list []ast.Stmt, v *types.Var) bool {
	refreshing := 0
	ok := eachReturn(list, func(ret *ast.ReturnStmt, stack []ast.Node) bool {
		if rf.refreshingReturn(ret, stack, v) {
			refreshing++
			return true
		}
		return failure(rf.pass, ret, append(slices.Clip(stack), ret))
	})
	return ok && refreshing > 0
}

// eachReturn reports whether f holds for every return statement of a function body
// (list), function literals aside, stopping at the first that fails; f is handed the
// return's ancestors, from list's block down to its parent.
func eachReturn(list []ast.Stmt, f func(ret *ast.ReturnStmt, stack []ast.Node) bool) bool {
	ok := true
	ast.PreorderStack(&ast.BlockStmt{List: list}, nil, func(n ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			ok = f(x, stack)
			return false
		}
		return true
	})
	return ok
}

// openingIf is the if whose body ret, with its ancestors on stack, opens as its first
// statement; nil when it is none.
func openingIf(ret *ast.ReturnStmt, stack []ast.Node) *ast.IfStmt {
	if len(stack) < 2 {
		return nil
	}
	body, ok := stack[len(stack)-1].(*ast.BlockStmt)
	is, ok2 := stack[len(stack)-2].(*ast.IfStmt)
	if !ok || !ok2 || is.Body != body || len(body.List) == 0 || body.List[0] != ret {
		return nil
	}
	return is
}

// refreshingReturn reports whether ret, with its ancestors on stack, returns what a
// write of v answered: its last result is the write (return ctrl.Result{},
// r.Status().Update(ctx, obj)), or it returns one call of a function that refreshes v
// (return v.handleMissing(ctx, obj)), or it is the first statement of an if whose
// init assigns the error it returns from such a write (if res, err := v.check(ctx,
// obj); err != nil || res.Requeue { return res, err }): that error is nil only when
// the write succeeded.
func (rf *refresher) refreshingReturn(ret *ast.ReturnStmt, stack []ast.Node, v *types.Var) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if rf.write(last, v, nil) != nil {
		return true
	}
	id, ok := ast.Unparen(last).(*ast.Ident)
	is := openingIf(ret, stack)
	if !ok || is == nil || rf.writeOf(is.Init, v, nil) == nil {
		return false
	}
	as := is.Init.(*ast.AssignStmt)
	l, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	info := rf.pass.TypesInfo
	return ok && info.ObjectOf(l) != nil && info.ObjectOf(l) == info.ObjectOf(id)
}

// nilOnlyAfterWrite reports whether a function body whose only result is an error
// (list) returns nil only right after a write of v succeeded, and a failure at every
// other return: a retry written by hand (for attempt := 0; attempt < 3; attempt++ {
// r.Get(ctx, key, obj); …; err = r.Status().Update(ctx, obj); if err == nil { return
// nil }; if IsConflict(err) { continue }; return fmt.Errorf(…, err) }; return
// fmt.Errorf(…)). Each return nil is the first statement of an if on err == nil, err
// assigned a write of v by the if's init or by the statement just before the if; every
// other return gives a call of fmt.Errorf or errors.New, a write of v
// (whose error it is), or an error variable inside an if on it being not nil. At
// least one return nil; nothing returns from a function literal's body is counted.
func (rf *refresher) nilOnlyAfterWrite(list []ast.Stmt, v *types.Var) bool {
	info := rf.pass.TypesInfo
	nils := 0
	ok := eachReturn(list, func(ret *ast.ReturnStmt, stack []ast.Node) bool {
		if len(ret.Results) != 1 {
			return false
		}
		r := ast.Unparen(ret.Results[0])
		if id, isId := r.(*ast.Ident); isId && id.Name == "nil" && info.Types[r].IsNil() {
			nils++
			return rf.rightAfterWrite(ret, stack, v)
		}
		return failure(rf.pass, ret, append(slices.Clip(stack), ret)) || rf.write(r, v, nil) != nil
	})
	return ok && nils > 0
}

// rightAfterWrite reports whether ret, with its ancestors on stack, is the first
// statement of an if on err == nil whose err the if's init, or the statement before
// the if, assigns a write of v.
func (rf *refresher) rightAfterWrite(ret *ast.ReturnStmt, stack []ast.Node, v *types.Var) bool {
	is := openingIf(ret, stack)
	if is == nil || len(stack) < 3 || !syntax.ErrIs(is.Cond, token.EQL) {
		return false
	}
	if is.Init != nil {
		return rf.writeOf(is.Init, v, nil) != nil
	}
	outer, ok := stack[len(stack)-3].(*ast.BlockStmt)
	if !ok {
		return false
	}
	i := slices.Index(outer.List, ast.Stmt(is))
	return i > 0 && rf.writeOf(outer.List[i-1], v, nil) != nil
}

// bodyAlwaysWrites reports whether a function body without results (list) writes v on
// every path: a top-level statement of list is a write of v whatever it answers
// (uncheckedWrite), nothing before it may return or panic, and nothing after it reads
// v from the cache or assigns it.
func (rf *refresher) bodyAlwaysWrites(list []ast.Stmt, v *types.Var) bool {
	return rf.bodyWrites(list, v, leavesEarly, func(j int) bool { return rf.uncheckedWrite(list, j, v, nil) })
}

// bodyWrites reports whether the first statement j of list for which writes(j) holds
// runs on every path (no statement before it leaves, as leaves judges) and nothing
// after it reads v from the cache or assigns it.
func (rf *refresher) bodyWrites(list []ast.Stmt, v *types.Var, leaves func(ast.Stmt) bool, writes func(j int) bool) bool {
	for j := range list {
		if !writes(j) {
			continue
		}
		for _, s := range list[:j] {
			if leaves(s) {
				return false
			}
		}
		for _, s := range list[j+1:] {
			if touches(rf.pass.TypesInfo, s, v) {
				return false
			}
		}
		return true
	}
	return false
}

// leavesEarly reports whether st holds a return, outside function literals, or a call
// of panic.
func leavesEarly(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "panic" {
				found = true
			}
		}
		return !found
	})
	return found
}

// returnsWrite reports whether st is return W, W a write of v whose error is the only
// result.
func (rf *refresher) returnsWrite(st ast.Stmt, v *types.Var) bool {
	ret, ok := st.(*ast.ReturnStmt)
	return ok && len(ret.Results) == 1 && rf.write(ret.Results[0], v, nil) != nil
}

// returnsWriteVia reports whether list[j] is err = W (or err := W), W a write of v,
// and the last statement of list is return err: the write's error returned through a
// variable. The statements between may look at the error and go on (if err != nil {
// recorder.Event(obj, …) }): none of them returns, panics or jumps out, gives err
// another value, or reads v again.
func (rf *refresher) returnsWriteVia(list []ast.Stmt, j int, v *types.Var) bool {
	if j >= len(list)-1 {
		return false
	}
	as, ok := list[j].(*ast.AssignStmt)
	ret, ok2 := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || !ok2 || len(as.Lhs) != 1 || len(as.Rhs) != 1 || len(ret.Results) != 1 || rf.write(as.Rhs[0], v, nil) == nil {
		return false
	}
	info := rf.pass.TypesInfo
	l, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	r, ok2 := ast.Unparen(ret.Results[0]).(*ast.Ident)
	if !ok || !ok2 || info.ObjectOf(l) == nil || info.ObjectOf(l) != info.ObjectOf(r) {
		return false
	}
	errVar, _ := info.ObjectOf(l).(*types.Var)
	for _, st := range list[j+1 : len(list)-1] {
		if errVar == nil || leavesEarly(st) || skipsRest(st) || syntax.ChangesVars(info, st, []types.Object{errVar}) || touches(info, st, v) {
			return false
		}
	}
	return true
}

// Refreshes is the fact of a function that, whenever it returns a nil error, has
// written an object handed to it and decoded the API server's answer into it (func (r
// *R) saveStatus(ctx, obj *Kind) error { …; return r.Status().Update(ctx, obj) }): a
// caller that checks that error holds the resourceVersion the server has just
// returned, not the cache's, as after a checked write of its own. A function without
// results has it when it writes the object on every path (func (r *R) setPhase(ctx,
// obj *Kind, p string) { …; r.Status().Update(ctx, obj) }).
type Refreshes struct {
	// Params are the parameters, by index, the function refreshes.
	Params []int
}

// AFact marks Refreshes as an analysis fact.
func (*Refreshes) AFact() {}

func (r *Refreshes) String() string { return fmt.Sprintf("refreshes %v", r.Params) }

// refresher judges whether writes refresh an object, across the functions of the
// package being analyzed and, through Refreshes, of the packages it imports.
type refresher struct {
	pass   *analysis.Pass
	insp   *inspector.Inspector
	decls  map[*types.Func]*ast.FuncDecl
	bodies map[*ast.BlockStmt]*ast.FuncDecl
	memo   map[*types.Func][]int
	busy   map[*types.Func]bool
	// calls are the package's calls of its own functions (callersRefreshed).
	calls *entry.Calls
	// ifaceMethods are the names of the methods the package's interfaces declare;
	// nil until needed.
	ifaceMethods map[string]bool
}

func newRefresher(pass *analysis.Pass, insp *inspector.Inspector) *refresher {
	rf := &refresher{pass: pass, insp: insp, decls: map[*types.Func]*ast.FuncDecl{}, bodies: map[*ast.BlockStmt]*ast.FuncDecl{}, memo: map[*types.Func][]int{}, busy: map[*types.Func]bool{}, calls: entry.NewCalls(pass, insp)}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				rf.bodies[fd.Body] = fd
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					rf.decls[fn] = fd
				}
			}
		}
	}
	return rf
}

// params are the parameters, by index, that fn refreshes: those of pointer to an API
// object or of an interface type, never assigned in its body, that the body
// refreshes (bodyRefreshes), fn's last result an error, or, fn without results,
// that the body writes on every path (bodyAlwaysWrites). A function of another package answers through its fact; a
// recursive call refreshes nothing.
func (rf *refresher) params(fn *types.Func) []int {
	fn = fn.Origin()
	if got, ok := rf.memo[fn]; ok {
		return got
	}
	fd := rf.decls[fn]
	if fd == nil {
		var fact Refreshes
		if fn.Pkg() != rf.pass.Pkg && rf.pass.ImportObjectFact(fn, &fact) {
			return fact.Params
		}
		return nil
	}
	if rf.busy[fn] {
		return nil
	}
	rf.busy[fn] = true
	defer delete(rf.busy, fn)
	var got []int
	sig := fn.Signature()
	res := sig.Results()
	var refreshes func([]ast.Stmt, *types.Var) bool
	switch {
	case res.Len() == 0:
		// No error to check: it refreshes a parameter when it writes it on every path
		// (uncheckedWrite).
		refreshes = rf.bodyAlwaysWrites
	case syntax.IsError(res.At(res.Len() - 1).Type()):
		refreshes = rf.bodyRefreshes
	}
	for i := 0; refreshes != nil && i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		// A pointer to an object, or an interface (client.Object) that holds one: the
		// write decodes the answer into the caller's object.
		_, ptr := p.Type().Underlying().(*types.Pointer)
		if !(ptr && kubetypes.IsAPIObject(p.Type()) || types.IsInterface(p.Type())) || syntax.Assigned(rf.pass.TypesInfo, fd.Body, p) {
			continue
		}
		if refreshes(fd.Body.List, p) {
			got = append(got, i)
		}
	}
	rf.memo[fn] = got
	return got
}

// exportFacts records Refreshes for each function of the package that refreshes a
// parameter, for the packages that import it.
func (rf *refresher) exportFacts() {
	for fn := range rf.decls {
		if ps := rf.params(fn); len(ps) > 0 {
			rf.pass.ExportObjectFact(fn, &Refreshes{Params: ps})
		}
	}
}

// returnsOther reports whether st holds a return statement, outside function
// literals, that may return a nil error: any but one whose last result is an error
// variable inside the branch that found it non-nil (if err != nil { return err }), or
// a new error (newError: fmt.Errorf, errors.New, a call of a function with the Fails
// fact, …). client.IgnoreNotFound(err) may be nil.
func (rf *refresher) returnsOther(st ast.Stmt) bool {
	found := false
	var stack []ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch r := n.(type) {
		case *ast.FuncLit:
			stack = stack[:len(stack)-1]
			return false
		case *ast.ReturnStmt:
			if !failure(rf.pass, r, stack) {
				found = true
			}
		}
		return !found
	})
	return found
}

// failure reports whether ret, on top of stack, returns a non-nil error last: a new
// error (newError), or an error variable inside the branch that found it not nil.
func failure(pass *analysis.Pass, ret *ast.ReturnStmt, stack []ast.Node) bool {
	if len(ret.Results) == 0 {
		return false
	}
	return failsWith(pass, ret.Results[len(ret.Results)-1], stack)
}

// failsWith reports whether e, a result of the return on top of stack, is a non-nil
// error: a new error (newError), or an error variable inside the branch that found
// it not nil.
func failsWith(pass *analysis.Pass, e ast.Expr, stack []ast.Node) bool {
	info := pass.TypesInfo
	last := ast.Unparen(e)
	if newError(pass, last) {
		return true
	}
	if _, ok := last.(*ast.CallExpr); ok {
		return false
	}
	id, ok := last.(*ast.Ident)
	if !ok {
		return false
	}
	for i := len(stack) - 2; i >= 0; i-- {
		if ifs, ok := stack[i].(*ast.IfStmt); ok && stack[i+1] == ifs.Body && syntax.ErrIs(ifs.Cond, token.NEQ) {
			// ErrIs has matched the condition, parenthesized or not.
			if x, ok := ast.Unparen(ast.Unparen(ifs.Cond).(*ast.BinaryExpr).X).(*ast.Ident); ok && info.ObjectOf(x) == info.ObjectOf(id) {
				return true
			}
		}
	}
	return false
}

// sameGuardWrote reports whether list[j] is an if whose body wrote v, and list[at] an
// if on the same condition whose body holds the call on top of the stack (stack[k] is
// list[at]): if obj.DeletionTimestamp.IsZero() && hasFinalizer(obj) { …; if err :=
// r.Status().Update(ctx, obj); err != nil { return err }; … } … if
// obj.DeletionTimestamp.IsZero() && hasFinalizer(obj) { …; r.Status().Update(ctx, obj)
// }. The later body runs only when the earlier one did, and that one either left the
// function or went past its checked write. It holds when neither if has an init
// statement, the conditions are the same expression, nothing between the two (nor the
// earlier body after its write) assigns a variable the condition reads or a field of
// one (changesGuard), adds or removes a finalizer, or reads v again; and nothing in the earlier body
// before the write can skip the rest of it without leaving the function (a break,
// continue or goto outside a nested loop, switch or select of its own).
func (rf *refresher) sameGuardWrote(list []ast.Stmt, j, at int, stack []ast.Node, k int, v *types.Var, lit func(*types.Var) *ast.FuncLit) bool {
	info := rf.pass.TypesInfo
	first, ok := list[j].(*ast.IfStmt)
	if !ok || at < 0 || k+1 >= len(stack) {
		return false
	}
	later, ok := list[at].(*ast.IfStmt)
	if !ok || stack[k] != later || stack[k+1] != later.Body || first.Init != nil || later.Init != nil {
		return false
	}
	if types.ExprString(first.Cond) != types.ExprString(later.Cond) {
		return false
	}
	reads := map[*types.Var]bool{}
	ast.Inspect(first.Cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if w, ok := info.Uses[id].(*types.Var); ok && !w.IsField() {
				reads[w] = true
			}
		}
		return true
	})
	readsStatus := false
	ast.Inspect(first.Cond, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Status" {
			readsStatus = true
		}
		return !readsStatus
	})
	body := first.Body.List
	w := -1
	for m := range body {
		if rf.checkedWrite(body, m, v, lit) {
			w = m
			break
		}
		if skipsRest(body[m]) {
			return false
		}
	}
	if w < 0 {
		return false
	}
	between := append(append([]ast.Stmt{}, body[w+1:]...), list[j+1:at]...)
	for _, st := range between {
		if touches(info, st, v) || changesGuard(info, st, reads, readsStatus) {
			return false
		}
	}
	return true
}

// skipsRest reports whether st holds a break, continue or goto that can leave the
// statement list st is in without leaving the function: one outside a loop, switch
// or select nested in st, or one with a label.
func skipsRest(st ast.Stmt) bool {
	found := false
	var walk func(n ast.Node, nested bool)
	walk = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch x := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				if x.Tok == token.FALLTHROUGH {
					return false
				}
				if !nested || x.Label != nil || x.Tok == token.GOTO {
					found = true
				}
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					walk(m, true)
					return false
				}
			}
			return true
		})
	}
	walk(st, false)
	return found
}

// changesGuard reports whether st assigns a variable of reads, or a field reached
// from one (obj.Finalizers = nil), or adds or removes a finalizer through
// controllerutil, which may turn a condition on finalizers the other way. A field
// of a status (obj.Status.Phase = …) changes no condition that does not name a
// status (readsStatus false): what a pass computes into the status between two
// tests of the object's life (its deletion, its finalizers) leaves them as they were.
// A branch that ends by leaving the function (the finalizer removed, the object
// written, return) changes nothing the later if sees: a path through it never gets
// there.
func changesGuard(info *types.Info, st ast.Stmt, reads map[*types.Var]bool, readsStatus bool) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			return !syntax.Exits(x.List)
		case *ast.CaseClause:
			return !syntax.Exits(x.Body)
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if r := syntax.Root(info, l); r != nil && reads[r] && !(inStatus(l) && !readsStatus) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if r := syntax.Root(info, x.X); r != nil && reads[r] && !(inStatus(x.X) && !readsStatus) {
				found = true
			}
		case *ast.CallExpr:
			fn := kubetypes.Callee(info, x)
			if kubetypes.IsFunc(fn, controllerutilPkg, "AddFinalizer") || kubetypes.IsFunc(fn, controllerutilPkg, "RemoveFinalizer") {
				found = true
			}
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetFinalizers" {
				if r := syntax.Root(info, sel.X); r != nil && reads[r] {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// inStatus reports whether e is reached through a field named Status
// (obj.Status.Targets[name].Phase).
func inStatus(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == "Status" {
				return true
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}
