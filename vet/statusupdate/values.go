package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// This file holds the path analysis of rule 7's constants: what each status field of
// the written object may hold, as stored and as the object holds it, on every path
// from the function's entry to the write. Where the per-shape readings of change.go
// take one condition at a time, this runs the function: if and else if, switches with
// and without a tag, their defaults, early exits, && and ||, writes that store what the
// object holds, in any nesting. The write is a change when on every path some field
// holds a value it cannot hold as stored.

// maxStates bounds the paths followed at once; past it they are joined (see join),
// and when that leaves more the analysis proves nothing.
var maxStates = 128

// fieldValues is what one status field may hold: a set of the constants the function
// compares it with or gives it (bit i for consts[i]) and of any other value (the bit
// past them).
type fieldValues struct {
	// stored is what the API server may hold; cur what the object may hold.
	stored, cur uint64
	// same says the object holds what is stored (cur is stored, not a copy of it).
	same bool
}

// pathState is one path's knowledge: per tracked field, its values.
type pathState struct {
	fields map[string]fieldValues
	// facts are the stable bool variables the path found true or false.
	facts map[*types.Var]bool
	// failed is the error variable of a status write that failed on this path (the
	// write stored nothing), ok the one of a write that succeeded; the path's test of
	// that variable tells them apart.
	failed, ok *types.Var
	// answered is what the return a function run inline left through on this path
	// gives in its bool results, for its caller to read (see answers).
	answered answer
}

// answer is, of a return's results, how many there are (n), and which of the first
// 32 are bools known (known) to be true or false (val): a constant, or a variable
// the path found so.
type answer struct {
	n          int
	known, val uint32
}

// answerOf is what the return ret gives in its bool results on the path st.
func (vp *valuePaths) answerOf(ret *ast.ReturnStmt, st pathState) answer {
	a := answer{n: len(ret.Results)}
	for i, e := range ret.Results {
		if i >= 32 {
			break
		}
		b, known := false, false
		if tv := vp.info.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
			b, known = constant.BoolVal(tv.Value), true
		} else if v := vp.stableBool(ast.Unparen(e)); v != nil {
			b, known = st.facts[v]
		}
		if known {
			a.known |= 1 << i
			if b {
				a.val |= 1 << i
			}
		}
	}
	return a
}

func (s pathState) with(key string, f fieldValues) pathState {
	m := make(map[string]fieldValues, len(s.fields))
	for k, v := range s.fields {
		m[k] = v
	}
	m[key] = f
	return pathState{fields: m, facts: s.facts, failed: s.failed, ok: s.ok, answered: s.answered}
}

// knowing is s with v found b.
func (s pathState) knowing(v *types.Var, b bool) pathState {
	m := make(map[*types.Var]bool, len(s.facts)+1)
	for k, x := range s.facts {
		m[k] = x
	}
	m[v] = b
	s.facts = m
	return s
}

func (s pathState) equal(o pathState) bool {
	if len(s.fields) != len(o.fields) || !s.sameFacts(o) {
		return false
	}
	for k, v := range s.fields {
		if o.fields[k] != v {
			return false
		}
	}
	return true
}

// valuePaths runs one function to one node.
type valuePaths struct {
	k      keyer
	info   *types.Info
	target ast.Node
	// consts are the tracked fields' constants; a field with none is not tracked.
	consts map[string][]constant.Value
	// at are the states that reach the target.
	at []pathState
	// breaks collects the states a break leaves with, for the innermost switch or
	// select; nil inside a loop (a loop's after-state covers them).
	breaks *[]pathState
	// gaveUp is set when the function holds something the analysis does not follow.
	gaveUp bool
	// body is the function's; stable caches which bool variables it never assigns
	// past their declaration.
	body   *ast.BlockStmt
	stable map[*types.Var]bool
	// tracked caches which bool locals of body, assigned again, the path follows
	// from assignment to assignment (see trackedVar).
	tracked map[*types.Var]bool
	// returns collects the states a return leaves with, in a function run inline
	// for its caller (see inline); nil in the function judged.
	returns *[]pathState
	// depth is how many calls deep the run is inline.
	depth int
	// inRetry counts the conflict-retry literals being run (see retryLit): a read
	// of the object again there refreshes it for the write, and what the pass found
	// stored stands.
	inRetry int
	// alias maps a bool parameter of a function run inline to the caller's stable
	// variable the call hands it: a test of one is a test of the other.
	alias map[*types.Var]*types.Var
}

// maxInline bounds how many calls deep a function is run inline.
const maxInline = 2

// returned tags a state a run inline returns with: ok when the function answered a
// nil error, failed when it answered the error of a status write that failed. The
// call's statement gives the tag to the variable it assigns.
var returned = types.NewVar(token.NoPos, nil, "<returned>", types.Universe.Lookup("error").Type())

// valuesChange reports whether the status write on top of stack, of obj, changes a
// status field on every path through its function, or through every caller's with
// the function run inline.
func (g *guards) valuesChange(stack []ast.Node, obj ast.Expr) bool {
	if obj == nil {
		return false
	}
	target := stack[len(stack)-1]
	if call, ok := target.(*ast.CallExpr); !ok || !kubetypes.IsStatusWrite(g.pass.TypesInfo, call) {
		// A call of the function that writes: what that function does before its
		// write (another write among it) is not in the assignments carried to the
		// call; valuesViaCallers runs it inline from the write itself.
		return false
	}
	return g.valuesIn(stack, obj, target) || g.valuesViaCallers(stack, obj, target, 0)
}

// valuesViaCallers reports whether every caller of the function around stack, run
// from its own entry with that function inline at the call, reaches target only with
// a field changed; or, when one does not prove it, every caller of that caller, up to
// maxInline calls. The function must be one whose every use is a call of the package
// handing it the object as a parameter.
func (g *guards) valuesViaCallers(stack []ast.Node, obj ast.Expr, target ast.Node, depth int) bool {
	if depth >= maxInline {
		return false
	}
	decl, fn := g.enclosingDecl(stack)
	v := syntax.Root(g.pass.TypesInfo, obj)
	if fn == nil || v == nil || text(obj) != v.Name() {
		return false
	}
	param := syntax.ParamIndex(g.pass.TypesInfo, decl, v)
	if param < 0 {
		return false
	}
	return g.everyCallArg(fn, param, func(site []ast.Node, arg ast.Expr) bool {
		return g.valuesIn(site, arg, target) || g.valuesViaCallers(site, arg, target, depth+1)
	})
}

