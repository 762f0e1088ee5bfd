package statusupdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/watches"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Analyzer reports status writes that no semantic diff guards.
var Analyzer = &analysis.Analyzer{
	Name:      "statusupdate",
	Doc:       analyzerdoc.MustDoc(doc, "statusupdate"),
	URL:       "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#statusupdate",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, watches.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Delegated), new(NilWhenEqual)},
}

// maxDepth bounds how many calls up a guard is looked for.
const maxDepth = 3

type write struct {
	call  *ast.CallExpr
	stack []ast.Node
}

// Delegated is the fact of a function that writes the status of one of its
// parameters with no semantic diff guarding the write in the function: its callers
// in other packages are judged in its place (common.UpdateStatus(ctx, c, obj)).
type Delegated struct {
	// Params are the parameters whose status the function writes, by index.
	Params []int
	// Patch is the index of the parameter that holds the patch of the write (a
	// Status().Patch(ctx, obj, patch) with patch handed in), -1 when there is none: a
	// caller that hands in a MergeFrom diff writes nothing unguarded.
	Patch int
}

// AFact marks Delegated as an analysis fact.
func (*Delegated) AFact() {}

func (d *Delegated) String() string { return fmt.Sprintf("delegated%v patch %d", d.Params, d.Patch) }

// NilWhenEqual is the fact of a function that returns nil in some of its results when
// a diff in it finds nothing changed (if reflect.DeepEqual(previous, current) { return
// events, nil }): a caller that writes such a result only when it is not nil writes
// only on a change.
type NilWhenEqual struct {
	// Results are the results, by index, that are nil when nothing changed.
	Results []int
}

// AFact marks NilWhenEqual as an analysis fact.
func (*NilWhenEqual) AFact() {}

func (n *NilWhenEqual) String() string { return fmt.Sprintf("nil when equal %v", n.Results) }

// call is a call of a function of another package that delegates a status write.
type call struct {
	call  *ast.CallExpr
	stack []ast.Node
	fact  *Delegated
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	info := pass.TypesInfo
	var writes []write
	var calls []call
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		c := n.(*ast.CallExpr)
		if kubetypes.IsStatusWrite(info, c) {
			writes = append(writes, write{c, slices.Clone(stack)})
			return true
		}
		if fn := kubetypes.Callee(info, c); fn != nil && fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
			var f Delegated
			if pass.ImportObjectFact(fn.Origin(), &f) {
				calls = append(calls, call{c, slices.Clone(stack), &f})
			}
		}
		return true
	})
	g := &guards{pass: pass, insp: insp}
	exportNilWhenEqual(pass, g)
	exportDelegations(pass, g, writes, calls)

	w := pass.ResultOf[watches.Analyzer].(*watches.Result)
	if !w.Controller {
		return nil, nil
	}
	rep := directive.NewReporter(pass)
	for _, wr := range writes {
		if g.guarded(wr.stack, 0) || g.diffPatch(wr.call, wr.stack, 0) || len(wr.call.Args) < 2 {
			continue
		}
		if w.FiltersUpdatesOf(info.TypeOf(wr.call.Args[1])) {
			continue // its controllers filter update events: the write reconciles nothing again
		}
		if kindAtRunTime(info.TypeOf(wr.call.Args[1])) {
			continue // no one can tell statically what watches it
		}
		if g.delegates(wr.stack, wr.call.Args[1]) {
			continue // the callers, in other packages, are judged in its place
		}
		fn := kubetypes.Callee(info, wr.call)
		what := "writes status with no semantic diff guarding it: each write is a watch event that queues the object again (update-watch-update loop)"
		if fn.Name() == "Update" {
			what += ", and Update sends the cached resourceVersion (409 Conflict)"
		}
		d := analysis.Diagnostic{Pos: wr.call.Pos(), Message: fmt.Sprintf("%s %s; compare with equality.Semantic.DeepEqual and write only on a difference, with Status().Apply or a MergeFrom patch",
			types.ExprString(wr.call.Fun), what)}
		if m := migration(pass, wr); m != nil {
			d.Message = fmt.Sprintf("%s %s; %s, which opgen generated for %s, writes it only when it differs, with Server-Side Apply and no 409", types.ExprString(wr.call.Fun), what, m.writer.Name(), m.kind)
			if m.fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*m.fix}
			}
		}
		rep.Report(d)
	}
	for _, c := range calls {
		if g.guarded(c.stack, 0) {
			continue
		}
		if p := c.fact.Patch; p >= 0 && p < len(c.call.Args) && g.isDiffPatch(c.call.Args[p], nil, c.stack, 0) {
			continue // the patch handed in is a diff
		}
		for _, i := range c.fact.Params {
			if i >= len(c.call.Args) || w.FiltersUpdatesOf(info.TypeOf(c.call.Args[i])) || g.delegates(c.stack, c.call.Args[i]) {
				continue
			}
			rep.Reportf(c.call.Pos(), "%s writes the status of %s with no semantic diff guarding it, here or in it: each write is a watch event that queues the object again (update-watch-update loop); compare with equality.Semantic.DeepEqual and call it only on a difference",
				types.ExprString(c.call.Fun), types.ExprString(c.call.Args[i]))
			break
		}
	}
	return nil, nil
}

