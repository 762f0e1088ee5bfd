package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/diff"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// ReportsChange is the fact of a change-reporting setter: a function whose first result
// is a bool that is true only when it changed what it was handed (func
// setCondition(obj *Foo, c Condition) bool: false when the condition is already
// there, true after it replaced or appended it; func updateConditions(obj *Foo)
// (changed, done bool, err error) alike). A write behind that result is never sent
// unchanged, whatever the function is called.
type ReportsChange struct{}

// AFact marks ReportsChange as an analysis fact.
func (*ReportsChange) AFact() {}

func (*ReportsChange) String() string { return "reports change" }

// exportReportsChange marks the package's change-reporting setters. The rule: the
// function's first result is a bool; it has something to change through (a pointer,
// slice or map parameter, a pointer receiver, or an interface parameter with a Set…
// method, as a kind's SetConditions); it can say "nothing to do" (a return of false,
// or of a diff) and can say true; and each of its returns gives as that result false,
// or true after a statement of the same path assigned through one of those
// parameters, or a diff (a call of another such setter, of a diff by name,
// meta.SetStatusCondition), or a change flag, or several of these joined by ||, so
// true always follows a change. A change flag is a local bool, or the named first
// result (which a bare return gives), every assignment of which is false, true after
// a statement of its path assigned through a parameter or in the branch of an if on
// a call that reports a change, or a diff (changed := false; if s.X != x { s.X = x;
// changed = true }; return changed; changed = changed || meta.SetStatusCondition(…)),
// or in a branch ending in continue of a range that filters a field the function then
// assigns (filters).
// A function that only ever says false reports nothing. A setter that returns the
// result of another one of the package is found by repeating until nothing new is
// found.
func exportReportsChange(pass *analysis.Pass) {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	marked := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || marked[fn] || !reportsChange(pass, fd, fn) {
				continue
			}
			marked[fn] = true
			pass.ExportObjectFact(fn, &ReportsChange{})
			changed = true
		}
		for _, m := range interfaceReporters(pass, marked) {
			marked[m] = true
			pass.ExportObjectFact(m, &ReportsChange{})
			changed = true
		}
	}
}

// interfaceReporters are the unexported methods of the package's interfaces not yet
// marked whose every implementation, among the package's types, is: a call through
// the interface (r.Crontab.reschedule(obj), a seam that tests replace with a mock
// of their own) reports a change whichever one it reaches. An unexported method can
// be implemented only in the package, so every implementation is in sight.
func interfaceReporters(pass *analysis.Pass, marked map[*types.Func]bool) []*types.Func {
	scope := pass.Pkg.Scope()
	var named []*types.Named
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
				named = append(named, n)
			}
		}
	}
	var found []*types.Func
	for _, in := range named {
		iface, ok := in.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := range iface.NumExplicitMethods() {
			m := iface.ExplicitMethod(i)
			if m.Exported() || marked[m] {
				continue
			}
			impls, all := 0, true
			for _, t := range named {
				if types.IsInterface(t) || !types.Implements(types.NewPointer(t), iface) {
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, pass.Pkg, m.Name())
				fn, _ := obj.(*types.Func)
				impls++
				all = all && fn != nil && marked[fn]
			}
			if impls > 0 && all {
				found = append(found, m)
			}
		}
	}
	return found
}

func reportsChange(pass *analysis.Pass, fd *ast.FuncDecl, fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Results().Len() == 0 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	roots := map[*types.Var]bool{}
	add := func(v *types.Var) {
		switch t := v.Type().Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map:
			roots[v] = true
		case *types.Interface:
			// An interface with a setter (SetConditions) changes what it holds;
			// error, any and a getter's interface do not.
			for m := range t.Methods() {
				if strings.HasPrefix(m.Name(), "Set") {
					roots[v] = true
					return
				}
			}
		}
	}
	if r := sig.Recv(); r != nil {
		add(r)
	}
	for i := range sig.Params().Len() {
		add(sig.Params().At(i))
	}
	if len(roots) == 0 {
		return false
	}
	// switch o := obj.(type) { case *Kind: o.Status.X = x }: each clause's o is
	// obj, as its own type, so assigning through it changes what was handed in.
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSwitchStmt)
		if !ok {
			return true
		}
		if as, ok := ts.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok {
				if id, ok := ast.Unparen(ta.X).(*ast.Ident); ok {
					if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && roots[v] {
						for _, c := range ts.Body.List {
							if v, ok := pass.TypesInfo.Implicits[c].(*types.Var); ok {
								add(v)
							}
						}
					}
				}
			}
		}
		return true
	})
	r := reporter{pass: pass, body: fd.Body, roots: roots, results: sig.Results().Len(), ok: true,
		flags: localBools(pass.TypesInfo, fd), checked: map[*ast.AssignStmt]bool{}}
	if first := sig.Results().At(0); first.Name() != "" && first.Name() != "_" {
		// A named result starts false, the "nothing to do" of a bare return, and is
		// judged as a change flag.
		r.named = first
		r.flags[first] = true
	}
	// The first walk judges the change flags, the second the returns, which may come
	// before a flag's last assignment in the source.
	r.flagsOnly = true
	r.block(fd.Body.List, false)
	r.uncheckedAssignments(fd.Body)
	r.flagsOnly = false
	r.block(fd.Body.List, false)
	return r.ok && r.sawFalse && r.sawTrue
}