// valuesIn runs the function around stack, obj being the written object there, and
// reports whether every path that reaches target (in it, or in a function it runs
// inline) changes a field.
func (g *guards) valuesIn(stack []ast.Node, obj ast.Expr, target ast.Node) bool {
	var body *ast.BlockStmt
	for i := len(stack) - 1; i >= 0 && body == nil; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			// A closure runs when and as often as its caller says, but one a conflict
			// retry runs in place is run where it stands (see retryLit).
			if !kubetypes.InConflictRetry(g.pass.TypesInfo, stack[:i+1]) {
				return false
			}
		}
	}
	if body == nil {
		return false
	}
	k := newKeyer(g, stack, obj)
	vp := &valuePaths{k: k, info: g.pass.TypesInfo, target: target, consts: map[string][]constant.Value{}, body: body, stable: map[*types.Var]bool{}, tracked: map[*types.Var]bool{}}
	vp.collect(body)
	if len(vp.consts) == 0 {
		return false
	}
	entry := pathState{fields: map[string]fieldValues{}}
	for key := range vp.consts {
		entry.fields[key] = fieldValues{stored: vp.all(key), cur: vp.all(key), same: true}
	}
	vp.list(body.List, []pathState{entry})
	if vp.gaveUp || len(vp.at) == 0 {
		return false
	}
	return !slices.ContainsFunc(vp.at, func(st pathState) bool { return !vp.changed(st) })
}

// changed reports whether some field of st holds, in the object, none of the values
// it may hold as stored.
func (vp *valuePaths) changed(st pathState) bool {
	for _, f := range st.fields {
		if !f.same && f.cur&f.stored == 0 {
			return true
		}
	}
	return false
}

// collect finds the tracked fields and their constants: those compared with a
// constant (==, !=, a case of a switch on the field) or given one, in body and in the
// functions it runs inline.
func (vp *valuePaths) collect(body *ast.BlockStmt) {
	add := func(key string, v constant.Value) {
		if !strings.HasPrefix(key, "$.Status.") || v == nil {
			return
		}
		cs := vp.consts[key]
		if slices.ContainsFunc(cs, func(c constant.Value) bool { return sameConst(c, v) }) || len(cs) >= 62 {
			return
		}
		vp.consts[key] = append(cs, v)
		if v.Kind() == constant.Bool && len(cs) == 0 {
			vp.consts[key] = append(vp.consts[key], constant.MakeBool(!constant.BoolVal(v)))
		}
	}
	vp.collectIn(body, add, map[*ast.FuncDecl]bool{})
}

// collectIn gathers the constants of body, and of the functions it runs inline.
func (vp *valuePaths) collectIn(body *ast.BlockStmt, add func(string, constant.Value), seen map[*ast.FuncDecl]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if e, ok := vp.predicate(n); ok {
				// The predicate's tests, read as the caller's.
				ast.Inspect(e, func(m ast.Node) bool {
					if b, ok := m.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
						if key, v := vp.compared(b); key != "" {
							add(key, v)
						}
					}
					return true
				})
			}
			if decl, param := vp.inlinable(n); decl != nil && !seen[decl] {
				seen[decl] = true
				saved := vp.k
				vp.k = keyer{g: saved.g, obj: param, stack: []ast.Node{decl, decl.Body}}
				vp.depth++
				vp.collectIn(decl.Body, add, seen)
				vp.depth--
				vp.k = saved
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				if key, v := vp.compared(n); key != "" {
					add(key, v)
				}
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				key := vp.key(n.Tag)
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						add(key, vp.info.Types[e].Value)
					}
				}
			}
		case *ast.AssignStmt:
			for _, a := range vp.k.assigns([]ast.Stmt{n}) {
				add(a.lhs, a.value)
				for _, v := range a.values {
					add(a.lhs, v)
				}
			}
		case *ast.ExprStmt:
			for _, a := range append(vp.k.assigns([]ast.Stmt{n}), vp.k.reasonAssigns(n)...) {
				add(a.lhs, a.value)
			}
		}
		return true
	})
}

// key is e's key, a field of a condition found by meta.FindStatusCondition keying as
// that condition's status or reason (see keyer.conditionField).
func (vp *valuePaths) key(e ast.Expr) string {
	key := vp.k.key(e)
	if !strings.HasPrefix(key, "$.") && vp.k.g != nil {
		if ck := vp.k.conditionField(e); ck != "" {
			return ck
		}
	}
	return key
}

// compared is the field and the constant of a comparison of a status field with a
// constant, either way round; "" when x is none.
func (vp *valuePaths) compared(x *ast.BinaryExpr) (string, constant.Value) {
	for _, side := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
		v := vp.info.Types[side[1]].Value
		if v == nil {
			continue
		}
		if key := vp.key(side[0]); strings.HasPrefix(key, "$.Status.") {
			return key, v
		}
	}
	return "", nil
}

// bit is the set of v among key's constants; ok is false when v is none of them.
func (vp *valuePaths) bit(key string, v constant.Value) (uint64, bool) {
	i := slices.IndexFunc(vp.consts[key], func(c constant.Value) bool { return sameConst(c, v) })
	if i < 0 {
		return 0, false
	}
	return 1 << i, true
}

func (vp *valuePaths) all(key string) uint64 {
	return uint64(1)<<(len(vp.consts[key])+1) - 1
}

// refine keeps of st what holds when key's value is in m (or not in it, when !in);
// ok is false when nothing does.
func (vp *valuePaths) refine(st pathState, key string, m uint64, in bool) (pathState, bool) {
	f, tracked := st.fields[key]
	if !tracked {
		return st, true
	}
	if !in {
		m = vp.all(key) &^ m
	}
	if f.same {
		f.stored &= m
		f.cur = f.stored
	} else {
		f.cur &= m
	}
	if f.cur == 0 {
		return st, false
	}
	return st.with(key, f), true
}

// split is st where key's value is in m, and where it is not; each empty when no
// value can be so.
func (vp *valuePaths) split(st pathState, key string, m uint64) (in, out []pathState) {
	if y, ok := vp.refine(st, key, m, true); ok {
		in = append(in, y)
	}
	if n, ok := vp.refine(st, key, m, false); ok {
		out = append(out, n)
	}
	return in, out
}