// exportDelegations exports the Delegated fact of every function of the package that
// writes the status of a parameter with nothing in the function guarding it,
// directly or through a call of another package's delegating function.
func exportDelegations(pass *analysis.Pass, g *guards, writes []write, calls []call) {
	params := map[*types.Func][]int{}
	changed := false
	add := func(stack []ast.Node, obj ast.Expr) {
		decl, i := g.paramOf(stack, obj)
		if decl == nil {
			return
		}
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn != nil && !slices.Contains(params[fn], i) {
			params[fn] = append(params[fn], i)
			changed = true
		}
	}
	patchParam := map[*types.Func]int{}
	for _, w := range writes {
		if len(w.call.Args) >= 2 && !g.locallyGuarded(w.stack) && !g.diffPatch(w.call, w.stack, 0) {
			add(w.stack, w.call.Args[1])
			if kubetypes.Callee(pass.TypesInfo, w.call).Name() == "Patch" && len(w.call.Args) >= 3 {
				if decl, j := g.paramOf(w.stack, w.call.Args[2]); decl != nil {
					if fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func); fn != nil {
						patchParam[fn] = j
					}
				}
			}
		}
	}
	for _, c := range calls {
		if g.locallyGuarded(c.stack) {
			continue
		}
		for _, i := range c.fact.Params {
			if i < len(c.call.Args) {
				add(c.stack, c.call.Args[i])
			}
		}
	}
	// Through the package's own calls, to a fixed point: an exported function that
	// hands its parameter to a helper that writes it delegates too.
	g.collectCalls()
	for changed = true; changed; {
		changed = false
		for callee, sites := range g.calls {
			for _, site := range sites {
				c := site[len(site)-1].(*ast.CallExpr)
				if g.locallyGuarded(site) {
					continue
				}
				for _, i := range params[callee] {
					if i < len(c.Args) {
						add(site, c.Args[i])
					}
				}
			}
		}
	}
	for fn, ps := range params {
		if !fn.Exported() {
			continue // no other package calls it
		}
		slices.Sort(ps)
		patch, ok := patchParam[fn]
		if !ok {
			patch = -1
		}
		pass.ExportObjectFact(fn, &Delegated{Params: ps, Patch: patch})
	}
}

