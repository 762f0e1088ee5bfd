package statusupdate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/switches"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Delegated is the fact of a function that writes the status of one of its
// parameters with no semantic diff guarding the write in the function: its callers
// in other packages are judged in its place (common.UpdateStatus(ctx, c, obj)).
type Delegated struct {
	// Params are the parameters whose status the function writes, by index; -1 is
	// a method's receiver (func (es *EventSource) SaveStatus(ctx, c) writes es).
	Params []int
	// Patch is the index of the parameter that holds the patch of the write (a
	// Status().Patch(ctx, obj, patch) with patch handed in), -1 when there is none: a
	// caller that hands in a MergeFrom diff writes nothing unguarded.
	Patch int
	// Requires are the switches every such write needs (rule 8 of the package doc): a
	// call that hands in a constant one of them does not have writes nothing
	// (EnsureAdmitted(ctx, Params{Object: obj, ApplyChanges: false})).
	Requires []switches.Switch
	// Clears is the index of the string parameter that names the status key every
	// write of the function sets to null, in a raw JSON merge patch (patch :=
	// []byte(`{"status":{"` + key + `": null}}`)); -1 when there is none. A call
	// with a constant key clears the status field of that JSON name.
	Clears int
	// Sets are the status fields the function assigns on its way to its one write,
	// in order, when it has one (func (l *Lifecycle) Start(ctx, t *Team) error { …;
	// t.Status.Phase = Running; write }): a caller whose condition finds the phase
	// Pending calls a write that moves it (rule 7), as it would call a helper of its
	// own package. None when the function writes in more than one place or through
	// a call.
	Sets []WriteSet
}

// WriteSet is an assignment of a status field that a Delegated function makes before
// its write: the field relative to the object ("$.Status.Phase") and the constant it
// gives (Kind and Exact, as SetField spells it), or else the right-hand side as the
// rules read it across functions (a field of the object itself, nil, an empty
// literal, "<assigned>" for a value not known, "<maybe>" for one given in a branch or
// a loop).
type WriteSet struct {
	Field, RHS string
	Kind       constant.Kind
	Exact      string
}

// AFact marks Delegated as an analysis fact.
func (*Delegated) AFact() {}

func (d *Delegated) String() string {
	s := fmt.Sprintf("delegated%v patch %d", d.Params, d.Patch)
	if d.Clears >= 0 {
		s += fmt.Sprintf(" clears %d", d.Clears)
	}
	for _, f := range d.Sets {
		v := f.Exact
		if v == "" {
			v = f.RHS
		}
		s += fmt.Sprintf(" sets %s=%s", strings.TrimPrefix(f.Field, "$.Status."), v)
	}
	for _, r := range d.Requires {
		s += " requires " + r.String()
	}
	return s
}

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