// cond splits states by e: those where it may be true, and those where it may be
// false.
func (vp *valuePaths) cond(e ast.Expr, states []pathState) (t, f []pathState) {
	for _, st := range states {
		ts, fs := vp.cond1(e, st)
		t, f = append(t, ts...), append(f, fs...)
	}
	return dedup(t), dedup(f)
}

func (vp *valuePaths) cond1(e ast.Expr, st pathState) (t, f []pathState) {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			f, t = vp.cond1(x.X, st)
			return t, f
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			ta, fa := vp.cond1(x.X, st)
			tb, fb := vp.cond(x.Y, ta)
			return tb, append(fa, fb...)
		case token.LOR:
			ta, fa := vp.cond1(x.X, st)
			tb, fb := vp.cond(x.Y, fa)
			return append(ta, tb...), fb
		case token.EQL, token.NEQ:
			if key, v := vp.compared(x); key != "" {
				m, ok := vp.bit(key, v)
				if !ok {
					break
				}
				yes, no := vp.split(st, key, m)
				if x.Op == token.NEQ {
					yes, no = no, yes
				}
				return yes, no
			}
			if v := vp.errTested(x); v != nil {
				// err != nil after a write: the write failed on the paths that say so.
				fails, oks := []pathState{st}, []pathState{st}
				switch v {
				case st.failed:
					oks = nil
				case st.ok:
					fails = nil
				}
				if x.Op == token.NEQ {
					return fails, oks
				}
				return oks, fails
			}
		}
	case *ast.CallExpr:
		if e, ok := vp.predicate(x); ok {
			return vp.cond1(e, st)
		}
	case *ast.Ident, *ast.SelectorExpr:
		if v := vp.stableBool(x); v != nil {
			// The same test of a variable nothing assigns again says the same.
			if b, known := st.facts[v]; known {
				if b {
					return []pathState{st}, nil
				}
				return nil, []pathState{st}
			}
			return []pathState{st.knowing(v, true)}, []pathState{st.knowing(v, false)}
		}
		// A bool status field as it is.
		key := vp.k.key(x)
		if m, ok := vp.bit(key, constant.MakeBool(true)); ok {
			return vp.split(st, key, m)
		}
	}
	return []pathState{st}, []pathState{st}
}

// predicate is what call tests, spelled in the caller's terms, when call is a
// predicate of the package on status fields: a function whose body is a single
// return of a bool expression of its parameters, each status field handed to it
// as it is (isTerminal(obj.Status.Phase), func isTerminal(p string) bool { return
// p == Done || p == Failed }). The expression is rebuilt with each parameter
// replaced by its argument, through !, &&, ||, == and != and parentheses; a
// parameter used any other way, or one handed something that is no status field,
// makes call no predicate.
func (vp *valuePaths) predicate(call *ast.CallExpr) (ast.Expr, bool) {
	fn := kubetypes.Callee(vp.info, call)
	if fn == nil || fn.Pkg() != vp.k.g.pass.Pkg {
		return nil, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Variadic() || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) || sig.Params().Len() != len(call.Args) {
		return nil, false
	}
	decl := syntax.DeclOf(vp.k.g.pass, fn)
	if decl == nil || decl.Body == nil || len(decl.Body.List) != 1 {
		return nil, false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, false
	}
	args := map[types.Object]ast.Expr{}
	for i := range sig.Params().Len() {
		args[sig.Params().At(i)] = call.Args[i]
	}
	var rebuild func(e ast.Expr) (ast.Expr, bool)
	rebuild = func(e ast.Expr) (ast.Expr, bool) {
		switch x := e.(type) {
		case *ast.ParenExpr:
			return rebuild(x.X)
		case *ast.UnaryExpr:
			if x.Op != token.NOT {
				return nil, false
			}
			y, ok := rebuild(x.X)
			return &ast.UnaryExpr{Op: token.NOT, X: y}, ok
		case *ast.BinaryExpr:
			switch x.Op {
			case token.LAND, token.LOR, token.EQL, token.NEQ:
			default:
				return nil, false
			}
			a, okA := rebuild(x.X)
			b, okB := rebuild(x.Y)
			return &ast.BinaryExpr{X: a, Op: x.Op, Y: b}, okA && okB
		case *ast.Ident:
			obj := vp.info.Uses[x]
			if arg, isParam := args[obj]; isParam {
				return arg, strings.HasPrefix(vp.k.key(arg), "$.Status.")
			}
			if vp.info.Types[x].Value != nil || vp.info.Types[x].IsNil() {
				return x, true // a constant, true, false, nil
			}
			return nil, false
		case *ast.BasicLit, *ast.SelectorExpr:
			if vp.info.Types[x].Value != nil {
				return x, true // a constant, of this package or another
			}
		}
		return nil, false
	}
	return rebuild(ret.Results[0])
}

// stableBool is the bool variable e names when the function assigns it nowhere past
// its declaration and takes no address of it; nil otherwise.
func (vp *valuePaths) stableBool(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := vp.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	if vp.stableVar(v) {
		return vp.aliased(v)
	}
	if vp.trackedVar(v) {
		return v
	}
	return nil
}

// trackedVar reports whether v is a bool local of the function being run (declared
// in its body, so no parameter), assigned again past its declaration but by no
// function literal and never handed out by address: what a test finds of it holds
// until the next assignment on the path, which gives it a constant or makes it
// unknown (see boolAssigns), and a loop that assigns it makes it unknown at its
// start (jobExists := true; if err != nil { jobExists = false }; if !jobExists &&
// done { return }; if !jobExists { … }: past the first if, the second finds done
// false).
func (vp *valuePaths) trackedVar(v *types.Var) bool {
	if v.IsField() || !types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) || vp.body == nil ||
		v.Pos() < vp.body.Pos() || v.Pos() >= vp.body.End() || v.Pkg() != vp.k.g.pass.Pkg {
		return false
	}
	if t, seen := vp.tracked[v]; seen {
		return t
	}
	tracked := true
	var inLit func(n ast.Node, lit bool) bool
	inLit = func(n ast.Node, lit bool) bool {
		ast.Inspect(n, func(x ast.Node) bool {
			if !tracked {
				return false
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				if x != n {
					inLit(x.Body, true)
					return false
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && vp.info.Uses[id] == v && lit {
						tracked = false
					}
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND && vp.info.Uses[id] == v {
					tracked = false
				}
			case *ast.RangeStmt:
				// A range's key or value is assigned by the loop, not by a statement the
				// path runs.
				for _, e := range []ast.Expr{x.Key, x.Value} {
					if id, ok := e.(*ast.Ident); ok && vp.info.ObjectOf(id) == v {
						tracked = false
					}
				}
			case *ast.CommClause:
				if as, ok := x.Comm.(*ast.AssignStmt); ok {
					for _, l := range as.Lhs {
						if id, ok := ast.Unparen(l).(*ast.Ident); ok && vp.info.ObjectOf(id) == v {
							tracked = false
						}
					}
				}
			}
			return true
		})
		return tracked
	}
	inLit(vp.body, false)
	vp.tracked[v] = tracked
	return tracked
}

