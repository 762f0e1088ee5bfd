package statustime

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/consult"
	"github.com/opgen-dev/opgen/vet/internal/entry"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// maxDepth bounds how many calls up a transition is looked for.
const maxDepth = 3

// transitions answers whether a clock written into status records an event: a state
// transition, or a counted occurrence (see the package doc).
type transitions struct {
	pass *analysis.Pass
	insp *inspector.Inspector
	// cons says whether the path to a statement consults the stored status.
	cons *consult.Result
	// calls are the package's calls of its own functions.
	calls *entry.Calls
	// ranges are the status paths that range loops' value variables copy elements
	// of; nil until needed.
	ranges map[*types.Var][]string
	// snapshots are the status paths local variables hold the found value of (see
	// snapshots); nil until needed.
	snapshots map[*types.Var][]string
}

// event reports whether the assignment to lhs, the statement on top of the stack,
// stands in a statement list that also, unconditionally, increments a status counter
// of the same object (Attempts++, Attempts = Attempts + 1), or sets a status field to
// a constant that the path to it shows the field did not hold (a state transition).
//
// The statement may also stand in the lists around that one, when nothing on the way
// out leaves: switch job { case Complete: obj.Status.LastSuccess = now; case Failed:
// obj.Status.LastFailure = now }; obj.Status.Running = false moves the state with
// either stamp. Two lists up at most.
func (t *transitions) event(stack []ast.Node, lhs ast.Expr) bool {
	inner := stack
	for range 3 {
		list, stmt, at := enclosingListAt(inner)
		if list == nil {
			return false
		}
		if t.eventIn(stack, lhs, list, stmt) {
			return true
		}
		// Out one list only when the one left runs to its end from the stamp on.
		if slices.ContainsFunc(list, func(st ast.Stmt) bool { return st.Pos() >= stmt.Pos() && exits(st) }) {
			return false
		}
		inner = stack[:at]
	}
	return false
}

// eventIn is event's test in one statement list: a statement of list other than
// stmt moves the state or counts.
func (t *transitions) eventIn(stack []ast.Node, lhs ast.Expr, list []ast.Stmt, stmt ast.Stmt) bool {
	owner := kubetypes.StatusOwner(t.pass.TypesInfo, lhs)
	for _, st := range list {
		if st != stmt && (t.moves(stack, owner, st) || t.everyBranchMoves(stack, owner, st)) {
			return true
		}
	}
	return t.consumes(stack, list)
}

// consumes reports whether a statement of list deletes (client.Writer's Delete, as a
// statement, assigned, or in an if's init) an object whose fields the condition of an
// enclosing if, or the tag or the case of an enclosing switch, reads, within the
// function (switch pod.Status.Phase { case corev1.PodSucceeded: obj.Status.State =
// Cold; obj.Status.LastStoppedAt = &now; r.Delete(ctx, pod) }): the pass removes
// what it found, so the branch does not run again for it; the time records that
// event, as a time past a checked Create records the one create of a name.
func (t *transitions) consumes(stack []ast.Node, list []ast.Stmt) bool {
	info := t.pass.TypesInfo
	var deleted []*types.Var
	deletes := func(e ast.Expr) {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) < 2 || !kubetypes.IsMethod(kubetypes.Callee(info, call), kubetypes.ClientPkg, "Writer", "Delete") {
			return
		}
		if v := syntax.Root(info, call.Args[1]); v != nil {
			deleted = append(deleted, v)
		}
	}
	assigned := func(st ast.Stmt) {
		if as, ok := st.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			deletes(as.Rhs[0])
		}
	}
	for _, st := range list {
		switch s := st.(type) {
		case *ast.ExprStmt:
			deletes(s.X)
		case *ast.AssignStmt:
			assigned(s)
		case *ast.IfStmt:
			if s.Init != nil {
				assigned(s.Init)
			}
		}
	}
	if len(deleted) == 0 {
		return false
	}
	reads := func(n ast.Node) bool {
		return n != nil && slices.ContainsFunc(deleted, func(v *types.Var) bool { return kubetypes.ReadsVar(info, n, v) })
	}
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if (stack[i+1] == p.Body || stack[i+1] == p.Else) && reads(p.Cond) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range p.List {
				if reads(e) {
					return true
				}
			}
		case *ast.SwitchStmt:
			if p.Tag != nil && reads(p.Tag) {
				return true
			}
		}
	}
	return false
}