// exportNilWhenEqual exports the NilWhenEqual fact of every function of the package
// that returns a literal nil in a result of a type that can be nil, on a path a diff
// guards (rules 1 and 2 of the package doc, within the function).
func exportNilWhenEqual(pass *analysis.Pass, g *guards) {
	found := map[*types.Func][]int{}
	var order []*types.Func
	g.insp.WithStack([]ast.Node{(*ast.ReturnStmt)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		f, _ := kubetypes.EnclosingFunc(stack) // a literal's return is its own
		decl, ok := f.(*ast.FuncDecl)
		if !ok {
			return true
		}
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return true
		}
		ret := n.(*ast.ReturnStmt)
		results := fn.Signature().Results()
		if len(ret.Results) != results.Len() {
			return true // a bare return, or a call's results handed on
		}
		for i, e := range ret.Results {
			if !pass.TypesInfo.Types[e].IsNil() || slices.Contains(found[fn], i) || !nillable(results.At(i).Type()) {
				continue
			}
			if inDiffBranch(g, stack) {
				if found[fn] == nil {
					order = append(order, fn)
				}
				found[fn] = append(found[fn], i)
			}
		}
		return true
	})
	for _, fn := range order {
		rs := found[fn]
		slices.Sort(rs)
		pass.ExportObjectFact(fn, &NilWhenEqual{Results: rs})
	}
}

// inDiffBranch reports whether the node on top of the stack is in a branch of an if
// whose condition holds a diff, within its function.
func inDiffBranch(g *guards, stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		switch p := stack[i-1].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if (stack[i] == p.Body || stack[i] == p.Else) && (g.mentionsDiff(p.Init) || g.mentionsDiff(p.Cond)) {
				return true
			}
		}
	}
	return false
}

// kindAtRunTime reports whether t is an object whose kind is set at run time:
// unstructured.Unstructured or metav1.PartialObjectMetadata.
func kindAtRunTime(t types.Type) bool {
	return kubetypes.IsNamed(t, "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", "Unstructured") ||
		kubetypes.IsNamed(t, "k8s.io/apimachinery/pkg/apis/meta/v1", "PartialObjectMetadata")
}

// nillable reports whether a value of type t can be nil and still stand for an
// object: a pointer, map, slice or interface other than error.
func nillable(t types.Type) bool {
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice:
		return true
	}
	return false
}

// nilCheckOfUnchanged reports whether n, outside function literals, compares with
// nil a variable that holds a result a NilWhenEqual function returns nil for when
// nothing changed: if updated == nil { return } or if updated != nil { write }.
func (g *guards) nilCheckOfUnchanged(n ast.Node) bool {
	if n == nil {
		return false
	}
	info := g.pass.TypesInfo
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch e := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if e.Op != token.EQL && e.Op != token.NEQ {
				return true
			}
			x := e.X
			if info.Types[x].IsNil() {
				x = e.Y
			} else if !info.Types[e.Y].IsNil() {
				return true
			}
			id, ok := ast.Unparen(x).(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok {
				return true
			}
			d, ok := g.definitions()[v]
			if !ok || d.call == nil {
				return true
			}
			fn := kubetypes.Callee(info, d.call)
			var fact NilWhenEqual
			if fn != nil && g.pass.ImportObjectFact(fn.Origin(), &fact) && slices.Contains(fact.Results, d.result) {
				found = true
			}
		}
		return true
	})
	return found
}

// definition is the one assignment of a local variable from a call: v := f() or
// a, v := f() (result 1).
type definition struct {
	call   *ast.CallExpr // nil when v is assigned more than once, or not from a call
	result int
}

