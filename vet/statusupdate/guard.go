package statusupdate

import (
	"encoding/json"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/consult"
	"github.com/opgen-dev/opgen/vet/internal/diff"
	"github.com/opgen-dev/opgen/vet/internal/entry"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/switches"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
	"github.com/opgen-dev/opgen/vet/internal/validation"
)

// maxDepth bounds how many calls up a guard is looked for: a reconciler's early exit
// on a final state reaches, through a phase handler, a step and a check, the helper
// that moves the object into that state (five calls up from the helper's write).
const maxDepth = 5

// guards answers whether a node is guarded, following package-local callers.
type guards struct {
	// defs are the variables assigned once from a call; nil until needed.
	defs map[*types.Var]definition
	pass *analysis.Pass
	insp *inspector.Inspector
	// consult judges whether a condition on a path reads the stored status (rule 9).
	consult *consult.Result
	// calls holds, per package-level function, the stacks of its call sites; nil
	// until needed.
	calls map[*types.Func][][]ast.Node
	// uses counts every use of each such function, to tell calls from values.
	uses map[*types.Func]int
	// fill finds the package's fill functions (rule 3); nil until needed.
	fill *fillers
	// copyPatches are the package's functions that return a MergeFrom diff of a
	// deep copy, with the result's index (CopyPatch).
	copyPatches map[*types.Func]int
	// flags are the package's methods that read a bool status field of their
	// receiver, with the field (ReadsFlag).
	flags map[*types.Func]ReadsFlag
	// nilOnError are the package's functions that return nil in these pointer
	// results with an error (NilOnError).
	nilOnError map[*types.Func][]int
	// flagVars are the package's local change flags (changeFlags); nil until needed.
	flagVars map[*types.Var]bool
	// indexHeld are the package's field indexes that hold a status field constant,
	// by key (indexes); nil until needed.
	indexHeld map[string][]indexHeld
	// schema says which fields of the API types the CRD's schema keeps non-empty.
	schema *validation.Result
	// parts are the parts of the written object's status that pointer parameters
	// stand for (partParam); nil until needed.
	parts map[partKey]string
}

// guarded reports whether the write (or the delegating call) on top of the stack is
// guarded (rules 1 to 4 and 7 to 11 of the package doc), obj being the object it writes
// (nil when not known).
func (g *guards) guarded(stack []ast.Node, obj ast.Expr, depth int) bool {
	return g.guardedFrom(stack, obj, nil, depth)
}