// exportDelegations exports the Delegated fact of every function of the package that
// writes the status of a parameter with nothing in the function guarding it,
// directly or through a call of another package's delegating function.
func exportDelegations(pass *analysis.Pass, g *guards, writes []write, calls []call) {
	info := pass.TypesInfo
	params := map[*types.Func][]int{}
	// sources holds, per function, the switches each of its unguarded writes (and
	// delegating calls) needs; a function's Requires is what all of them need.
	type source struct {
		stack []ast.Node
		// callee is the package's own delegating function a call writes through, nil
		// for a write or a call of another package's.
		callee *types.Func
		reqs   []switches.Switch
	}
	sources := map[*types.Func][]source{}
	// paths holds, per function, the status assignments on the way to its write.
	paths := map[*types.Func][]assignment{}
	changed := false
	add := func(stack []ast.Node, obj ast.Expr, src source) {
		decl, i := g.paramOf(stack, obj)
		if decl == nil {
			return
		}
		fn, _ := info.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return
		}
		if !slices.Contains(params[fn], i) {
			params[fn] = append(params[fn], i)
			changed = true
		}
		sources[fn] = append(sources[fn], src)
	}
	// What guards a write within its function, whoever calls it: a diff (rules 1 to
	// 3), a condition that finds the status it sets differs (rule 7, within the
	// function) or one that reads the stored status (rule 9). A helper in another
	// package whose write is behind if cond.Status != Unknown { return } is guarded
	// there, as it would be in the controller's own package.
	// localPath says so, and gives besides, for a write rule 7 does not guard, the
	// status assignments on its way within the function (the fact's Sets).
	localPath := func(stack []ast.Node, obj ast.Expr) (bool, []assignment) {
		if g.locallyGuarded(stack, obj) || g.consulted(stack, obj) || g.valuesChange(stack, obj) {
			return true, nil
		}
		return g.changeGuarded(stack, obj, nil)
	}
	localGuard := func(stack []ast.Node, obj ast.Expr) bool {
		guarded, _ := localPath(stack, obj)
		return guarded
	}
	declOf := func(stack []ast.Node) *ast.FuncDecl {
		d, _ := g.enclosing(stack).(*ast.FuncDecl)
		return d
	}
	patchParam := map[*types.Func]int{}
	// clears holds, per function, the key parameter of its null patches; -1 once one
	// of its writes is anything else.
	clears := map[*types.Func]int{}
	for _, w := range writes {
		if len(w.call.Args) < 2 {
			continue
		}
		guarded, path := localPath(w.stack, w.call.Args[1])
		if !guarded && !g.diffPatch(w.call, w.stack, 0) {
			if decl := declOf(w.stack); decl != nil {
				if fn, _ := info.Defs[decl.Name].(*types.Func); fn != nil {
					k := nullPatchKey(pass, decl, w.call)
					if prev, seen := clears[fn]; seen && prev != k {
						k = -1
					}
					clears[fn] = k
					paths[fn] = path
				}
			}
			add(w.stack, w.call.Args[1], source{stack: w.stack, reqs: switches.Requires(g.pass, w.stack, declOf(w.stack))})
			if kubetypes.Callee(info, w.call).Name() == "Patch" && len(w.call.Args) >= 3 {
				if decl, j := g.paramOf(w.stack, w.call.Args[2]); decl != nil {
					if fn, _ := info.Defs[decl.Name].(*types.Func); fn != nil {
						patchParam[fn] = j
					}
				}
			}
		}
	}
	for _, c := range calls {
		translated, off := g.translate(c.call, c.stack, c.fact.Requires)
		if off {
			continue
		}
		for _, i := range c.fact.Params {
			if arg := argAt(c.call, i); arg != nil && !localGuard(c.stack, arg) {
				add(c.stack, arg, source{stack: c.stack, reqs: append(translated, switches.Requires(g.pass, c.stack, declOf(c.stack))...)})
			}
		}
	}
	// Through the package's own calls, to a fixed point: an exported function that
	// hands its parameter to a helper that writes it delegates too.
	g.collectCalls()
	seen := map[*ast.CallExpr]bool{}
	for changed = true; changed; {
		changed = false
		for callee, sites := range g.calls {
			if len(params[callee]) == 0 {
				continue
			}
			for _, site := range sites {
				c := site[len(site)-1].(*ast.CallExpr)
				if seen[c] {
					continue
				}
				for _, i := range params[callee] {
					if arg := argAt(c, i); arg != nil && !localGuard(site, arg) {
						seen[c] = true
						add(site, arg, source{stack: site, callee: callee})
					}
				}
			}
		}
	}
	// The switches, to a fixed point over the package's own calls. A function every
	// write of which its calls turn off (a retry helper handed the object's writer,
	// not the status's) writes nothing: it is not live, and neither is a call of it.
	reqs := map[*types.Func][]switches.Switch{}
	live := map[*types.Func]bool{}
	for fn := range sources {
		live[fn] = true
	}
	for range maxDepth + 2 {
		next := map[*types.Func][]switches.Switch{}
		nextLive := map[*types.Func]bool{}
		for fn, srcs := range sources {
			var sets [][]switches.Switch
			for _, src := range srcs {
				own := src.reqs
				if src.callee != nil {
					if !live[src.callee] {
						continue
					}
					call := src.stack[len(src.stack)-1].(*ast.CallExpr)
					own = append(switches.Requires(g.pass, src.stack, declOf(src.stack)), g.holdsAt(src.stack, src.callee)...)
					translated, off := g.translate(call, src.stack, reqs[src.callee])
					if off {
						continue // the call turns the callee's writes off
					}
					own = append(translated, own...)
				}
				sets = append(sets, own)
			}
			next[fn] = switches.Intersect(sets)
			nextLive[fn] = len(sets) > 0
		}
		reqs, live = next, nextLive
	}
	for fn, ps := range params {
		if !fn.Exported() || !live[fn] {
			continue // no other package calls it, or every call of it writes nothing
		}
		slices.Sort(ps)
		patch, ok := patchParam[fn]
		if !ok {
			patch = -1
		}
		clear, ok := clears[fn]
		if !ok {
			clear = -1
		}
		var sets []WriteSet
		if srcs := sources[fn]; len(srcs) == 1 && srcs[0].callee == nil && len(ps) == 1 {
			sets = setFields(paths[fn])
		}
		pass.ExportObjectFact(fn, &Delegated{Params: ps, Patch: patch, Requires: reqs[fn], Clears: clear, Sets: sets})
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
		f, _ := syntax.EnclosingFunc(stack) // a literal's return is its own
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

// nillable reports whether a value of type t can be nil and still stand for an
// object: a pointer, map, slice or interface other than error.
func nillable(t types.Type) bool {
	if syntax.IsError(t) {
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

// CopyPatch is the fact of a function that returns a MergeFrom diff of a deep copy it
// takes itself (func (c *Cluster) NewPatch() client.Patch { old := c.DeepCopy();
// return client.MergeFrom(old) }): the base is the object as it was at the call, so a
// status Patch with it, after the caller changed the object, sends only what changed
// (rule 5 of the package doc).
type CopyPatch struct {
	// Result is the index of the result that holds the patch.
	Result int
}

// AFact marks CopyPatch as an analysis fact.
func (*CopyPatch) AFact() {}

func (c *CopyPatch) String() string { return fmt.Sprintf("copy patch %d", c.Result) }

// exportCopyPatches exports the CopyPatch fact of every function of the package whose
// one client.Patch result is, at every return, a MergeFrom of a deep copy (or nil).
func exportCopyPatches(pass *analysis.Pass, g *guards) {
	g.copyPatches = map[*types.Func]int{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if i := copyPatchResult(pass, decl, fn); i >= 0 {
				g.copyPatches[fn] = i
				pass.ExportObjectFact(fn, &CopyPatch{Result: i})
			}
		}
	}
}

// copyPatchResult is the index of decl's result that every return fills with a
// MergeFrom of a deep copy, or -1.
func copyPatchResult(pass *analysis.Pass, decl *ast.FuncDecl, fn *types.Func) int {
	info := pass.TypesInfo
	results := fn.Signature().Results()
	idx := -1
	for i := range results.Len() {
		if kubetypes.IsNamed(results.At(i).Type(), kubetypes.ClientPkg, "Patch") {
			if idx >= 0 {
				return -1 // two patches: which one is written is the caller's
			}
			idx = i
		}
	}
	if idx < 0 {
		return -1
	}
	copied := func(e ast.Expr) bool {
		mf, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(mf.Args) == 0 {
			return false
		}
		return mergeFrom(kubetypes.Callee(info, mf)) && deepCopy(pass, decl.Body, mf.Args[0], 0)
	}
	returns := 0
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || !ok {
			return false // a literal's returns are its own
		}
		ret, isRet := n.(*ast.ReturnStmt)
		if !isRet {
			return true
		}
		returns++
		if len(ret.Results) != results.Len() {
			ok = false // a bare return, or a call's results handed on
			return false
		}
		e := ret.Results[idx]
		if info.Types[e].IsNil() {
			return false
		}
		if id, isID := ast.Unparen(e).(*ast.Ident); isID {
			v, isVar := info.Uses[id].(*types.Var)
			vals := []ast.Expr(nil)
			if isVar {
				vals = syntax.ValuesOf(pass, decl.Body, v)
			}
			if len(vals) == 0 || slices.ContainsFunc(vals, func(val ast.Expr) bool { return !copied(val) }) {
				ok = false
			}
			return false
		}
		ok = ok && copied(e)
		return false
	})
	if !ok || returns == 0 {
		return -1
	}
	return idx
}