// boolAssigns are the tracked bool variables (trackedVar, not stable) that st
// assigns, each with the constant it gives, nil when it gives no constant.
func (vp *valuePaths) boolAssigns(st ast.Stmt) map[*types.Var]*bool {
	out := map[*types.Var]*bool{}
	// give records v given its i-th value of values: a constant, false for a
	// declaration without values, nothing known for a call's several results.
	give := func(id *ast.Ident, values []ast.Expr, n, i int) {
		v, ok := vp.info.ObjectOf(id).(*types.Var)
		if !ok || vp.stableVar(v) || !vp.trackedVar(v) {
			return
		}
		switch {
		case len(values) == 0:
			no := false
			out[v] = &no
		case len(values) == n:
			out[v] = boolConst(vp.info, values[i])
		default:
			out[v] = nil
		}
	}
	switch st := st.(type) {
	case *ast.AssignStmt:
		for i, l := range st.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok {
				give(id, st.Rhs, len(st.Lhs), i)
			}
		}
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					give(name, vs.Values, len(vs.Names), i)
				}
			}
		}
	}
	return out
}

// forget is s knowing nothing of the variables vs.
func (s pathState) forget(vs map[*types.Var]*bool) pathState {
	changed := false
	for v := range vs {
		if _, known := s.facts[v]; known {
			changed = true
		}
	}
	if !changed {
		return s
	}
	m := maps.Clone(s.facts)
	for v := range vs {
		delete(m, v)
	}
	s.facts = m
	return s
}

// aliased is the caller's variable a bool parameter of a function run inline stands
// for, v itself otherwise.
func (vp *valuePaths) aliased(v *types.Var) *types.Var {
	if a := vp.alias[v]; a != nil {
		return a
	}
	return v
}

// stableVar reports whether v is a local bool variable of the package that the
// function being run never assigns past its declaration, nor hands out by address.
func (vp *valuePaths) stableVar(v *types.Var) bool {
	if v.IsField() || !types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
		return false
	}
	if s, seen := vp.stable[v]; seen {
		return s
	}
	stable := v.Parent() != nil && v.Pkg() == vp.k.g.pass.Pkg
	ast.Inspect(vp.body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && vp.info.Uses[id] == v {
					stable = false
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND && vp.info.Uses[id] == v {
				stable = false
			}
		case *ast.FuncLit:
			return false
		}
		return stable
	})
	vp.stable[v] = stable
	return stable
}

// errTested is the variable x compares with nil; nil when it is no such test.
func (vp *valuePaths) errTested(x *ast.BinaryExpr) *types.Var {
	for _, side := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
		if !vp.info.Types[side[1]].IsNil() {
			continue
		}
		if id, ok := ast.Unparen(side[0]).(*ast.Ident); ok {
			if v, ok := vp.info.ObjectOf(id).(*types.Var); ok {
				return v
			}
		}
	}
	return nil
}

// join merges the states that alike says are alike into one each, whose fields may
// hold what any of them may: the values of each field, as stored and as the object
// holds them, are the union, the object holds what is stored only where it did on
// each, and the bool variables found are those every one found alike. A field that
// changes in the join changes on every path joined, so whatever the join proves
// holds of each; what it loses is which values went together (a write may be proven
// no more).
func join(states []pathState, alike func(a, b pathState) bool) []pathState {
	var out []pathState
	for _, s := range states {
		i := slices.IndexFunc(out, func(o pathState) bool { return alike(o, s) })
		if i < 0 {
			out = append(out, s)
			continue
		}
		o := out[i]
		fields := make(map[string]fieldValues, len(o.fields))
		for k, v := range o.fields {
			w, ok := s.fields[k]
			if !ok {
				continue // a field one path does not track is unknown on it
			}
			fields[k] = fieldValues{stored: v.stored | w.stored, cur: v.cur | w.cur, same: v.same && w.same}
		}
		facts := map[*types.Var]bool{}
		for k, v := range o.facts {
			if x, ok := s.facts[k]; ok && x == v {
				facts[k] = v
			}
		}
		o.fields, o.facts = fields, facts
		out[i] = o
	}
	return out
}

// sameWrites reports whether s and o know the same of the status writes' errors.
func (s pathState) sameWrites(o pathState) bool {
	return s.failed == o.failed && s.ok == o.ok && s.answered == o.answered
}

// sameFacts reports whether s and o know the same of the bool variables and of the
// status writes' errors.
func (s pathState) sameFacts(o pathState) bool {
	if !s.sameWrites(o) || len(s.facts) != len(o.facts) {
		return false
	}
	for k, v := range s.facts {
		if x, ok := o.facts[k]; !ok || x != v {
			return false
		}
	}
	return true
}

func dedup(states []pathState) []pathState {
	var out []pathState
	for _, s := range states {
		if !slices.ContainsFunc(out, s.equal) {
			out = append(out, s)
		}
	}
	return out
}

// contains reports whether n holds the target.
func (vp *valuePaths) contains(n ast.Node) bool {
	return n != nil && n.Pos() <= vp.target.Pos() && vp.target.End() <= n.End()
}

// list runs the statements of a block; it returns the states that fall through.
func (vp *valuePaths) list(list []ast.Stmt, states []pathState) []pathState {
	for _, st := range list {
		if len(states) == 0 || vp.gaveUp {
			return nil
		}
		states = vp.stmt(st, states)
		if len(states) > maxStates {
			states = join(states, pathState.sameFacts)
		}
		if len(states) > maxStates {
			states = join(states, pathState.sameWrites)
		}
		if len(states) > maxStates {
			vp.gaveUp = true
		}
	}
	return states
}