type reporter struct {
	pass *analysis.Pass
	// body is the function's body, where its local variables are assigned.
	body     *ast.BlockStmt
	roots    map[*types.Var]bool
	results  int
	ok       bool
	sawFalse bool
	// sawTrue: some return may say "changed"; one that only ever says false reports
	// nothing.
	sawTrue bool
	// flags are the function's local bools, each true while it may still be a change
	// flag; checked are the assignments of them the walk judged.
	flags     map[*types.Var]bool
	checked   map[*ast.AssignStmt]bool
	flagsOnly bool
	// named is the first result when it has a name: what a bare return gives.
	named *types.Var
	// loops are the loops around the statement walked, innermost last: a range
	// that filters (see filters), nil for any other.
	loops []*ast.RangeStmt
}

// filters reports whether s ranges over a field reached from a root whose value the
// statements after it (rest, up to the first return) assign again: kept := …; for _,
// c := range obj.Status.Items { if gone(c) { changed = true; continue }; kept =
// append(kept, c) }; obj.Status.Items = kept. An element the loop skips is one the new
// value lacks.
func (r *reporter) filters(s *ast.RangeStmt, rest []ast.Stmt) bool {
	if !r.through(s.X) {
		return false
	}
	x := types.ExprString(s.X)
	for _, st := range rest {
		switch a := st.(type) {
		case *ast.ReturnStmt:
			return false
		case *ast.AssignStmt:
			if a.Tok == token.ASSIGN && len(a.Lhs) == 1 && types.ExprString(a.Lhs[0]) == x {
				return true
			}
		}
	}
	return false
}

// dropsElement reports whether s, an if in the body of a filtering range (the
// innermost loop around it), ends its body with a continue: the element it skips is
// left out of the field the range filters, which so changes. It counts for the
// change flags set in that body only (the first walk): a return there comes before
// the field is assigned.
func (r *reporter) dropsElement(s *ast.IfStmt) bool {
	if !r.flagsOnly || len(r.loops) == 0 || r.loops[len(r.loops)-1] == nil || len(s.Body.List) == 0 {
		return false
	}
	br, ok := s.Body.List[len(s.Body.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE && br.Label == nil
}

// localBools are the bool variables declared in fd's body.
func localBools(info *types.Info, fd *ast.FuncDecl) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Defs[id].(*types.Var); ok && !v.IsField() && types.Identical(v.Type(), types.Typ[types.Bool]) {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// flagAssigns judges the assignments of change flags in st, a statement that runs
// whole on its path, mutated saying whether that path has changed a parameter.
func (r *reporter) flagAssigns(st ast.Stmt, mutated bool) {
	a, ok := st.(*ast.AssignStmt)
	if !ok {
		return
	}
	info := r.pass.TypesInfo
	r.checked[a] = true
	for i, l := range a.Lhs {
		v := r.flagOf(l)
		if v == nil {
			continue
		}
		if len(a.Rhs) != len(a.Lhs) {
			// changed, done, err := update(obj): the first result of a setter.
			call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
			if i != 0 || !ok || !callsReporter(r.pass, call) {
				r.flags[v] = false
			}
			continue
		}
		rhs := a.Rhs[i]
		if tv := info.Types[rhs]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
			if constant.BoolVal(tv.Value) && !mutated {
				r.flags[v] = false
			}
			continue
		}
		if a.Tok != token.ASSIGN && a.Tok != token.DEFINE || !r.isReport(rhs) {
			r.flags[v] = false
		}
	}
}

// flagOf is the local bool that e names, nil otherwise.
func (r *reporter) flagOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := r.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if _, local := r.flags[v]; !local {
		return nil
	}
	return v
}

// uncheckedAssignments takes the flag status from every local bool assigned where the
// walk did not judge it (in a closure, a loop's post statement, an if's init) or whose
// address is taken.
func (r *reporter) uncheckedAssignments(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if !r.checked[x] {
				for _, l := range x.Lhs {
					if v := r.flagOf(l); v != nil {
						r.flags[v] = false
					}
				}
			}
		case *ast.UnaryExpr:
			if v := r.flagOf(x.X); x.Op == token.AND && v != nil {
				r.flags[v] = false
			}
		}
		return true
	})
}