// guardedFrom is guarded with inherited, the portable assignments of the status that
// the functions called on the way to the write make before it.
func (g *guards) guardedFrom(stack []ast.Node, obj ast.Expr, inherited []assignment, depth int) bool {
	if g.locallyGuarded(stack, obj) || g.consulted(stack, obj) || g.pastChange(stack, obj, inherited, depth) {
		return true
	}
	var path []assignment
	if obj != nil {
		var changes bool
		if changes, path = g.changeGuarded(stack, obj, inherited); changes || g.valuesChange(stack, obj) {
			return true
		}
		// The object read again and given another variable's status whole (latest.Status
		// = obj.Status) sends that status: what the path did to it is the write's.
		if v := syntax.Root(g.pass.TypesInfo, obj); v != nil && text(obj) == v.Name() {
			if p := handedStatus(g.pass.TypesInfo, stack, v); p != nil {
				if changes, _ := g.changeGuarded(stack, ast.NewIdent(p.Name()), inherited); changes {
					return true
				}
			}
		}
	}
	// A fresh read in a conflict retry stands, for the callers, for the object it reads
	// again (r.instance, a parameter): their conditions are on that one.
	if x := g.rereadOf(stack, obj); x != nil {
		obj = x
	}
	if depth >= maxDepth {
		return false
	}
	decl, fn := g.enclosingDecl(stack)
	if fn == nil {
		return false
	}
	sites, ok := g.callSites(fn)
	if !ok {
		return false
	}
	reqs := switches.Requires(g.pass, stack, decl)
	param, whole := -1, false
	// recv is the method's receiver when the object is a field of it (s.instance in
	// func (s *state) updateStatus()): a caller's s.instance, through the receiver the
	// call names, is the object written.
	var recv *types.Var
	if obj != nil {
		if v := syntax.Root(g.pass.TypesInfo, obj); v != nil {
			whole = text(obj) == v.Name()
			param = syntax.ParamIndex(g.pass.TypesInfo, decl, v)
			if p := handedStatus(g.pass.TypesInfo, stack, v); param < 0 && whole && p != nil {
				param = syntax.ParamIndex(g.pass.TypesInfo, decl, p)
			}
			if param < 0 && !whole && syntax.IsReceiver(g.pass.TypesInfo, decl, v) {
				recv = v
			}
		}
	}
	for _, site := range sites {
		call := site[len(site)-1].(*ast.CallExpr)
		if g.off(call, site, reqs) {
			continue // the call turns the write off (rule 8)
		}
		var arg ast.Expr
		if param >= 0 && param < len(call.Args) && whole {
			arg = call.Args[param]
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && recv != nil {
			arg = substitute(g.pass.TypesInfo, obj, map[*types.Var]ast.Expr{recv: sel.X})
		}
		if !g.guardedFrom(site, arg, g.carried(path, site, arg), depth+1) {
			return false
		}
	}
	return true
}

// consulted applies rule 9 of the package doc: a condition on the way to the write,
// within the function, reads the stored status of the written object's kind (of any
// custom resource when the object is not known).
func (g *guards) consulted(stack []ast.Node, obj ast.Expr) bool {
	var kind types.Type
	if obj != nil {
		kind = g.pass.TypesInfo.TypeOf(obj)
	}
	inPlace := func(lit *ast.FuncLit, parent ast.Node) bool {
		return kubetypes.RunInPlace(g.pass.TypesInfo, lit, parent)
	}
	if gated {
		return g.consult.ConsultsHeld(stack, kind, holderOf(g.pass.TypesInfo, obj), inPlace)
	}
	return g.consult.Gated(stack, kind, holderOf(g.pass.TypesInfo, obj), inPlace)
}

// holderOf is x when the written object obj is x.M(), a method without arguments
// (an adapter's GetObject()), nil otherwise.
func holderOf(info *types.Info, obj ast.Expr) ast.Expr {
	if obj == nil {
		return nil
	}
	e := ast.Unparen(obj)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if fn, ok := info.Uses[sel.Sel].(*types.Func); !ok || fn.Signature().Recv() == nil {
		return nil
	}
	return sel.X
}

// handedStatus is the variable whose status the object v is written with: v, read
// again (latest := &Foo{}; Get(…, latest) in a conflict retry), is given another
// variable's status whole before the write on top of the stack (latest.Status =
// obj.Status), in a statement of the function or literal around the write. The write
// sends that variable's status, and its callers' guards of it are the write's. nil
// when there is no such assignment.
func handedStatus(info *types.Info, stack []ast.Node, v *types.Var) *types.Var {
	_, body := syntax.EnclosingFunc(stack)
	if body == nil {
		return nil
	}
	at := stack[len(stack)-1].Pos()
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Pos() >= at || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		if text(as.Lhs[0]) != v.Name()+".Status" || syntax.Root(info, as.Lhs[0]) != v {
			continue
		}
		if p := syntax.Root(info, as.Rhs[0]); p != nil && p != v && text(as.Rhs[0]) == p.Name()+".Status" {
			return p
		}
	}
	return nil
}

// enclosingDecl is the function declaration around stack, and its function; nil when
// the innermost function there is a literal, or none.
func (g *guards) enclosingDecl(stack []ast.Node) (*ast.FuncDecl, *types.Func) {
	decl, ok := g.enclosing(stack).(*ast.FuncDecl)
	if !ok {
		return nil, nil
	}
	fn, _ := g.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return decl, fn
}

// everyCallArg reports whether every use of fn is a call (there is one at least) and
// ok holds of each call's argument for the parameter i, with the call's stack; false
// when a call hands none.
func (g *guards) everyCallArg(fn *types.Func, i int, ok func(site []ast.Node, arg ast.Expr) bool) bool {
	sites, known := g.callSites(fn)
	if !known {
		return false
	}
	for _, site := range sites {
		call := site[len(site)-1].(*ast.CallExpr)
		if i >= len(call.Args) || !ok(site, call.Args[i]) {
			return false
		}
	}
	return true
}

// callSites are the stacks of fn's calls, when every use of fn in the package is a
// call of it (none is a value handed on, which could be called anywhere); ok is false
// otherwise, or when it has none.
func (g *guards) callSites(fn *types.Func) (sites [][]ast.Node, ok bool) {
	g.collectCalls()
	sites = g.calls[fn]
	return sites, len(sites) > 0 && len(sites) == g.uses[fn]
}