func (vp *valuePaths) stmt(st ast.Stmt, states []pathState) []pathState {
	switch s := st.(type) {
	case *ast.BlockStmt:
		return vp.list(s.List, states)
	case *ast.LabeledStmt:
		return vp.stmt(s.Stmt, states)
	case *ast.ReturnStmt:
		out := vp.simple(s, states)
		if vp.returns != nil {
			for _, st := range out {
				st := vp.returnTag(s, st)
				st.answered = vp.answerOf(s, st)
				*vp.returns = append(*vp.returns, st)
			}
		}
		return nil
	case *ast.BranchStmt:
		switch {
		case s.Tok == token.BREAK && s.Label == nil && vp.breaks != nil:
			*vp.breaks = append(*vp.breaks, states...)
		case s.Tok == token.GOTO || s.Tok == token.FALLTHROUGH:
			vp.gaveUp = true
		}
		// A break or continue of a loop: the loop's after-state covers it.
		return nil
	case *ast.IfStmt:
		if s.Init != nil {
			states = vp.simple(s.Init, states)
		}
		if vp.contains(s.Cond) {
			vp.at = append(vp.at, states...)
		}
		t, f := vp.cond(s.Cond, states)
		out := vp.list(s.Body.List, t)
		if s.Else != nil {
			f = vp.stmt(s.Else, f)
		}
		return dedup(append(out, f...))
	case *ast.SwitchStmt:
		return vp.switchStmt(s, states)
	case *ast.TypeSwitchStmt, *ast.SelectStmt:
		return vp.clauses(st, states)
	case *ast.ForStmt, *ast.RangeStmt:
		return vp.loop(st, states)
	case *ast.DeferStmt, *ast.GoStmt:
		if vp.contains(st) {
			vp.gaveUp = true
		}
		return states
	}
	return vp.simple(st, states)
}

// returnTag tags st, a state a return of a function run inline leaves with, by the
// error it answers: nil, or the error variable a status write was assigned to (ok or
// failed on this path); st as it is otherwise.
func (vp *valuePaths) returnTag(ret *ast.ReturnStmt, st pathState) pathState {
	if len(ret.Results) == 0 {
		st.ok, st.failed = returned, nil
		return st
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	if st.ok == returned || st.failed == returned {
		return st // a write's or a helper's answer, tagged where it ran
	}
	// return err: the error of a write or a helper tested on the way.
	if id, isIdent := last.(*ast.Ident); isIdent {
		switch v := vp.info.ObjectOf(id); {
		case st.failed != nil && v == st.failed:
			st.ok, st.failed = nil, returned
			return st
		case st.ok != nil && v == st.ok:
			st.ok, st.failed = returned, nil
			return st
		}
	}
	st.ok, st.failed = nil, nil
	if vp.info.Types[last].IsNil() {
		st.ok = returned
	}
	return st
}

// answers is st past the statement as, which assigns the results of a call run
// inline, knowing each stable bool variable it defines or assigns to be what the
// return st left the function through gives in its place, when that is known there:
// a bool constant, or a bool the path found (if res, stop, err := r.claim(ctx, obj);
// stop { return res, err }: the paths on which claim answered return res, true,
// r.fail(…), or return ok, … past if ok, leave, and those of return res, false, nil
// go on). A path that fell off the end, or a return of another shape, knows nothing.
func (vp *valuePaths) answers(as ast.Stmt, st pathState) pathState {
	ret := st.answered
	st.answered = answer{}
	assign, ok := as.(*ast.AssignStmt)
	if !ok || ret.n == 0 || len(assign.Rhs) != 1 || len(assign.Lhs) != ret.n {
		return st
	}
	for i, l := range assign.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := vp.info.ObjectOf(id).(*types.Var)
		if !ok || !vp.stableVar(v) {
			continue
		}
		v = vp.aliased(v)
		// Defined again (in a loop): what an earlier run found is past.
		st = st.forget(map[*types.Var]*bool{v: nil})
		if i < 32 && ret.known&(1<<i) != 0 {
			st = st.knowing(v, ret.val&(1<<i) != 0)
		}
	}
	return st
}

// inlinable is the declaration of the function call runs when the run may follow it
// inline: a function of the package, handed the written object whole as a named
// parameter; with that parameter's name.
func (vp *valuePaths) inlinable(call *ast.CallExpr) (*ast.FuncDecl, string) {
	if vp.depth >= maxInline {
		return nil, ""
	}
	fn := kubetypes.Callee(vp.info, call)
	if fn == nil || fn.Pkg() != vp.k.g.pass.Pkg {
		return nil, ""
	}
	decl := syntax.DeclOf(vp.k.g.pass, fn)
	if decl == nil || decl.Body == nil {
		return nil, ""
	}
	var names []*ast.Ident
	for _, f := range decl.Type.Params.List {
		if len(f.Names) == 0 {
			return nil, ""
		}
		names = append(names, f.Names...)
	}
	idx := -1
	for i, a := range call.Args {
		if vp.k.key(a) == "$" {
			if idx >= 0 {
				return nil, "" // handed twice
			}
			idx = i
		}
	}
	if idx < 0 || idx >= len(names) || names[idx].Name == "_" {
		return nil, ""
	}
	if _, variadic := decl.Type.Params.List[len(decl.Type.Params.List)-1].Type.(*ast.Ellipsis); variadic {
		return nil, ""
	}
	return decl, names[idx].Name
}

// inline runs decl's body for its call with states, the object being its parameter
// param: the states it returns with, tagged by what it answers (returnTag), and those
// that fall off its end.
func (vp *valuePaths) inline(call *ast.CallExpr, decl *ast.FuncDecl, param string, states []pathState) []pathState {
	alias := map[*types.Var]*types.Var{}
	i := 0
	for _, f := range decl.Type.Params.List {
		for _, name := range f.Names {
			if i < len(call.Args) {
				if pv, ok := vp.info.Defs[name].(*types.Var); ok {
					if av := vp.stableBool(ast.Unparen(call.Args[i])); av != nil {
						alias[pv] = av
					}
				}
			}
			i++
		}
	}
	saved := *vp
	vp.alias = alias
	var rets []pathState
	vp.k = keyer{g: saved.k.g, obj: param, stack: []ast.Node{decl, decl.Body}}
	vp.body, vp.stable, vp.tracked = decl.Body, map[*types.Var]bool{}, map[*types.Var]bool{}
	vp.returns, vp.breaks = &rets, nil
	vp.depth++
	for i := range states {
		states[i].ok, states[i].failed, states[i].answered = nil, nil, answer{}
	}
	fall := vp.list(decl.Body.List, states)
	for i := range fall {
		fall[i].ok = returned // a function without results answers nothing
	}
	at, gaveUp := vp.at, vp.gaveUp
	*vp = saved
	vp.at, vp.gaveUp = at, gaveUp
	return dedup(append(rets, fall...))
}