// isReport reports whether e, a bool, is true only on a change: a change report, a
// change flag, or several joined by ||.
func (r *reporter) isReport(e ast.Expr) bool {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return r.isReport(b.X) && r.isReport(b.Y)
	}
	if v := r.flagOf(e); v != nil {
		return r.flags[v]
	}
	return isChangeReport(r.pass, e)
}

// block walks list in order; mutated says whether a statement that runs before list
// on every path to it has assigned through a parameter.
func (r *reporter) block(list []ast.Stmt, mutated bool) {
	for i, st := range list {
		if !r.ok {
			return
		}
		switch s := st.(type) {
		case *ast.ReturnStmt:
			r.ret(s, mutated)
		case *ast.BlockStmt:
			r.block(s.List, mutated)
		case *ast.IfStmt:
			m := mutated || r.mutates(s.Init)
			// if meta.SetStatusCondition(&conditions, c) { changed = true }: the
			// branch runs only when the call changed what it was handed.
			r.block(s.Body.List, m || r.changedBy(s.Cond) || r.dropsElement(s))
			if s.Else != nil {
				r.block([]ast.Stmt{s.Else}, m)
			}
			mutated = m || r.everyBranchChanges(s)
		case *ast.ForStmt:
			r.loops = append(r.loops, nil)
			r.block(s.Body.List, mutated || r.mutates(s.Init))
			r.loops = r.loops[:len(r.loops)-1]
		case *ast.RangeStmt:
			var filter *ast.RangeStmt
			if r.filters(s, list[i+1:]) {
				filter = s
			}
			r.loops = append(r.loops, filter)
			r.block(s.Body.List, mutated)
			r.loops = r.loops[:len(r.loops)-1]
		case *ast.SwitchStmt:
			m := mutated || r.mutates(s.Init)
			r.clauses(s.Body, m)
			mutated = m || r.everyBranchChanges(s)
		case *ast.TypeSwitchStmt:
			m := mutated || r.mutates(s.Init)
			r.clauses(s.Body, m)
			mutated = m || r.everyBranchChanges(s)
		case *ast.SelectStmt:
			r.clauses(s.Body, mutated)
		case *ast.LabeledStmt:
			r.block([]ast.Stmt{s.Stmt}, mutated)
		default:
			if r.flagsOnly {
				r.flagAssigns(s, mutated)
			}
			// Only a statement that runs whole on this path counts as a change
			// for the statements after it; one inside a branch does not.
			mutated = mutated || r.mutates(s)
		}
	}
}

// everyBranchChanges reports whether st, an if with an else or a switch with a
// default, changes something through a root on every branch that goes on to the
// statement after it: each branch either assigns through a root in a statement of
// its own (or in such a statement nested the same way) or ends in a return. A
// switch that sets the status field of whichever kind it was handed, and returns an
// error for any other, has changed it when it ends.
func (r *reporter) everyBranchChanges(st ast.Stmt) bool {
	switch s := st.(type) {
	case *ast.IfStmt:
		if s.Else == nil {
			return false
		}
		return r.branchChanges(s.Body.List) && r.branchChanges([]ast.Stmt{s.Else})
	case *ast.SwitchStmt:
		return r.everyClauseChanges(s.Body)
	case *ast.TypeSwitchStmt:
		return r.everyClauseChanges(s.Body)
	}
	return false
}

func (r *reporter) everyClauseChanges(body *ast.BlockStmt) bool {
	dflt := false
	for _, c := range body.List {
		cl := c.(*ast.CaseClause)
		if cl.List == nil {
			dflt = true
		}
		if !r.branchChanges(cl.Body) {
			return false
		}
	}
	return dflt // without a default, no clause may run
}

// branchChanges: see everyBranchChanges. A fallthrough goes on to a clause that is
// judged in its own right.
func (r *reporter) branchChanges(list []ast.Stmt) bool {
	if n := len(list); n > 0 {
		switch last := list[n-1].(type) {
		case *ast.ReturnStmt:
			return true
		case *ast.BranchStmt:
			if last.Tok == token.FALLTHROUGH {
				return true
			}
		}
	}
	for _, st := range list {
		switch s := st.(type) {
		case *ast.BlockStmt:
			if r.branchChanges(s.List) {
				return true
			}
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
			if r.everyBranchChanges(s) {
				return true
			}
		case *ast.ForStmt, *ast.RangeStmt, *ast.SelectStmt, *ast.LabeledStmt:
			// a loop may run no time; not followed
		default:
			if r.mutates(s) {
				return true
			}
		}
	}
	return false
}