func (g *guards) collectCalls() {
	if g.calls != nil {
		return
	}
	info := g.pass.TypesInfo
	g.calls, g.uses = map[*types.Func][][]ast.Node{}, map[*types.Func]int{}
	for _, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == g.pass.Pkg {
			g.uses[fn]++
		}
	}
	// A function stored in a variable or a field (r.updateStatusHandler =
	// r.updateStatus, a seam for tests) is called wherever that variable is: those
	// calls stand for the stored value's use.
	aliases := map[*types.Var][]*types.Func{}
	store := func(lhs, rhs ast.Expr) {
		fn := syntax.FuncValue(info, rhs)
		v := varOf(info, lhs)
		if fn == nil || v == nil || fn.Pkg() != g.pass.Pkg {
			return
		}
		aliases[v] = append(aliases[v], fn)
		g.uses[fn]--
	}
	g.insp.Preorder([]ast.Node{(*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					store(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.KeyValueExpr:
			store(n.Key, n.Value)
		}
	})
	g.insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		fn := kubetypes.Callee(info, call)
		if fn != nil && fn.Pkg() == g.pass.Pkg {
			g.calls[fn] = append(g.calls[fn], slices.Clone(stack))
			// A call of a method of an interface of the package (a phase handler
			// behind an interface) is a call of each of the package's methods that
			// implement it.
			for _, impl := range g.implementations(fn) {
				g.calls[impl] = append(g.calls[impl], slices.Clone(stack))
				g.uses[impl]++
			}
		}
		if v := varOf(info, call.Fun); fn == nil && v != nil {
			for _, stored := range aliases[v] {
				g.calls[stored] = append(g.calls[stored], slices.Clone(stack))
				g.uses[stored]++
			}
		}
		return true
	})
}

// implementations are the methods of the package's concrete types that a call of fn
// may run, when fn is a method of an interface declared in the package that no other
// package can call (the interface or the method unexported): a handler per phase
// behind one interface (st.handleRunning(…), st a scanType of the package).
func (g *guards) implementations(fn *types.Func) []*types.Func {
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	named := kubetypes.Named(recv.Type())
	if named == nil || named.Obj().Pkg() != g.pass.Pkg || (named.Obj().Exported() && fn.Exported()) {
		return nil
	}
	iface, _ := named.Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	var out []*types.Func
	scope := g.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue // generic: which instance is not known
		}
		ptr := types.NewPointer(tn.Type())
		if !types.Implements(ptr, iface) {
			continue
		}
		sel := types.NewMethodSet(ptr).Lookup(g.pass.Pkg, fn.Name())
		if sel == nil {
			continue
		}
		if m, ok := sel.Obj().(*types.Func); ok && m.Pkg() == g.pass.Pkg {
			out = append(out, m)
		}
	}
	return out
}

// varOf is the variable or field e names (v, r.handler, a composite literal's key),
// nil otherwise.
func varOf(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(e).(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[e.Sel].(*types.Var)
		return v
	}
	return nil
}

// enclosing is the innermost function declaration or literal on the stack, a
// literal that retry or wait runs in place standing for the function around it.
func (g *guards) enclosing(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			return f
		case *ast.FuncLit:
			if i == 0 || !kubetypes.RunInPlace(g.pass.TypesInfo, f, stack[i-1]) {
				return f
			}
		}
	}
	return nil
}