// definitions maps each variable of the package assigned exactly once, from a
// call, to that assignment; built on first use.
func (g *guards) definitions() map[*types.Var]definition {
	if g.defs != nil {
		return g.defs
	}
	g.defs = map[*types.Var]definition{}
	info := g.pass.TypesInfo
	assigned := map[*types.Var]int{}
	note := func(e ast.Expr, call *ast.CallExpr, i int) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok {
			return
		}
		assigned[v]++
		g.defs[v] = definition{call, i}
	}
	g.insp.Preorder([]ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.RangeStmt)(nil)}, func(n ast.Node) {
		switch s := n.(type) {
		case *ast.AssignStmt:
			var call *ast.CallExpr
			if len(s.Rhs) == 1 && (s.Tok == token.DEFINE || s.Tok == token.ASSIGN) {
				call, _ = ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
			}
			for i, l := range s.Lhs {
				if len(s.Lhs) == len(s.Rhs) && len(s.Lhs) > 1 {
					note(l, nil, i)
					continue
				}
				note(l, call, i)
			}
		case *ast.ValueSpec:
			for i, name := range s.Names {
				var call *ast.CallExpr
				if len(s.Values) == 1 {
					call, _ = ast.Unparen(s.Values[0]).(*ast.CallExpr)
				}
				if len(s.Values) == 0 {
					continue // the zero value, nil: a later assignment counts
				}
				note(name, call, i)
			}
		case *ast.IncDecStmt:
			note(s.X, nil, 0)
		case *ast.UnaryExpr:
			if s.Op == token.AND {
				note(s.X, nil, 0) // its address escapes: anything may assign it
			}
		case *ast.RangeStmt:
			if s.Key != nil {
				note(s.Key, nil, 0)
			}
			if s.Value != nil {
				note(s.Value, nil, 0)
			}
		}
	})
	for v, n := range assigned {
		if n != 1 {
			g.defs[v] = definition{}
		}
	}
	return g.defs
}

// guards answers whether a node is guarded, following package-local callers.
type guards struct {
	// defs are the variables assigned once from a call; nil until needed.
	defs map[*types.Var]definition
	pass *analysis.Pass
	insp *inspector.Inspector
	// calls holds, per package-level function, the stacks of its call sites; nil
	// until needed.
	calls map[*types.Func][][]ast.Node
	// uses counts every use of each such function, to tell calls from values.
	uses map[*types.Func]int
}

func (g *guards) guarded(stack []ast.Node, depth int) bool {
	if g.locallyGuarded(stack) {
		return true
	}
	if depth >= maxDepth {
		return false
	}
	decl, ok := g.enclosing(stack).(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := g.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	g.collectCalls()
	sites := g.calls[fn]
	if len(sites) == 0 || len(sites) != g.uses[fn] {
		return false
	}
	for _, site := range sites {
		if !g.guarded(site, depth+1) {
			return false
		}
	}
	return true
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
		fn := funcValue(info, rhs)
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

// funcValue is the function or method e names without calling it (f, r.update),
// nil otherwise.
func funcValue(info *types.Info, e ast.Expr) *types.Func {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ := info.Uses[e].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := info.Uses[e.Sel].(*types.Func)
		return fn
	}
	return nil
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

// locallyGuarded applies rules 1, 2 and 3 of the package doc, within the function.
func (g *guards) locallyGuarded(stack []ast.Node) bool {
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
			if (child == p.Body || child == p.Else) && (g.mentionsDiff(p.Init) || g.mentionsDiff(p.Cond)) {
				return true
			}
			if child == p.Body && g.fillsEmpty(p.Cond, p.Body) {
				return true
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
			if g.earlyExitBefore(p.Body, child) {
				return true
			}
		case *ast.BlockStmt:
			if g.earlyExitBefore(p.List, child) {
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
			if kubetypes.Leaves(s.Body.List) && (g.mentionsDiff(s.Init) || g.mentionsDiff(s.Cond)) {
				return true
			}
			if kubetypes.Leaves(s.Body.List) && s.Init == nil && g.comparesAssigned(s.Cond, list[k+1:], child) {
				return true
			}
		case *ast.SwitchStmt:
			for _, c := range s.Body.List {
				cc := c.(*ast.CaseClause)
				if kubetypes.Leaves(cc.Body) && slices.ContainsFunc(cc.List, func(e ast.Expr) bool { return g.mentionsDiff(e) }) {
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
// (len(x.Status.Conditions) == 0, x.Status.Phase == "", x.Status.StartTime == nil)
// and body fills that field (assigns it, appends to it, or hands its address to a
// call: meta.SetStatusCondition(&x.Status.Conditions, …)): the branch runs once, and
// its write is the one that makes the field non-empty.
func (g *guards) fillsEmpty(cond ast.Expr, body *ast.BlockStmt) bool {
	info := g.pass.TypesInfo
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if tv := info.Types[x]; tv.Value != nil || tv.IsNil() {
		x, y = y, x
	}
	if tv := info.Types[y]; tv.Value == nil && !tv.IsNil() {
		return false
	}
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
			x = ast.Unparen(call.Args[0])
		}
	}
	field := statusField(info, x)
	if field == "" {
		return false
	}
	root := kubetypes.Root(info, x)
	same := func(e ast.Expr) bool {
		return statusField(info, e) == field && kubetypes.Root(info, e) == root
	}
	filled := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if same(l) {
					filled = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && same(n.X) {
				filled = true
			}
		}
		return !filled
	})
	return filled
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

// mentionsDiff reports whether n holds a diff (see the package doc and
// kubetypes.MentionsDiff).
func (g *guards) mentionsDiff(n ast.Node) bool {
	return kubetypes.MentionsDiff(g.pass.TypesInfo, n) || g.nilCheckOfUnchanged(n) || g.holdsDiff(n)
}

// holdsDiff reports whether n, outside function literals, reads a bool variable
// assigned once from a call that is a diff (inconsistent := inconsistentStatus(old,
// new); if !inconsistent { return }).
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
			if d := g.definitions()[v]; d.call != nil && d.result == 0 && kubetypes.MentionsDiff(info, d.call) {
				found = true
			}
		}
		return !found
	})
	return found
}

