package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/diff"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// ReportsChange is the fact of a change-reporting setter: a function whose one result
// is a bool that is true only when it changed what it was handed (func
// setCondition(obj *Foo, c Condition) bool: false when the condition is already
// there, true after it replaced or appended it). A write behind its true result is
// never sent unchanged, whatever the function is called.
type ReportsChange struct{}

// AFact marks ReportsChange as an analysis fact.
func (*ReportsChange) AFact() {}

func (*ReportsChange) String() string { return "reports change" }

// exportReportsChange marks the package's change-reporting setters. The rule: the
// function's only result is a bool; it has something to change through (a pointer,
// slice or map parameter, or a pointer receiver); it can say "nothing to do" (a
// return of false, or of a diff); and each of its returns is false, or true after a
// statement of the same path assigned through one of those parameters, or a diff (a
// call of another such setter, of a diff by name, meta.SetStatusCondition), so true
// always follows a change. A setter that returns the result of another one of the package is
// found by repeating until nothing new is found.
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
	}
}

func reportsChange(pass *analysis.Pass, fd *ast.FuncDecl, fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	roots := map[*types.Var]bool{}
	add := func(v *types.Var) {
		switch v.Type().Underlying().(type) {
		case *types.Pointer, *types.Slice, *types.Map:
			roots[v] = true
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
	r := reporter{pass: pass, roots: roots, ok: true}
	r.block(fd.Body.List, false)
	return r.ok && r.sawFalse
}

type reporter struct {
	pass     *analysis.Pass
	roots    map[*types.Var]bool
	ok       bool
	sawFalse bool
}

// block walks list in order; mutated says whether a statement that runs before list
// on every path to it has assigned through a parameter.
func (r *reporter) block(list []ast.Stmt, mutated bool) {
	for _, st := range list {
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
			r.block(s.Body.List, m)
			if s.Else != nil {
				r.block([]ast.Stmt{s.Else}, m)
			}
		case *ast.ForStmt:
			r.block(s.Body.List, mutated || r.mutates(s.Init))
		case *ast.RangeStmt:
			r.block(s.Body.List, mutated)
		case *ast.SwitchStmt:
			r.clauses(s.Body, mutated || r.mutates(s.Init))
		case *ast.TypeSwitchStmt:
			r.clauses(s.Body, mutated || r.mutates(s.Init))
		case *ast.SelectStmt:
			r.clauses(s.Body, mutated)
		case *ast.LabeledStmt:
			r.block([]ast.Stmt{s.Stmt}, mutated)
		default:
			// Only a statement that runs whole on this path counts as a change
			// for the statements after it; one inside a branch does not.
			mutated = mutated || r.mutates(s)
		}
	}
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
	if len(s.Results) != 1 {
		r.ok = false // a bare return of a named result: not followed
		return
	}
	e := s.Results[0]
	if tv := r.pass.TypesInfo.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			r.ok = r.ok && mutated
		} else {
			r.sawFalse = true
		}
		return
	}
	if !isChangeReport(r.pass, e) {
		r.ok = false
		return
	}
	r.sawFalse = true // it hands on "nothing changed" from what it calls
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
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "delete" && len(x.Args) == 2 {
				if _, builtin := r.pass.TypesInfo.Uses[id].(*types.Builtin); builtin {
					found = found || r.through(x.Args[0])
				}
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