// deepCopy reports whether e is a deep copy the function takes (obj.DeepCopy(),
// obj.DeepCopyObject().(client.Object)), or a local variable every value of which is
// one.
func deepCopy(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	e = ast.Unparen(e)
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		e = ast.Unparen(ta.X)
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		return copies(x)
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[x].(*types.Var)
		if !ok || depth > 3 {
			return false
		}
		vals := syntax.ValuesOf(pass, body, v)
		return len(vals) > 0 && !slices.ContainsFunc(vals, func(val ast.Expr) bool { return !deepCopy(pass, body, val, depth+1) })
	}
	return false
}

// rawPatchData is what a raw patch of the given type (a constant name of
// k8s.io/apimachinery/pkg/types) converts to bytes: data in client.RawPatch(types.
// <patchType>, []byte(data)), the conversion in place or the value of a variable
// assigned once, which valueOf gives (nil when it cannot); nil when raw is no such
// patch.
func rawPatchData(info *types.Info, raw ast.Expr, patchType string, valueOf func(*types.Var) ast.Expr) ast.Expr {
	call, ok := ast.Unparen(raw).(*ast.CallExpr)
	if !ok || !kubetypes.IsFunc(kubetypes.Callee(info, call), kubetypes.ClientPkg, "RawPatch") || len(call.Args) != 2 {
		return nil
	}
	if sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); !ok || sel.Sel.Name != patchType {
		return nil
	}
	data := ast.Expr(call.Args[1])
	if id, ok := ast.Unparen(data).(*ast.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil {
			return nil
		}
		if data = valueOf(v); data == nil {
			return nil
		}
	}
	conv, ok := ast.Unparen(data).(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 || !info.Types[conv.Fun].IsType() {
		return nil
	}
	return conv.Args[0]
}