func (r *reporter) clauses(body *ast.BlockStmt, mutated bool) {
	for _, c := range body.List {
		switch cl := c.(type) {
		case *ast.CaseClause:
			r.block(cl.Body, mutated)
		case *ast.CommClause:
			r.block(cl.Body, mutated)
		}
	}
}

func (r *reporter) ret(s *ast.ReturnStmt, mutated bool) {
	if r.flagsOnly {
		return
	}
	if len(s.Results) == 0 && r.named != nil {
		// A bare return gives the named result: a change flag, false until the
		// path has changed something.
		if r.flags[r.named] {
			r.sawFalse, r.sawTrue = true, true
		} else {
			r.ok = false
		}
		return
	}
	if len(s.Results) != r.results {
		r.ok = false // return f() of a function with several results: not followed
		return
	}
	e := s.Results[0]
	if tv := r.pass.TypesInfo.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			r.ok = r.ok && mutated
			r.sawTrue = true
		} else {
			r.sawFalse = true
		}
		return
	}
	if v := r.flagOf(e); v != nil && mutated && r.diffFlag(v) {
		// changed := old.Status != c.Status || old.Reason != c.Reason; (*list)[i] =
		// c; return changed: what the comparison found differs is what was
		// replaced.
		r.sawFalse, r.sawTrue = true, true
		return
	}
	if !r.isReport(e) {
		r.ok = false
		return
	}
	r.sawFalse, r.sawTrue = true, true // it hands on what it calls, or its flag, says
}

// diffFlag reports whether v, a local bool, is assigned once, from comparisons that
// find two values different (a != b, joined by ||, neither side a constant): true
// only when they differ.
func (r *reporter) diffFlag(v *types.Var) bool {
	vals := syntax.ValuesOf(r.pass, r.body, v)
	if len(vals) != 1 || vals[0] == nil {
		return false
	}
	var differs func(e ast.Expr) bool
	differs = func(e ast.Expr) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch b.Op {
		case token.LOR:
			return differs(b.X) && differs(b.Y)
		case token.NEQ:
			info := r.pass.TypesInfo
			return info.Types[b.X].Value == nil && info.Types[b.Y].Value == nil && !info.Types[b.X].IsNil() && !info.Types[b.Y].IsNil()
		}
		return false
	}
	return differs(vals[0])
}

// changedBy reports whether cond, an if's condition, is a call that is true only when
// it changed what it was handed: meta.SetStatusCondition or RemoveStatusCondition, or
// a change-reporting setter. A diff by name is not: reflect.DeepEqual is true when
// nothing changed.
func (r *reporter) changedBy(cond ast.Expr) bool {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(r.pass.TypesInfo, call)
	return fn != nil && (kubetypes.ChangesConditions(fn) || r.pass.ImportObjectFact(fn, new(ReportsChange)))
}

// isChangeReport reports whether e, a bool, is true only on a change: a diff (see
// vet/internal/diff) or a call of a change-reporting setter, or either of two such.
func isChangeReport(pass *analysis.Pass, e ast.Expr) bool {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return isChangeReport(pass, b.X) && isChangeReport(pass, b.Y)
	}
	return diff.MentionsDiff(pass.TypesInfo, e) || callsReporter(pass, e)
}

// callsReporter reports whether n, outside function literals, calls a function with
// the ReportsChange fact.
func callsReporter(pass *analysis.Pass, n ast.Node) bool {
	if n == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := kubetypes.Callee(pass.TypesInfo, x); fn != nil && pass.ImportObjectFact(fn, new(ReportsChange)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// mutates reports whether st, outside function literals, assigns through one of the
// roots: an assignment or ++/-- of a field, element or pointee reached from one
// (obj.Status.Conditions[i] = c, obj.Status.Conditions = append(…)), or a delete from
// a map reached from one.
func (r *reporter) mutates(st ast.Stmt) bool {
	if st == nil {
		return false
	}
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if x.Tok != token.DEFINE {
				for _, l := range x.Lhs {
					found = found || r.through(l)
				}
			}
		case *ast.IncDecStmt:
			found = found || r.through(x.X)
		case *ast.CallExpr:
			if syntax.IsBuiltin(r.pass.TypesInfo, x.Fun, "delete") && len(x.Args) == 2 {
				found = found || r.through(x.Args[0])
			}
		}
		return !found
	})
	return found
}

// through reports whether e is reached from a root by at least one selector, index
// or dereference: assigning it changes what the caller handed in.
func (r *reporter) through(e ast.Expr) bool {
	if _, bare := ast.Unparen(e).(*ast.Ident); bare {
		return false // the parameter itself, reassigned: nothing of the caller's changes
	}
	v := syntax.Root(r.pass.TypesInfo, e)
	return v != nil && r.roots[v]
}