// moves reports whether st increments a status counter of owner's kind or sets a
// status field of it to a constant the path to the top of the stack shows the field
// did not hold.
func (t *transitions) moves(stack []ast.Node, owner types.Type, st ast.Stmt) bool {
	info := t.pass.TypesInfo
	switch s := st.(type) {
	case *ast.IncDecStmt:
		return s.Tok == token.INC && sameOwner(info, s.X, owner) && len(statusPath(info, s.X)) > 0
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || !sameOwner(info, s.Lhs[0], owner) {
			return false
		}
		path := statusPath(info, s.Lhs[0])
		if len(path) == 0 {
			return false
		}
		if s.Tok == token.ADD_ASSIGN || s.Tok == token.ASSIGN && increments(info, s.Lhs[0], s.Rhs[0]) {
			return true
		}
		if s.Tok == token.ASSIGN {
			v := constValue(info, s.Rhs[0])
			if v == nil {
				v = boolOnPath(info, stack, s.Rhs[0])
			}
			return v != nil && t.leaves(stack, path, v, 0)
		}
	}
	return false
}

// everyBranchMoves reports whether st is an if with an else, or a switch with a
// default, each branch of which moves the state or counts in a statement of its own
// list (if ok { obj.Status.State = Done } else { obj.Status.State = Failed }): the
// state moves on every path through st, whichever branch runs.
func (t *transitions) everyBranchMoves(stack []ast.Node, owner types.Type, st ast.Stmt) bool {
	listMoves := func(list []ast.Stmt) bool {
		return slices.ContainsFunc(list, func(s ast.Stmt) bool { return t.moves(stack, owner, s) }) ||
			slices.ContainsFunc(list, func(s ast.Stmt) bool { return t.everyBranchMoves(stack, owner, s) })
	}
	switch s := st.(type) {
	case *ast.IfStmt:
		if s.Else == nil || !listMoves(s.Body.List) {
			return false
		}
		if b, ok := s.Else.(*ast.BlockStmt); ok {
			return listMoves(b.List)
		}
		return t.everyBranchMoves(stack, owner, s.Else)
	case *ast.SwitchStmt:
		def := false
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			def = def || cc.List == nil
			if !listMoves(cc.Body) {
				return false
			}
		}
		return def
	}
	return false
}

// boolOnPath is the value a bool expression e has at the top of the stack when an
// enclosing if tests e itself, or its negation (if status.Connected { …;
// obj.Status.Connected = status.Connected }: true there); nil otherwise.
func boolOnPath(info *types.Info, stack []ast.Node, e ast.Expr) constant.Value {
	if b, ok := info.TypeOf(e).Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	want := types.ExprString(ast.Unparen(e))
	for i := len(stack) - 1; i > 0; i-- {
		is, ok := stack[i-1].(*ast.IfStmt)
		if !ok || (stack[i] != is.Body && stack[i] != is.Else) {
			if _, lit := stack[i-1].(*ast.FuncLit); lit {
				return nil
			}
			continue
		}
		cond, truth := ast.Unparen(is.Cond), stack[i] == is.Body
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			cond, truth = ast.Unparen(u.X), !truth
		}
		if types.ExprString(cond) == want {
			return constant.MakeBool(truth)
		}
	}
	return nil
}

// enclosingListAt is the statement list (a block's or a case's) that the statement on
// top of the stack stands in, that statement, and the statement's index in the stack;
// nil past a function's body.
func enclosingListAt(stack []ast.Node) ([]ast.Stmt, ast.Stmt, int) {
	for i := len(stack) - 1; i > 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil, 0
		case *ast.CaseClause, *ast.CommClause:
			continue // a clause is no statement of the switch's body
		}
		st, ok := stack[i].(ast.Stmt)
		if !ok {
			continue
		}
		switch p := stack[i-1].(type) {
		case *ast.BlockStmt:
			return p.List, st, i
		case *ast.CaseClause:
			return p.Body, st, i
		}
	}
	return nil, nil, 0
}

// exits reports whether st, outside function literals, holds a return or a branch
// statement: the statements after it may not run.
func exits(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		}
		return !found
	})
	return found
}

// sameOwner reports whether e reaches the status of a custom resource of the same
// type as owner.
func sameOwner(info *types.Info, e ast.Expr, owner types.Type) bool {
	o := kubetypes.StatusOwner(info, e)
	if o == nil || owner == nil {
		return false
	}
	a, b := kubetypes.Named(o), kubetypes.Named(owner)
	return a != nil && b != nil && types.Identical(a, b)
}

// increments reports whether rhs is lhs plus something (x.Status.N = x.Status.N + 1).
func increments(info *types.Info, lhs, rhs ast.Expr) bool {
	b, ok := ast.Unparen(rhs).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return false
	}
	p := statusPath(info, lhs)
	return slices.Equal(statusPath(info, b.X), p) || slices.Equal(statusPath(info, b.Y), p)
}