// nullPatchKey is the index of the string parameter of decl that a status Patch sets
// to null: Patch(ctx, obj, client.RawPatch(types.MergePatchType, patch)), patch
// assigned once []byte(`{"status":{"` + key + `": null}}`) (or the conversion in
// place); -1 when call is no such write.
func nullPatchKey(pass *analysis.Pass, decl *ast.FuncDecl, call *ast.CallExpr) int {
	info := pass.TypesInfo
	if len(call.Args) < 3 || kubetypes.Callee(info, call).Name() != "Patch" {
		return -1
	}
	data := rawPatchData(info, call.Args[2], "MergePatchType", func(v *types.Var) ast.Expr { return syntax.ValueOf(pass, decl.Body, v) })
	if data == nil {
		return -1
	}
	// prefix + key + suffix, the constants spelled as they are.
	var parts []ast.Expr
	var flatten func(e ast.Expr)
	flatten = func(e ast.Expr) {
		if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		parts = append(parts, e)
	}
	flatten(data)
	if len(parts) != 3 {
		return -1
	}
	pre, suf := info.Types[parts[0]].Value, info.Types[parts[2]].Value
	if pre == nil || suf == nil || pre.Kind() != constant.String || suf.Kind() != constant.String {
		return -1
	}
	squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
	if !strings.HasSuffix(squash(constant.StringVal(pre)), `{"status":{"`) || !strings.HasPrefix(squash(constant.StringVal(suf)), `":null}}`) {
		return -1
	}
	id, ok := ast.Unparen(parts[1]).(*ast.Ident)
	if !ok {
		return -1
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return -1
	}
	return syntax.ParamIndex(info, decl, v)
}

// setFields are the assignments of a path as a Delegated fact carries them: each
// field with the constant it gives, or with the right-hand side when that means the
// same in the caller, or as given something. A part of a list named after a
// parameter (partName) means nothing in another package: the path says nothing
// then, since a caller could not tell what it overwrites.
func setFields(path []assignment) []WriteSet {
	var out []WriteSet
	for _, a := range path {
		if namedPart(a.lhs) {
			return nil
		}
		f := WriteSet{Field: a.lhs, RHS: opaque}
		switch {
		case a.value != nil && (SetField{Kind: a.value.Kind(), Exact: a.value.ExactString()}).value() != nil:
			f.Exact, f.Kind, f.RHS = a.value.ExactString(), a.value.Kind(), ""
		case a.portable && a.value == nil:
			f.RHS = a.rhs
		case a.rhs == maybeAssigned:
			f.RHS = maybeAssigned
		}
		out = append(out, f)
	}
	return out
}

// assigned are the assignments a call of a Delegated function makes, as its caller
// reads them (rule 7).
func (d *Delegated) assigned() []assignment {
	var out []assignment
	for _, f := range d.Sets {
		a := assignment{lhs: f.Field, rhs: f.RHS, portable: true}
		if f.Exact != "" {
			a.rhs = f.Exact
			a.value = SetField{Kind: f.Kind, Exact: f.Exact}.value()
			if a.value == nil || a.value.Kind() == constant.Unknown {
				a.value, a.rhs = nil, opaque
			}
		}
		out = append(out, a)
	}
	return out
}