// migrationTo is a status write of a kind whose generated writer is in the package.
type migrationTo struct {
	writer *types.Func
	kind   string
	// fix rewrites the write to a call of the writer, where the write's place lets a
	// (bool, error) call stand in it with its error handled as before; nil elsewhere.
	fix *analysis.SuggestedFix
}

// migration finds the writer opgen generated for the kind a Status().Update or
// Status().Patch writes, Apply<Kind>Status(ctx, c client.Client, obj *Kind, desired
// KindStatus) (bool, error) in the same package, and the fix that calls it instead:
//
//	if err := r.Status().Update(ctx, obj); err != nil {   ->   if _, err := ApplyFooStatus(ctx, r.Client, obj, obj.Status); err != nil {
//	err = r.Status().Update(ctx, obj)                    ->   _, err = ApplyFooStatus(ctx, r.Client, obj, obj.Status)
//	r.Status().Update(ctx, obj)                          ->   _, _ = ApplyFooStatus(ctx, r.Client, obj, obj.Status)
func migration(pass *analysis.Pass, w write) *migrationTo {
	info := pass.TypesInfo
	fn := kubetypes.Callee(info, w.call)
	if (fn.Name() != "Update" && fn.Name() != "Patch") || len(w.call.Args) < 2 {
		return nil
	}
	obj := ast.Unparen(w.call.Args[1])
	ptr, ok := types.Unalias(info.TypeOf(obj)).(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	writer, _ := pass.Pkg.Scope().Lookup("Apply" + named.Obj().Name() + "Status").(*types.Func)
	if writer == nil {
		return nil
	}
	sig := writer.Type().(*types.Signature)
	if sig.Params().Len() != 4 || sig.Results().Len() != 2 || !types.Identical(sig.Params().At(2).Type(), ptr) {
		return nil
	}
	m := &migrationTo{writer: writer, kind: named.Obj().Name()}
	// The client: the receiver of Status(), or its embedded Client field.
	sel, ok := ast.Unparen(w.call.Fun).(*ast.SelectorExpr)
	if !ok {
		return m
	}
	status, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return m
	}
	recv, ok := ast.Unparen(status.Fun).(*ast.SelectorExpr)
	if !ok {
		return m
	}
	clientType := sig.Params().At(1).Type()
	client := types.ExprString(recv.X)
	if !types.AssignableTo(info.TypeOf(recv.X), clientType) || !isClientInterface(info.TypeOf(recv.X)) {
		f, _, _ := types.LookupFieldOrMethod(info.TypeOf(recv.X), true, pass.Pkg, "Client")
		if v, ok := f.(*types.Var); !ok || !types.AssignableTo(v.Type(), clientType) {
			return m
		}
		client += ".Client"
	}
	// obj.Status must mean obj's status: obj is a name or a selector, not &x.
	switch obj.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return m
	}
	call := fmt.Sprintf("%s(%s, %s, %s, %s.Status)", writer.Name(), types.ExprString(w.call.Args[0]), client, types.ExprString(obj), types.ExprString(obj))
	var edits []analysis.TextEdit
	switch parent := w.stack[len(w.stack)-2].(type) {
	case *ast.AssignStmt:
		if len(parent.Lhs) != 1 || len(parent.Rhs) != 1 || parent.Rhs[0] != w.call {
			return m
		}
		edits = []analysis.TextEdit{
			{Pos: parent.Lhs[0].Pos(), End: parent.Lhs[0].Pos(), NewText: []byte("_, ")},
			{Pos: w.call.Pos(), End: w.call.End(), NewText: []byte(call)},
		}
	case *ast.ExprStmt:
		edits = []analysis.TextEdit{{Pos: w.call.Pos(), End: w.call.End(), NewText: []byte("_, _ = " + call)}}
	default:
		return m // a return or a condition: what the caller does with a bool is the author's to say
	}
	m.fix = &analysis.SuggestedFix{Message: "Write status with " + writer.Name(), TextEdits: edits}
	return m
}