// locallyGuarded applies rules 1, 2, 3 and 10 of the package doc, within the function,
// obj being the written object (nil when not known).
func (g *guards) locallyGuarded(stack []ast.Node, obj ast.Expr) bool {
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if i >= 2 && kubetypes.RunInPlace(g.pass.TypesInfo, p, stack[i-2]) {
				continue // retry.RetryOnConflict(…, func() error { … }): run here, guarded from here
			}
			return false
		case *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if (child == p.Body || child == p.Else) && (g.mentionsDiff(p.Init) || g.mentionsDiff(p.Cond)) && !g.whenSame(p, child == p.Body) {
				return true
			}
			if child == p.Body && g.fillsEmpty(p.Cond, stack[i:]) {
				return true
			}
			// if len(obj.Spec.Paths) == 0, paths required with MinItems=1: the API
			// server holds no such object, and nothing runs the branch.
			if child == p.Body && g.ruledOut(p.Cond) {
				return true
			}
			// if op != controllerutil.OperationResultNone: the pass created or changed
			// a child (rule 10).
			if done, ok := kubetypes.OperationDone(g.pass.TypesInfo, p.Cond); ok && ((child == p.Body && done) || (child == p.Else && !done)) {
				return true
			}
			// if op != nil past op, err := r.startDelete(…): the pass just started an
			// operation and records its handle (rule 10).
			if child == p.Body && kubetypes.StartedHandle(g.pass.TypesInfo, func(fn *types.Func) *ast.FuncDecl {
				return syntax.DeclOf(g.pass, fn)
			}, stack, i-1) {
				return true
			}
			// if err == nil past err = c.Create(…), or the else of err != nil: the Create
			// just succeeded (rule 10).
			if i >= 2 {
				if block, ok := stack[i-2].(*ast.BlockStmt); ok && kubetypes.CreateSucceeded(g.pass.TypesInfo, syntax.Before(block.List, p), p, child) {
					return true
				}
			}
		case *ast.SwitchStmt:
			if child == p.Body && (g.mentionsDiff(p.Init) || g.mentionsDiff(p.Tag)) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range p.List {
				if g.mentionsDiff(e) {
					return true
				}
			}
			// case controllerutil.OperationResultCreated: of a switch on op (rule 10).
			if sw, ok := stack[max(i-3, 0)].(*ast.SwitchStmt); ok && i >= 3 && sw.Tag != nil && len(p.List) > 0 && !slices.ContainsFunc(p.List, func(e ast.Expr) bool {
				done, ok := kubetypes.OperationDone(g.pass.TypesInfo, &ast.BinaryExpr{X: sw.Tag, Op: token.EQL, Y: e})
				return !ok || !done
			}) {
				return true
			}
			if g.earlyExitBefore(p.Body, child) || kubetypes.CheckedCreate(g.pass.TypesInfo, p.Body, child) {
				return true
			}
		case *ast.BlockStmt:
			// Past a checked Create the pass did something that happens once (rule 10).
			if g.earlyExitBefore(p.List, child) || kubetypes.CheckedCreate(g.pass.TypesInfo, p.List, child) {
				return true
			}
			// if apierrors.IsNotFound(err) { create the child; …; write } (rule 10).
			if kubetypes.CreatedWhenAbsent(g.pass.TypesInfo, stack, i-1, obj) {
				return true
			}
		}
	}
	return false
}

// earlyExitBefore reports whether a statement before child in list is an if (or a
// switch case) on a diff whose body leaves the block.
func (g *guards) earlyExitBefore(list []ast.Stmt, child ast.Node) bool {
	for k, s := range list {
		if s == child {
			return false
		}
		switch s := s.(type) {
		case *ast.IfStmt:
			if syntax.Leaves(s.Body.List) && s.Init == nil && g.comparesAssigned(s.Cond, list[k+1:], child) {
				return true
			}
			// if op == controllerutil.OperationResultNone { return }: past it the pass
			// created or changed a child (rule 10).
			if done, ok := kubetypes.OperationDone(g.pass.TypesInfo, s.Cond); ok && !done && syntax.Leaves(s.Body.List) {
				return true
			}
			// The if, or an else if of its chain (if err != nil { return } else if
			// !changed { return }): past the chain, a branch on a diff that leaves was
			// not taken when every branch before it leaves too.
			for is := s; is != nil && syntax.Leaves(is.Body.List); is, _ = is.Else.(*ast.IfStmt) {
				if g.mentionsDiff(is.Init) || g.mentionsDiff(is.Cond) {
					return true
				}
			}
		case *ast.SwitchStmt:
			for _, c := range s.Body.List {
				cc := c.(*ast.CaseClause)
				if syntax.Leaves(cc.Body) && slices.ContainsFunc(cc.List, func(e ast.Expr) bool { return g.mentionsDiff(e) }) {
					return true
				}
			}
		}
	}
	return false
}