// constValue is e's constant value, nil when it has none.
func constValue(info *types.Info, e ast.Expr) constant.Value {
	if tv, ok := info.Types[e]; ok {
		return tv.Value
	}
	return nil
}

// leaves reports whether the path to the top of the stack shows that the status field
// path holds a value other than v: an enclosing if or case, or an earlier if whose
// body leaves, compares it with a constant that is not v (== c, case c) or with v
// itself (!= v), in the function or, when it says nothing, in every call of it in the
// package (up to maxDepth calls up).
func (t *transitions) leaves(stack []ast.Node, path []string, v constant.Value, depth int) bool {
	info := t.pass.TypesInfo
	shows := func(cond ast.Expr, want bool) bool {
		return slices.ContainsFunc(stateTerms(info, t.pathOf, cond, want), func(f stateTerm) bool {
			if !slices.Equal(f.path, path) {
				return false
			}
			if f.equal {
				return !slices.ContainsFunc(f.values, func(c constant.Value) bool { return equal(c, v) })
			}
			return equal(f.values[0], v)
		})
	}
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if i >= 2 && kubetypes.RunInPlace(info, p, stack[i-2]) {
				continue
			}
			return false
		case *ast.FuncDecl:
			return t.callersShow(p, path, v, depth)
		case *ast.IfStmt:
			if child == p.Body && shows(p.Cond, true) || child == p.Else && shows(p.Cond, false) {
				return true
			}
		case *ast.CaseClause:
			// switch obj.Status.State { case A, B: … } with v neither A nor B.
			if i < 3 {
				continue
			}
			if sw, ok := stack[i-3].(*ast.SwitchStmt); ok && sw.Tag != nil && slices.Equal(statusPath(info, sw.Tag), path) && len(p.List) > 0 {
				all := true
				for _, e := range p.List {
					if c := constValue(info, e); c == nil || equal(c, v) {
						all = false
					}
				}
				if all {
					return true
				}
			}
		case *ast.BlockStmt:
			for _, st := range p.List {
				if st == child {
					break
				}
				if is, ok := st.(*ast.IfStmt); ok && is.Else == nil && syntax.Leaves(is.Body.List) && shows(is.Cond, false) {
					return true
				}
			}
		}
	}
	return false
}

// equal reports whether two constants are the same value; constants of different
// kinds are not.
func equal(a, b constant.Value) bool {
	return a.Kind() == b.Kind() && constant.Compare(a, token.EQL, b)
}

// callersShow reports whether every use of the function decl in the package is a call
// whose path shows the field does not hold v.
func (t *transitions) callersShow(decl *ast.FuncDecl, path []string, v constant.Value, depth int) bool {
	if depth >= maxDepth {
		return false
	}
	sites := t.callSites(decl)
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if !t.leaves(site, path, v, depth+1) {
			return false
		}
	}
	return true
}

// callSites are the stacks of the calls of the function decl in the package, nil
// when it has none or is used in another way too (handed on as a value).
func (t *transitions) callSites(decl *ast.FuncDecl) [][]ast.Node {
	fn, _ := t.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	return t.sitesOf(fn)
}

// sitesOf are the stacks of the calls of fn in the package, nil when it has none or
// is used in another way too.
func (t *transitions) sitesOf(fn *types.Func) [][]ast.Node {
	sites, ok := t.calls.Sites(fn)
	if !ok {
		return nil
	}
	return sites
}

// offLoop reports whether the stamp on top of stack runs only outside the reconcile
// loop (package entry): a message's or a request's stamp, not a pass's.
func (t *transitions) offLoop(stack []ast.Node) bool {
	return entry.OffLoop(t.pass, stack, t.calls.Sites, maxDepth)
}

// stateTerm is what a condition says of a status field: it equals one of values
// (equal), or differs from values[0].
type stateTerm struct {
	path   []string
	equal  bool
	values []constant.Value
}

// pathOf is statusPath, or for a field of a range loop's copy of a status element
// (for i, c := range obj.Status.Conditions { if c.Status == … }) the path of that
// element's field: the copy holds what the element held when the pass reached it, so
// a test of the copy before the element is assigned shows the element's old value.
func (t *transitions) pathOf(e ast.Expr) []string {
	info := t.pass.TypesInfo
	if p := statusPath(info, e); len(p) > 0 {
		return p
	}
	if t.ranges == nil {
		t.ranges = map[*types.Var][]string{}
		t.insp.Preorder([]ast.Node{(*ast.RangeStmt)(nil)}, func(n ast.Node) {
			rs := n.(*ast.RangeStmt)
			if id, ok := rs.Value.(*ast.Ident); ok && rs.Tok == token.DEFINE {
				if v, ok := info.Defs[id].(*types.Var); ok {
					if p := statusPath(info, rs.X); len(p) > 0 {
						t.ranges[v] = p
					}
				}
			}
		})
	}
	if t.snapshots == nil {
		t.snapshots = snapshots(info, t.insp)
	}
	var names []string
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			names = append(names, x.Sel.Name)
			e = x.X
			continue
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if p, ok := t.snapshots[v]; ok && len(names) == 0 {
				return p
			}
			base, ok := t.ranges[v]
			if !ok || len(names) == 0 {
				return nil
			}
			slices.Reverse(names)
			return append(slices.Clone(base), names...)
		}
		return nil
	}
}