// switchStmt runs a switch: a case of a switch on a tracked field holds the field to
// its constants, the default to none of them; a case of a switch without a tag holds
// its conditions (one of them) true and the earlier cases' false.
func (vp *valuePaths) switchStmt(s *ast.SwitchStmt, states []pathState) []pathState {
	if s.Init != nil {
		states = vp.simple(s.Init, states)
	}
	if s.Tag != nil && vp.contains(s.Tag) {
		vp.at = append(vp.at, states...)
	}
	var out []pathState
	breaks, outer := []pathState{}, vp.breaks
	vp.breaks = &breaks
	defer func() { vp.breaks = outer }()
	key := ""
	if s.Tag != nil {
		key = vp.key(s.Tag)
		if _, tracked := vp.consts[key]; !tracked {
			key = ""
		}
	}
	rest := states // the states no case so far took
	var def *ast.CaseClause
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			def = cc
			continue
		}
		var in []pathState
		switch {
		case s.Tag == nil:
			var left []pathState
			left = rest
			for _, e := range cc.List {
				t, f := vp.cond(e, left)
				in, left = append(in, t...), f
			}
			rest = left
		case key != "":
			var m uint64
			exact := true
			for _, e := range cc.List {
				v := vp.info.Types[e].Value
				if v == nil {
					exact = false
					break
				}
				b, ok := vp.bit(key, v)
				exact = exact && ok
				m |= b
			}
			if !exact {
				in = rest
				break
			}
			var left []pathState
			for _, st := range rest {
				if y, ok := vp.refine(st, key, m, true); ok {
					in = append(in, y)
				}
				if n, ok := vp.refine(st, key, m, false); ok {
					left = append(left, n)
				}
			}
			rest = left
		default:
			in = rest
		}
		out = append(out, vp.list(cc.Body, dedup(in))...)
	}
	if def != nil {
		out = append(out, vp.list(def.Body, rest)...)
	} else {
		out = append(out, rest...)
	}
	return dedup(append(out, breaks...))
}

// clauses runs a type switch or a select: any clause may run, with what held before.
func (vp *valuePaths) clauses(st ast.Stmt, states []pathState) []pathState {
	var body *ast.BlockStmt
	hasDefault := false
	switch s := st.(type) {
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			states = vp.simple(s.Init, states)
		}
		states = vp.simple(s.Assign, states)
		body = s.Body
	case *ast.SelectStmt:
		body = s.Body
		hasDefault = true // one clause runs
	}
	breaks, outer := []pathState{}, vp.breaks
	vp.breaks = &breaks
	defer func() { vp.breaks = outer }()
	var out []pathState
	for _, c := range body.List {
		switch cc := c.(type) {
		case *ast.CaseClause:
			hasDefault = hasDefault || cc.List == nil
			out = append(out, vp.list(cc.Body, states)...)
		case *ast.CommClause:
			in := states
			if cc.Comm != nil {
				in = vp.simple(cc.Comm, in)
			}
			out = append(out, vp.list(cc.Body, in)...)
		}
	}
	if !hasDefault {
		out = append(out, states...)
	}
	return dedup(append(out, breaks...))
}

// loop runs a loop's body any number of times: what the body may change is not
// known at its start or past it.
func (vp *valuePaths) loop(st ast.Stmt, states []pathState) []pathState {
	var body *ast.BlockStmt
	switch s := st.(type) {
	case *ast.ForStmt:
		if s.Init != nil {
			states = vp.simple(s.Init, states)
		}
		body = s.Body
	case *ast.RangeStmt:
		body = s.Body
	}
	states = vp.havoc(body, states)
	outer := vp.breaks
	vp.breaks = nil
	vp.list(body.List, states)
	vp.breaks = outer
	return states
}

// havoc forgets, in states, what n may change: the fields it assigns, and every field
// when it writes the status or hands the object to a call that may change it.
func (vp *valuePaths) havoc(n ast.Node, states []pathState) []pathState {
	keys, every, writes := map[string]bool{}, false, false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if vp.isWrite(x) {
				writes = true
			} else if vp.mayChange(x) {
				every = true
			}
		case ast.Stmt:
			switch x.(type) {
			case *ast.AssignStmt, *ast.IncDecStmt, *ast.ExprStmt:
				for _, key := range vp.assigned(x) {
					keys[key] = true
				}
			}
		}
		return true
	})
	// A tracked bool the body assigns is unknown at its start.
	bools := map[*types.Var]*bool{}
	ast.Inspect(n, func(x ast.Node) bool {
		if st, ok := x.(ast.Stmt); ok {
			maps.Copy(bools, vp.boolAssigns(st))
		}
		return true
	})
	if len(bools) > 0 {
		for i := range states {
			states[i] = states[i].forget(bools)
		}
	}
	if !every && !writes && len(keys) == 0 {
		return states
	}
	var out []pathState
	for _, st := range states {
		for key := range st.fields {
			f := st.fields[key]
			if writes {
				f.stored = vp.all(key)
			}
			if every || writes || vp.touches(keys, key) {
				f.cur, f.same = vp.all(key), false
			}
			st = st.with(key, f)
		}
		out = append(out, st)
	}
	return dedup(out)
}

// touches reports whether an assignment to one of keys may change the field key: the
// field itself, a whole that holds it, or a part of it.
func (vp *valuePaths) touches(keys map[string]bool, key string) bool {
	for k := range keys {
		if overlapping(k, key) {
			return true
		}
	}
	return false
}

// overlapping reports whether the paths a and b (keys, or expressions as the source
// spells them) name the same field, or one holds the other: a field and its parts
// (.F), its elements ([i]) or, for a list's key, its conditions' (list#T,
// list#T.Reason).
func overlapping(a, b string) bool {
	if a == b {
		return true
	}
	for _, sep := range []string{".", "[", "#"} {
		if strings.HasPrefix(a, b+sep) || strings.HasPrefix(b, a+sep) {
			return true
		}
	}
	return false
}