// comparesAssigned reports whether cond compares with == (joined by &&) every status
// field that the statements after it, up to child, assign, and those statements
// assign nothing but status fields: if obj.Status.ObservedGeneration == obj.Generation
// && obj.Status.Matched == n { return }; obj.Status.ObservedGeneration = …;
// obj.Status.Matched = n; write. The early exit is then a diff of what is written.
func (g *guards) comparesAssigned(cond ast.Expr, rest []ast.Stmt, child ast.Node) bool {
	info := g.pass.TypesInfo
	compared := map[string]bool{}
	var terms func(e ast.Expr) bool
	terms = func(e ast.Expr) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch b.Op {
		case token.LAND:
			return terms(b.X) && terms(b.Y)
		case token.EQL:
			if f := statusField(info, b.X); f != "" {
				compared[f] = true
				return true
			}
			if f := statusField(info, b.Y); f != "" {
				compared[f] = true
				return true
			}
		}
		return false
	}
	if !terms(cond) {
		return false
	}
	assigned := 0
	for _, st := range rest {
		if st == child {
			break
		}
		a, ok := st.(*ast.AssignStmt)
		if !ok {
			return false
		}
		for _, l := range a.Lhs {
			f := statusField(info, l)
			if f == "" || !compared[f] {
				return false
			}
			assigned++
		}
	}
	return assigned > 0
}

// fillsEmpty reports whether cond tests a status field for emptiness
// (len(x.Status.Conditions) == 0 or <= 0 or < 1, x.Status.Phase == "",
// x.Status.StartTime == nil; tests joined by || each of which does so, or by && one
// of which does: f == nil || len(f) == 0)
// and the branch fills that field before the write on top of path, which starts at
// the branch's body (see fillsBefore: assigns it a value that is not the empty one,
// appends to it, hands its address to a call, meta.SetStatusCondition(
// &x.Status.Conditions, …), or calls a fill function on x): the branch runs once,
// and its write is the one that makes the field non-empty.
func (g *guards) fillsEmpty(cond ast.Expr, path []ast.Node) bool {
	info := g.pass.TypesInfo
	return syntax.FoundEmpty(info, cond, func(x ast.Expr) bool {
		field := statusField(info, x)
		root := syntax.Root(info, x)
		return field != "" && root != nil && g.fillsBefore(path, root, field)
	})
}