// isClientInterface reports whether t is an interface type (client.Client itself, or
// an interface embedding it), as opposed to a struct that embeds one.
func isClientInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
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
	if fn := kubetypes.Callee(info, call); fn == nil || fn.Name() != "Patch" || len(call.Args) < 3 {
		return false
	}
	return g.isDiffPatch(call.Args[2], call.Args[1], stack, depth)
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
		if vals := kubetypes.ValuesOf(g.pass, kubetypes.DeclaringBody(stack, v), v); len(vals) > 0 {
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
	if !ok || len(mf.Args) == 0 {
		return false
	}
	fn := kubetypes.Callee(info, mf)
	if !kubetypes.IsFunc(fn, kubetypes.ClientPkg, "MergeFrom") && !kubetypes.IsFunc(fn, kubetypes.ClientPkg, "MergeFromWithOptions") &&
		!kubetypes.IsFunc(fn, kubetypes.ClientPkg, "StrategicMergeFrom") {
		return false
	}
	return obj == nil || !sameObject(info, g.pass, stack, mf.Args[0], obj)
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
	i := kubetypes.ParamIndex(g.pass.TypesInfo, decl, v)
	fn, _ := g.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if i < 0 || fn == nil || fn.Type().(*types.Signature).Variadic() {
		return false
	}
	g.collectCalls()
	sites := g.calls[fn]
	if len(sites) == 0 || len(sites) != g.uses[fn] {
		return false
	}
	for _, site := range sites {
		call := site[len(site)-1].(*ast.CallExpr)
		if i >= len(call.Args) || !g.isDiffPatch(call.Args[i], nil, site, depth+1) {
			return false
		}
	}
	return true
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
			val := kubetypes.ValueOf(pass, kubetypes.DeclaringBody(stack, v), v)
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
	if types.ExprString(ast.Unparen(base)) == types.ExprString(ast.Unparen(obj)) {
		return true
	}
	b, o := root(base), root(obj)
	return b != nil && b == o
}

// paramOf is the function declaration on the stack, and the index of its parameter,
// that obj is (obj, &obj, *obj); nil when obj is no parameter of it.
func (g *guards) paramOf(stack []ast.Node, obj ast.Expr) (*ast.FuncDecl, int) {
	decl, ok := g.enclosing(stack).(*ast.FuncDecl)
	if !ok {
		return nil, -1
	}
	v := kubetypes.Root(g.pass.TypesInfo, obj)
	if v == nil {
		return nil, -1
	}
	i := kubetypes.ParamIndex(g.pass.TypesInfo, decl, v)
	if i < 0 {
		return nil, -1
	}
	return decl, i
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