// snapshots are the local variables that hold a status field's value as the pass
// found it (previouslyConnected := obj.Status.Agent.Connected): defined once from the
// field, never assigned again nor handed out by address, before anything in their
// function assigns the field. A test of one shows what the field held before the pass
// changed it, as a test of the field there would.
func snapshots(info *types.Info, insp *inspector.Inspector) map[*types.Var][]string {
	out := map[*types.Var][]string{}
	defs := map[*types.Var]token.Pos{}
	insp.WithStack([]ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		a := n.(*ast.AssignStmt)
		if !push || a.Tok != token.DEFINE || len(a.Lhs) != len(a.Rhs) {
			return true
		}
		for i, l := range a.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := info.Defs[id].(*types.Var)
			if !ok {
				continue
			}
			if p := statusPath(info, a.Rhs[i]); len(p) > 0 {
				out[v], defs[v] = p, a.Pos()
			}
		}
		return true
	})
	if len(out) == 0 {
		return out
	}
	// Drop those assigned again or whose address is taken, and those defined after
	// an assignment of their field in the same function.
	insp.WithStack([]ast.Node{(*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.IncDecStmt)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		var lhs []ast.Expr
		switch x := n.(type) {
		case *ast.AssignStmt:
			lhs = x.Lhs
			if x.Tok == token.DEFINE {
				lhs = nil // the definitions themselves
			}
		case *ast.IncDecStmt:
			lhs = []ast.Expr{x.X}
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				lhs = []ast.Expr{x.X}
			}
		}
		for _, l := range lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					delete(out, v)
				}
				continue
			}
			p := statusPath(info, l)
			if len(p) == 0 {
				continue
			}
			fn, _ := syntax.EnclosingFunc(stack)
			for v, vp := range out {
				if slices.Equal(vp, p) && l.Pos() < defs[v] && fn != nil && fn.Pos() <= defs[v] && defs[v] < fn.End() {
					delete(out, v)
				}
			}
		}
		return true
	})
	return out
}

// stateTerms are the comparisons of status fields with constants that cond being want
// implies, through !, && (true) and || (false); pathOf names the fields.
func stateTerms(info *types.Info, pathOf func(ast.Expr) []string, cond ast.Expr, want bool) []stateTerm {
	switch x := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return stateTerms(info, pathOf, x.X, !want)
		}
	case *ast.BinaryExpr:
		switch {
		case x.Op == token.LAND && want, x.Op == token.LOR && !want:
			return append(stateTerms(info, pathOf, x.X, want), stateTerms(info, pathOf, x.Y, want)...)
		case x.Op == token.LOR && want, x.Op == token.LAND && !want:
			// s.State == A || s.State == B true, or s.State != A && s.State != B false:
			// the field holds A or B. Said only when each side says exactly that of the
			// same field.
			l, r := stateTerms(info, pathOf, x.X, want), stateTerms(info, pathOf, x.Y, want)
			if len(l) != 1 || len(r) != 1 || !l[0].equal || !r[0].equal || !slices.Equal(l[0].path, r[0].path) {
				return nil
			}
			return []stateTerm{{path: l[0].path, equal: true, values: append(slices.Clone(l[0].values), r[0].values...)}}
		case x.Op == token.EQL, x.Op == token.NEQ:
			field, other := x.X, x.Y
			if len(pathOf(field)) == 0 {
				field, other = other, field
			}
			path := pathOf(field)
			c := constValue(info, other)
			if len(path) == 0 || c == nil {
				return nil
			}
			return []stateTerm{{path: path, equal: (x.Op == token.EQL) == want, values: []constant.Value{c}}}
		}
	default:
		// if obj.Status.Running { … } else { … }: a bool field found true, or false.
		if path := pathOf(x); len(path) > 0 {
			if b, ok := info.TypeOf(x).Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
				return []stateTerm{{path: path, equal: true, values: []constant.Value{constant.MakeBool(want)}}}
			}
		}
	}
	return nil
}