// statusField is F when e is x.Status.F of a custom resource x, or a conversion of
// it (int(x.Status.F)), "" otherwise.
func statusField(info *types.Info, e ast.Expr) string {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 && info.Types[call.Fun].IsType() {
		e = call.Args[0]
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	st, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok || st.Sel.Name != "Status" || !kubetypes.IsCustomResource(info.TypeOf(st.X)) {
		return ""
	}
	return sel.Sel.Name
}

// whenSame reports whether the branch of is that the path takes (then, or else) runs
// exactly when is's diff found nothing changed (if !needsUpdate { write }): no guard
// for a write in it (diff.BranchWhenSame).
func (g *guards) whenSame(is *ast.IfStmt, then bool) bool {
	// A change flag is true when something differs: if !updated { write } writes when
	// nothing did.
	return diff.BranchWhenSame(g.pass.TypesInfo, is.Cond, then, func(v *types.Var) *ast.CallExpr {
		if d := g.definitions()[v]; d.result == 0 {
			return d.call
		}
		return nil
	}, func(v *types.Var) bool { return g.changeFlags()[v] })
}

// mentionsDiff reports whether n holds a diff (see the package doc and
// diff.MentionsDiff).
func (g *guards) mentionsDiff(n ast.Node) bool {
	return diff.MentionsDiff(g.pass.TypesInfo, n) || callsReporter(g.pass, n) || g.nilCheckOfUnchanged(n) || g.holdsDiff(n)
}

// holdsDiff reports whether n, outside function literals, reads a bool variable
// assigned once from a call that is a diff (inconsistent := inconsistentStatus(old,
// new); if !inconsistent { return }), or a change flag (changeFlags).
func (g *guards) holdsDiff(n ast.Node) bool {
	if n == nil {
		return false
	}
	info := g.pass.TypesInfo
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok || !types.Identical(v.Type(), types.Typ[types.Bool]) {
				break
			}
			if d := g.definitions()[v]; d.call != nil && d.result == 0 && (diff.MentionsDiff(info, d.call) || callsReporter(g.pass, d.call)) {
				found = true
			}
			if g.changeFlags()[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// diffPatch reports whether call is a status Patch whose patch is a diff by
// construction (rule 5 of the package doc): client.MergeFrom, MergeFromWithOptions or
// StrategicMergeFrom of a base that is not the written object itself. Such a patch
// holds only what changed since the base was taken, so a reconcile that changes
// nothing sends {}, which the API server does not persist: no write, no event. The
// patch may be held in a variable every assignment of which is such a patch, or be a
// parameter every call of whose function passes one (followed up to three calls deep).
func (g *guards) diffPatch(call *ast.CallExpr, stack []ast.Node, depth int) bool {
	info := g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	switch {
	case fn == nil:
		return false
	case fn.Name() == "Apply":
		return true // the API server persists nothing when the applied fields hold what is stored
	case fn.Name() != "Patch" || len(call.Args) < 3:
		return false
	}
	return applyPatchValue(g.pass, call.Args[2]) || g.isDiffPatch(call.Args[2], call.Args[1], stack, depth)
}

// serverSideApply reports whether patch is a server-side apply: controller-runtime's
// client.Apply, or a raw patch of types.ApplyPatchType (or its YAML and CBOR forms).
// A repeated apply of the fields a manager already owns, with the values stored, is
// not persisted: no new resourceVersion, no watch event (proven in
// vet/internal/apiserverproof), as with a MergeFrom diff.
func serverSideApply(info *types.Info, patch ast.Expr) bool {
	patch = ast.Unparen(patch)
	if sel, ok := patch.(*ast.SelectorExpr); ok {
		if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == kubetypes.ClientPkg && v.Name() == "Apply" {
			return true
		}
	}
	call, ok := patch.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !kubetypes.IsFunc(kubetypes.Callee(info, call), kubetypes.ClientPkg, "RawPatch") {
		return false
	}
	if v := info.Types[call.Args[0]].Value; v != nil && v.Kind() == constant.String {
		return strings.HasPrefix(constant.StringVal(v), "application/apply-patch")
	}
	return false
}

// isDiffPatch reports whether patch, an argument given to write obj, is a MergeFrom
// diff (see diffPatch); stack is where it is used.
func (g *guards) isDiffPatch(patch, obj ast.Expr, stack []ast.Node, depth int) bool {
	info := g.pass.TypesInfo
	patch = ast.Unparen(patch)
	if id, ok := patch.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		if vals := syntax.ValuesOf(g.pass, syntax.DeclaringBody(stack, v), v); len(vals) > 0 {
			// Every value the variable takes must be a diff (one per case of a type
			// switch, say).
			for _, val := range vals {
				if !g.isDiffPatch(val, obj, stack, depth) {
					return false
				}
			}
			return true
		}
		return g.diffPatchParam(v, stack, depth)
	}
	mf, ok := patch.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(info, mf)
	if g.copyPatch(fn) {
		return true // a MergeFrom of a copy the function took: obj as it was then
	}
	if removesPath(g.pass, stack, mf) {
		return true // refused unless the path is there: never sent unchanged
	}
	if len(mf.Args) == 0 {
		return false
	}
	if !mergeFrom(fn) {
		return false
	}
	return obj == nil || !sameObject(info, g.pass, stack, mf.Args[0], obj)
}

// removesPath reports whether raw is client.RawPatch(types.JSONPatchType, data) with
// data a constant JSON patch (RFC 6902), converted to []byte in place or in a variable
// assigned once, one of whose operations is a remove. The API server refuses a
// remove whose path is absent (422), and a remove of a path that is there changes the
// object: such a patch changes what it writes or is not written at all.
func removesPath(pass *analysis.Pass, stack []ast.Node, raw *ast.CallExpr) bool {
	info := pass.TypesInfo
	data := rawPatchData(info, raw, "JSONPatchType", func(v *types.Var) ast.Expr { return syntax.ValueOf(pass, syntax.DeclaringBody(stack, v), v) })
	if data == nil {
		return false
	}
	tv := info.Types[data]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	var ops []jsonPatchOp
	if err := json.Unmarshal([]byte(constant.StringVal(tv.Value)), &ops); err != nil {
		return false
	}
	return slices.ContainsFunc(ops, func(o jsonPatchOp) bool { return o.Op == "remove" })
}

// jsonPatchOp is the part of a JSON patch operation removesPath reads.
type jsonPatchOp struct {
	Op string `json:"op"`
}

// mergeFrom reports whether fn makes a patch that diffs against a base:
// client.MergeFrom, MergeFromWithOptions or StrategicMergeFrom.
func mergeFrom(fn *types.Func) bool {
	return kubetypes.IsFunc(fn, kubetypes.ClientPkg, "MergeFrom") || kubetypes.IsFunc(fn, kubetypes.ClientPkg, "MergeFromWithOptions") ||
		kubetypes.IsFunc(fn, kubetypes.ClientPkg, "StrategicMergeFrom")
}

// copyPatch reports whether fn returns a MergeFrom diff of a deep copy it takes, as
// its one client.Patch result and its first: a function of this package, or one whose CopyPatch
// fact says so.
func (g *guards) copyPatch(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	// The patch must be the first result: a call's value, or what x, err := f()
	// gives x.
	if fn.Pkg() == g.pass.Pkg {
		i, ok := g.copyPatches[fn.Origin()]
		return ok && i == 0
	}
	var f CopyPatch
	return g.pass.ImportObjectFact(fn.Origin(), &f) && f.Result == 0
}

// diffPatchParam reports whether v is a parameter of the function declaration on the
// stack that every call of it, in this package, fills with a MergeFrom diff.
func (g *guards) diffPatchParam(v *types.Var, stack []ast.Node, depth int) bool {
	if depth >= maxDepth {
		return false
	}
	decl, ok := g.enclosing(stack).(*ast.FuncDecl)
	if !ok {
		for i := len(stack) - 1; i >= 0 && !ok; i-- {
			decl, ok = stack[i].(*ast.FuncDecl)
		}
		if !ok {
			return false
		}
	}
	i := syntax.ParamIndex(g.pass.TypesInfo, decl, v)
	fn, _ := g.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if i < 0 || fn == nil || fn.Type().(*types.Signature).Variadic() {
		return false
	}
	return g.everyCallArg(fn, i, func(site []ast.Node, arg ast.Expr) bool {
		return g.isDiffPatch(arg, nil, site, depth+1)
	})
}

// sameObject reports whether base is the written object obj itself (the same
// variable, through & and variables assigned once), so that a MergeFrom of it diffs
// the object against itself.
func sameObject(info *types.Info, pass *analysis.Pass, stack []ast.Node, base, obj ast.Expr) bool {
	root := func(e ast.Expr) types.Object {
		for range 4 {
			e = ast.Unparen(e)
			if u, ok := e.(*ast.UnaryExpr); ok {
				e = u.X
				continue
			}
			id, ok := e.(*ast.Ident)
			if !ok {
				return nil
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok {
				return nil
			}
			val := syntax.ValueOf(pass, syntax.DeclaringBody(stack, v), v)
			if val == nil {
				return v
			}
			if _, isCall := ast.Unparen(val).(*ast.CallExpr); isCall {
				return v // a copy, a constructor: its own object
			}
			e = val
		}
		return nil
	}
	b, o := root(base), root(obj)
	if v, ok := b.(*types.Var); ok && b == o && copiedBetween(info, syntax.DeclaringBody(stack, v), v, base.End(), obj.Pos()) {
		// patch := client.MergeFrom(obj); obj = transform(obj.DeepCopyObject()):
		// the patch holds the old object, the write sends the new one.
		return false
	}
	if types.ExprString(ast.Unparen(base)) == types.ExprString(ast.Unparen(obj)) {
		return true
	}
	return b != nil && b == o
}

// copiedBetween reports whether body assigns v, between the positions from and to, a
// value made from a deep copy (obj = transform(obj.DeepCopyObject()), obj =
// obj.DeepCopy()): past it, v holds another object than before.
func copiedBetween(info *types.Info, body *ast.BlockStmt, v *types.Var, from, to token.Pos) bool {
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if found || !ok || as.Pos() < from || as.End() > to || len(as.Lhs) != len(as.Rhs) {
			return !found
		}
		for i, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			ast.Inspect(as.Rhs[i], func(m ast.Node) bool {
				if c, ok := m.(*ast.CallExpr); ok && copies(c) {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// paramOf is the function declaration on the stack, and the index of its parameter,
// that obj is (obj, &obj, *obj); nil when obj is no parameter of it.
func (g *guards) paramOf(stack []ast.Node, obj ast.Expr) (*ast.FuncDecl, int) {
	decl, ok := g.enclosing(stack).(*ast.FuncDecl)
	if !ok {
		return nil, -1
	}
	v := syntax.Root(g.pass.TypesInfo, obj)
	if v == nil {
		return nil, -1
	}
	i := syntax.ParamIndex(g.pass.TypesInfo, decl, v)
	if i < 0 {
		if text(obj) == v.Name() && syntax.IsReceiver(g.pass.TypesInfo, decl, v) {
			return decl, -1 // the method's receiver, whole
		}
		return nil, -1
	}
	return decl, i
}

// argAt is what a call hands in the place of parameter i of its function: the
// argument, or for -1 the receiver a method call names (x in x.SaveStatus(…)); nil
// when the call has none there.
func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i == -1 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// delegates reports whether a write of obj, on top of the stack, is left to the
// callers of its function: obj is a parameter of an exported function (or method)
// that nothing in its own package calls, so its callers are in other packages, which
// the Delegated fact reaches.
func (g *guards) delegates(stack []ast.Node, obj ast.Expr) bool {
	decl, _ := g.paramOf(stack, obj)
	if decl == nil || !decl.Name.IsExported() {
		return false
	}
	fn, _ := g.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	g.collectCalls()
	return g.uses[fn] == 0
}

// ruledOut reports whether cond, or one of its && conjuncts, finds empty a field of a
// custom resource that the CRD's schema keeps non-empty (see vet/internal/validation):
// len(f) == 0, < 1 or <= 0, f == "" or f == nil, f reached from the object through
// required fields only. No object the API server holds passes such a test.
func (g *guards) ruledOut(cond ast.Expr) bool {
	info := g.pass.TypesInfo
	for _, c := range syntax.Conjuncts(cond) {
		b, ok := ast.Unparen(c).(*ast.BinaryExpr)
		if !ok {
			continue
		}
		x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
		op := b.Op
		if tv := info.Types[x]; tv.Value != nil || tv.IsNil() {
			x, y, op = y, x, syntax.Mirrored(op)
		}
		tv := info.Types[y]
		var field ast.Expr
		if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 && syntax.IsBuiltin(info, call.Fun, "len") {
			if tv.Value == nil {
				continue
			}
			n, exact := constant.Int64Val(constant.ToInt(tv.Value))
			if exact && (op == token.EQL && n == 0 || op == token.LSS && n == 1 || op == token.LEQ && n == 0) {
				field = ast.Unparen(call.Args[0])
			}
		} else if op == token.EQL && (tv.IsNil() || tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "") {
			if _, ptr := info.TypeOf(x).Underlying().(*types.Pointer); !ptr {
				field = x
			}
		}
		if field == nil || !g.schema.NeverEmpty(info, field) {
			continue
		}
		if root := syntax.Root(info, field); root != nil && kubetypes.IsCustomResource(root.Type()) {
			return true
		}
	}
	return false
}

// pastChange applies rule 11 of the package doc: an earlier statement of a block
// around the write (in the function, or around a call of it, through rule 4) writes
// the same object's status and leaves when that fails (if err := c.Status().Update(ctx,
// obj); err != nil { return err }), that write is itself guarded, and the statements
// between them (or, inherited, the function called on the way to the write) give a
// status field a value that is no constant. Whatever keeps the earlier write from
// being sent unchanged keeps the path from reaching the later one with nothing done:
// it records what the pass has just found (the version resolved in the pass that
// moves the phase from Pending on), once per change. A second write with nothing
// assigned since sends what the first stored, and constants are the path
// analysis's to judge (rule 7): both are left to the other rules.
func (g *guards) pastChange(stack []ast.Node, obj ast.Expr, inherited []assignment, depth int) bool {
	if obj == nil {
		return false
	}
	info := g.pass.TypesInfo
	k := newKeyer(g, stack, obj)
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			for j, st := range p.List {
				if st == child {
					break
				}
				is, ok := st.(*ast.IfStmt)
				if !ok || is.Else != nil || !syntax.Leaves(is.Body.List) {
					continue
				}
				call := kubetypes.ErrorChecked(info, p.List[:j], is)
				if call == nil || !kubetypes.IsStatusWrite(info, call) || len(call.Args) < 2 || text(call.Args[1]) != text(obj) {
					continue
				}
				if !slices.ContainsFunc(append(k.assigns(syntax.Before(p.List[j+1:], child)), inherited...), unfollowed) {
					continue
				}
				ws := slices.Clone(stack[:i])
				if is.Init != nil {
					ws = append(ws, is, is.Init, call)
				} else {
					ws = append(ws, p.List[j-1], call)
				}
				if g.guarded(ws, call.Args[1], depth) {
					return true
				}
			}
		}
	}
	return false
}

// unfollowed reports whether a gives its field a value that is no constant.
func unfollowed(a assignment) bool {
	return a.value == nil && len(a.values) == 0 && a.rhs != removed
}

// offLoop reports whether the write (or delegating call) on top of stack runs only
// outside the reconcile loop (the package doc's writes off the loop; package entry).
func (g *guards) offLoop(stack []ast.Node) bool {
	return entry.OffLoop(g.pass, stack, g.callSites, maxDepth)
}