// assigned are the keys a statement assigns of the written object: its left-hand
// sides, and those its calls of status setters assign ("$" when it assigns the object
// variable itself).
func (vp *valuePaths) assigned(st ast.Stmt) []string {
	out := vp.lhsKeys(st)
	for _, a := range vp.k.assigns([]ast.Stmt{st}) {
		out = append(out, a.lhs)
	}
	return out
}

// lhsKeys are the keys of the written object that st's left-hand sides name.
func (vp *valuePaths) lhsKeys(st ast.Stmt) []string {
	var out []string
	switch s := st.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if key := vp.k.key(l); key == "$" || strings.HasPrefix(key, "$.") {
				out = append(out, key)
			}
		}
	case *ast.IncDecStmt:
		if key := vp.k.key(s.X); strings.HasPrefix(key, "$.") {
			out = append(out, key)
		}
	}
	return out
}

// isWrite reports whether call writes the status of the written object.
func (vp *valuePaths) isWrite(call *ast.CallExpr) bool {
	return vp.k.writesObject(call)
}

// mayChange reports whether call may change the written object's status other than
// by the assignments the keyer reads: it hands the object, or a part of it, to a
// function of the package that assigns a status, or to a method or function outside
// the Kubernetes libraries and the standard library whose name does not say it only
// reads.
func (vp *valuePaths) mayChange(call *ast.CallExpr) bool {
	hands := false
	for _, e := range call.Args {
		if key := vp.k.key(e); key == "$" || strings.HasPrefix(key, "$.Status") {
			hands = true
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		// A method of the object, or of what holds it (r.update() when r.instance is
		// written).
		if key := vp.k.key(sel.X); key == "$" || strings.HasPrefix(key, "$.Status") || strings.HasPrefix(vp.k.obj, types.ExprString(sel.X)+".") {
			hands = true
		}
	}
	if !hands {
		return false
	}
	if tv := vp.info.Types[call.Fun]; tv.IsType() || tv.IsBuiltin() {
		return false // a conversion, len, cap
	}
	fn := kubetypes.Callee(vp.info, call)
	if fn == nil {
		return true // a function value: anything
	}
	name := fn.Name()
	for _, p := range []string{"Get", "Is", "Has", "DeepCopy", "String", "Should", "Needs", "Can", "Validate", "Equal", "Key", "Log", "Info", "Error", "Debug", "Event", "Record"} {
		if strings.HasPrefix(name, p) {
			return false
		}
	}
	if fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() == vp.k.g.pass.Pkg {
		// Before the test of the path: a module path without a dot (module operator)
		// is no standard library.
		decl := syntax.DeclOf(vp.k.g.pass, fn)
		return decl == nil || assignsStatus(decl.Body, 0, vp.k.g)
	}
	path := fn.Pkg().Path()
	if !strings.Contains(strings.Split(path, "/")[0], ".") || kubetypes.IsBuiltinAPIPackage(path) || strings.HasPrefix(path, "k8s.io/") || strings.HasPrefix(path, "sigs.k8s.io/controller-runtime") || strings.HasPrefix(path, "github.com/go-logr/") {
		return strings.Contains(name, "CreateOr") // its mutate function is the caller's
	}
	return true
}

// assignsStatus reports whether body, or a function of the package it calls (two
// deep), assigns a status field of anything or calls a status setter.
func assignsStatus(body *ast.BlockStmt, depth int, g *guards) bool {
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				found = found || strings.Contains(types.ExprString(l), "Status")
			}
		case *ast.IncDecStmt:
			found = found || strings.Contains(types.ExprString(x.X), "Status")
		case *ast.CallExpr:
			fn := kubetypes.Callee(g.pass.TypesInfo, x)
			if fn == nil {
				break
			}
			if kubetypes.ChangesConditions(fn) || strings.HasPrefix(fn.Name(), "Set") || strings.HasPrefix(fn.Name(), "Mark") {
				found = true
			} else if fn.Pkg() == g.pass.Pkg && depth < 2 {
				if d := syntax.DeclOf(g.pass, fn); d != nil {
					found = found || assignsStatus(d.Body, depth+1, g)
				}
			}
		}
		return !found
	})
	return found
}

// simple runs a statement that holds no other: its writes store what the object
// holds (a write assigned to an error variable splits the path by that variable), a
// read again gives the stored status back, an update of the object brings the stored
// status back into it, assignments give values, and a call that may change the status
// some other way makes every field unknown in the object.
func (vp *valuePaths) simple(st ast.Stmt, states []pathState) []pathState {
	if st == nil {
		return states
	}
	lit := vp.retryLit(st)
	if vp.contains(st) && lit == nil {
		vp.at = append(vp.at, states...)
	}
	if lit != nil {
		// The literal runs in place, before the statement goes on with what it
		// answers: its returns end the literal, not the function.
		outer, outerBreaks := vp.returns, vp.breaks
		var rets []pathState
		vp.returns, vp.breaks = &rets, nil
		vp.inRetry++
		end := vp.list(lit.Body.List, slices.Clone(states))
		vp.inRetry--
		vp.returns, vp.breaks = outer, outerBreaks
		if vp.gaveUp {
			return nil
		}
		states = states[:0:0]
		for _, r := range append(rets, end...) {
			r.ok, r.failed, r.answered = nil, nil, answer{}
			states = append(states, r)
		}
		states = dedup(states)
	}
	var write, reread, echo, changes bool
	var inlined *ast.CallExpr
	var inlinedDecl *ast.FuncDecl
	var inlinedParam string
	ast.Inspect(st, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			_, lit := n.(*ast.FuncLit)
			return !lit
		}
		if inlined == nil && !vp.isWrite(call) {
			if decl, param := vp.inlinable(call); decl != nil {
				inlined, inlinedDecl, inlinedParam = call, decl, param
				return true
			}
		}
		switch {
		case vp.isWrite(call):
			write = true
		case vp.rereads(call):
			reread = true
		case kubetypes.IsObjectUpdate(vp.info, call) && len(call.Args) >= 2 && vp.k.key(call.Args[1]) == "$":
			echo = true
		case vp.mayChange(call):
			changes = true
		}
		return true
	})
	// The variable the statement assigns, when it is one: an error a write answers.
	var assignedVars []*types.Var
	if as, ok := st.(*ast.AssignStmt); ok {
		for _, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok {
				if v, ok := vp.info.ObjectOf(id).(*types.Var); ok {
					assignedVars = append(assignedVars, v)
				}
			}
		}
	}
	// The error a write or a helper run inline answers: the variable of a single
	// assignment, or the last of several when it is an error (ok, err :=
	// r.step(…)); a blank there answers into nothing.
	var errVar *types.Var
	if as, ok := st.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && (write || inlined != nil) {
		if id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident); ok {
			if v, ok := vp.info.ObjectOf(id).(*types.Var); ok && (len(as.Lhs) == 1 || types.Identical(v.Type(), returned.Type())) {
				errVar = v
			}
		}
	}
	if inlined != nil {
		// The helper runs first (its arguments hold no other call of it), then what
		// the statement does with its answer.
		states = vp.inline(inlined, inlinedDecl, inlinedParam, slices.Clone(states))
		if vp.gaveUp {
			return nil
		}
		_, ret := st.(*ast.ReturnStmt)
		for i := range states {
			switch {
			case ret && vp.returns != nil:
				// return r.helper(…) run inline answers what the helper answers.
			case states[i].ok == returned && errVar != nil:
				states[i].ok = errVar
			case states[i].failed == returned && errVar != nil:
				states[i].failed = errVar
			default:
				states[i].ok, states[i].failed = nil, nil
			}
			if !ret || vp.returns == nil {
				states[i] = vp.answers(st, states[i])
			}
		}
		states = dedup(states)
	}
	precise := append(vp.k.assigns([]ast.Stmt{st}), vp.k.reasonAssigns(st)...)
	assigned := vp.assigned(st)
	if inlined != nil {
		// The run inline gave the helper's assignments; what a fact says of it (a
		// setter's, a fill's) is less. The statement's own left-hand sides stay.
		precise, assigned = nil, vp.lhsKeys(st)
	}
	var rough []string // keys assigned that no precise assignment gives
	for _, key := range assigned {
		// A conditions list handed to meta.SetStatusCondition changes in the one
		// condition the precise assignments give (list#T), not as a whole.
		if !slices.ContainsFunc(precise, func(a assignment) bool { return a.lhs == key || strings.HasPrefix(a.lhs, key+"#") }) {
			rough = append(rough, key)
		}
	}
	var out []pathState
	for _, s := range states {
		if inlined == nil && (slices.Contains(assignedVars, s.failed) || slices.Contains(assignedVars, s.ok)) {
			s.failed, s.ok = nil, nil // the error variable holds something else now
		}
		for _, a := range precise {
			s = vp.assign(s, a)
		}
		for key, f := range s.fields {
			if changes || slices.ContainsFunc(rough, func(k string) bool { return k == "$" || vp.touches(map[string]bool{k: true}, key) }) {
				f.cur, f.same = vp.all(key), false
				s = s.with(key, f)
			}
		}
		if reread || echo {
			before := s
			for key, f := range s.fields {
				if reread && vp.inRetry == 0 {
					f.stored = vp.all(key)
				}
				f.cur, f.same = f.stored, true
				s = s.with(key, f)
			}
			if echo && !reread {
				out = append(out, before) // the update failed: the object kept its own
			}
		}
		if write {
			ok := s
			for key, f := range ok.fields {
				f.stored, f.same = f.cur, true
				ok = ok.with(key, f)
			}
			if _, ret := st.(*ast.ReturnStmt); ret {
				if vp.returns != nil {
					// Run inline: the caller sees the error of a write that failed.
					ok.ok, ok.failed = returned, nil
					s.failed, s.ok = returned, nil
					out = append(out, ok, s)
					continue
				}
				out = append(out, ok)
				continue
			}
			if errVar != nil {
				ok.ok, ok.failed = errVar, nil
				s.failed, s.ok = errVar, nil
			}
			out = append(out, ok, s)
			continue
		}
		out = append(out, s)
	}
	// A tracked bool the statement assigns: the constant it gives, or nothing known.
	if bools := vp.boolAssigns(st); len(bools) > 0 {
		for i := range out {
			out[i] = out[i].forget(bools)
			for v, val := range bools {
				if val != nil {
					out[i] = out[i].knowing(v, *val)
				}
			}
		}
	}
	return dedup(out)
}

// retryLit is the function literal st hands to a conflict retry that runs it in
// place (retry.RetryOnConflict(backoff, func() error { … }), as
// kubetypes.InConflictRetry says) when it holds the write judged; nil otherwise. The
// literal retries the pass's own change on a fresh read of the object: a Get into it
// there gives the write a new resourceVersion, and the status the pass found stored
// stands for what is stored (another writer in between makes one write of the same
// value, no loop).
func (vp *valuePaths) retryLit(st ast.Stmt) *ast.FuncLit {
	if !vp.contains(st) {
		return nil
	}
	var found *ast.FuncLit
	var stack []ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if lit, ok := n.(*ast.FuncLit); ok {
			if vp.contains(lit) && kubetypes.InConflictRetry(vp.info, append(slices.Clone(stack), lit.Body)) {
				found = lit
			}
			stack = stack[:len(stack)-1]
			return false
		}
		return true
	})
	return found
}

// rereads reports whether call reads the written object again from the API server or
// the cache (a client's Get into it).
func (vp *valuePaths) rereads(call *ast.CallExpr) bool {
	fn := kubetypes.Callee(vp.info, call)
	return fn != nil && fn.Name() == "Get" && len(call.Args) >= 3 && vp.k.key(call.Args[2]) == "$" && strings.HasPrefix(fn.Pkg().Path(), "sigs.k8s.io/controller-runtime")
}

// assign gives a field the value of a: its constant, the constants it may hold, or
// any value.
func (vp *valuePaths) assign(st pathState, a assignment) pathState {
	for key, f := range st.fields {
		switch {
		case key == a.lhs:
			f.cur = vp.all(key)
			if a.value != nil {
				if m, ok := vp.bit(key, a.value); ok {
					f.cur = m
				}
			} else if len(a.values) > 0 {
				var m uint64
				exact := true
				for _, v := range a.values {
					b, ok := vp.bit(key, v)
					exact = exact && ok
					m |= b
				}
				if exact {
					f.cur = m
				}
			}
		case vp.touches(map[string]bool{a.lhs: true}, key):
			f.cur = vp.all(key)
		default:
			continue
		}
		f.same = false
		st = st.with(key, f)
	}
	return st
}
