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

// This file holds the guards that are no diff but still make a write a change (rule 7
// of the package doc); the switches that turn a helper's write off (rule 8) are package
// switches'.

// assignment is an assignment to the written object's status on the path to a write,
// both sides as keys (see keyer.key).
type assignment struct {
	lhs, rhs string
	// expr is the right-hand side, nil when the assignment was carried from another
	// function.
	expr ast.Expr
	// portable reports whether the right-hand side means the same in another
	// function: the written object's own fields ($.Generation) or a constant.
	portable bool
	// value is the right-hand side's constant value, nil when it has none.
	value constant.Value
	// values are the constants a variable on the right-hand side can hold there,
	// when an earlier switch on it in the same statements lets only those through
	// (switch v { case A: …; case B: …; default: return }); nil when not known.
	values []constant.Value
	// param is the parameter of the function around the assignment that the
	// right-hand side reads, and rest what it reads of it (name = ".Name" for
	// ref.Name); nil when it reads none, or when it is portable anyway. A caller
	// puts its argument in the parameter's place.
	param *paramRead
}

// paramRead is a right-hand side read from a parameter: its index, and the selectors
// after it.
type paramRead struct {
	index int
	rest  string
}

// opaque is the right-hand side of an assignment carried to a caller when nothing of
// it means anything there: the field was given something, no more is known.
const opaque = "<assigned>"

// keyer writes expressions relative to the written object: obj.Status.Message is
// $.Status.Message when obj is written, obj.GetGeneration() is $.Generation.
type keyer struct {
	g *guards
	// obj is the written object as the source spells it, without & or a deep copy.
	obj   string
	stack []ast.Node
	// copyOf is the object the written one is a deep copy of (next :=
	// obj.DeepCopy(), then write next): what the path reads of it is what the copy
	// held when it was taken, so it keys as the written object too. What the path
	// assigns to it is not the copy's (assigns clears it). "" when the written object
	// is no such copy.
	copyOf string
	// rereadOf is the object the written one reads again in a conflict retry (see
	// guards.rereadOf): the conditions around the retry read it, so it keys as the
	// written object too; what the path assigns from it or to it is not the fresh
	// read's. "" when the written object is no such read.
	rereadOf string
	// fresh are local variables of the function that a Get filled with the written
	// object's key (var cur Foo; r.Get(ctx, client.ObjectKeyFromObject(obj), &cur)):
	// the object as stored, so what a condition reads of them keys as the written
	// object's. What the path assigns to them is not the written object's.
	fresh []string
	// after are the statements that run after the one assigns is reading, on the way
	// to the write (those after it in its list, then those after the list's own
	// statement): where a fill on success finds its error checked.
	after []ast.Stmt
	// status is a name that stands for the object's status itself, "" for none: the
	// receiver of a setter of the status type (func (s *FooStatus) SetPhase(…)),
	// whose s.Phase keys as $.Status.Phase.
	status string
	// holder is the value the written object is an embedded field of (w in write
	// w.Foo, w's type embedding *Foo), "" when it is none, and embed that field's
	// index path in it: a field promoted through it (w.Status.Phase) is the written
	// object's.
	holder string
	embed  []int
}

func newKeyer(g *guards, stack []ast.Node, obj ast.Expr) keyer {
	// A wrapper's accessor (w.Unwrap()) writes the object w holds: w.Status is its
	// status.
	info := g.pass.TypesInfo
	written := kubetypes.Unwrapped(info, obj)
	k := keyer{g: g, obj: text(written), stack: stack}
	if id, ok := ast.Unparen(written).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if call, ok := ast.Unparen(syntax.ValueOf(g.pass, syntax.DeclaringBody(stack, v), v)).(*ast.CallExpr); ok && isDeepCopy(call) {
				k.copyOf = text(call)
			}
		}
	}
	if k.copyOf == "" {
		if x := g.rereadOf(stack, written); x != nil {
			k.rereadOf = text(x)
		}
	}
	k.fresh = g.freshReads(stack, written)
	if sel, ok := ast.Unparen(unaddr(written)).(*ast.SelectorExpr); ok {
		if selection := info.Selections[sel]; selection != nil && selection.Kind() == types.FieldVal {
			if v, ok := selection.Obj().(*types.Var); ok && v.Embedded() {
				k.holder, k.embed = text(sel.X), selection.Index()
			}
		}
	}
	return k
}

// promoted is the key of s, the text of e, when e reads a field promoted from the
// written object through the value that embeds it (see keyer.holder); "" when it
// does not.
func (k keyer) promoted(e ast.Expr, s string) string {
	if k.holder == "" || k.g == nil || !strings.HasPrefix(s, k.holder+".") {
		return ""
	}
	info := k.g.pass.TypesInfo
	for x := ast.Unparen(e); ; {
		var inner ast.Expr
		switch n := x.(type) {
		case *ast.SelectorExpr:
			if text(n.X) == k.holder {
				selection := info.Selections[n]
				if selection == nil || len(selection.Index()) <= len(k.embed) || !slices.Equal(selection.Index()[:len(k.embed)], k.embed) {
					return ""
				}
				return "$" + s[len(k.holder):]
			}
			inner = n.X
		case *ast.IndexExpr:
			inner = n.X
		case *ast.CallExpr:
			inner = n.Fun
		case *ast.StarExpr:
			inner = n.X
		default:
			return ""
		}
		x = ast.Unparen(inner)
	}
}

// copies reports whether call is a method whose name starts with DeepCopy: the
// generated x.DeepCopy() and x.DeepCopyObject().
func copies(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && strings.HasPrefix(sel.Sel.Name, "DeepCopy")
}

// isDeepCopy reports whether call is x.DeepCopy().
func isDeepCopy(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "DeepCopy" && len(call.Args) == 0
}

// text is e as the source spells it, without parentheses, a leading & or *, and
// without .DeepCopy() calls, with getters of metadata (x.GetGeneration()) and of the
// status (x.GetStatus(), an interface's accessor) written as the field they read
// (x.Generation, x.Status).
func text(e ast.Expr) string {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X)
	}
	s := types.ExprString(e)
	s = strings.ReplaceAll(s, ".DeepCopy()", "")
	for _, f := range []string{"Generation", "ResourceVersion", "Name", "Namespace", "Labels", "Annotations", "Status"} {
		s = strings.ReplaceAll(s, ".Get"+f+"()", "."+f)
	}
	return s
}

// key is e relative to the written object ("$.Status.Message"), or e as spelled when
// it does not read the written object.
func (k keyer) key(e ast.Expr) string {
	// A conversion reads what it converts: switch State(obj.Status.State) switches
	// on the field.
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 && k.g != nil && k.g.pass.TypesInfo.Types[call.Fun].IsType() {
		e = call.Args[0]
	}
	s := text(e)
	if k.obj != "" {
		s = k.unalias(e, s)
	}
	promoted := k.promoted(e, s)
	switch {
	case k.status != "" && s == k.status:
		return "$.Status"
	case k.status != "" && strings.HasPrefix(s, k.status+"."):
		return "$.Status" + s[len(k.status):]
	case k.obj == "":
		return s
	case s == k.obj:
		return "$"
	case strings.HasPrefix(s, k.obj+"."):
		return "$" + s[len(k.obj):]
	case promoted != "":
		return promoted
	case k.copyOf != "" && s == k.copyOf:
		return "$"
	case k.copyOf != "" && strings.HasPrefix(s, k.copyOf+"."):
		return "$" + s[len(k.copyOf):]
	case k.rereadOf != "" && s == k.rereadOf:
		return "$"
	case k.rereadOf != "" && strings.HasPrefix(s, k.rereadOf+"."):
		return "$" + s[len(k.rereadOf):]
	}
	for _, f := range k.fresh {
		if strings.HasPrefix(s, f+".") {
			return "$" + s[len(f):]
		}
	}
	return s
}

// unalias is s, the text of e, read through a local pointer that holds the address
// of a part of the written object (st := &obj.Status; st.State = Ready): the same
// field as obj.Status.State, which st.State assigns and reads.
func (k keyer) unalias(e ast.Expr, s string) string {
	if k.g == nil || strings.HasPrefix(s, k.obj+".") {
		return s
	}
	v := syntax.Root(k.g.pass.TypesInfo, e)
	if v == nil || v.IsField() || !strings.HasPrefix(s, v.Name()) {
		return s
	}
	if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
		return s
	}
	// A pointer parameter every call hands a part of the object's status
	// (start(ctx, run, &run.Status.Steps[0])): that part.
	if part := k.partOf(v); part != "" {
		return k.obj + part[1:] + s[len(v.Name()):]
	}
	val, ok := ast.Unparen(syntax.ValueOf(k.g.pass, syntax.DeclaringBody(k.stack, v), v)).(*ast.UnaryExpr)
	if !ok || val.Op != token.AND {
		return s
	}
	if part := text(val.X); strings.HasPrefix(part, k.obj+".") {
		return part + s[len(v.Name()):]
	}
	return s
}

// snapshotKey is the key of what e read when it was taken, e reading a local variable
// assigned once from the written object or a part of it (old := obj.Status.State;
// prev := obj.Status.DeepCopy(), then prev.State; orig := obj.DeepCopy(), then
// orig.Status.State); "" when e reads no such snapshot.
func (k keyer) snapshotKey(e ast.Expr) string {
	s := text(e)
	root := e
	for {
		switch x := ast.Unparen(root).(type) {
		case *ast.SelectorExpr:
			root = x.X
			continue
		case *ast.CallExpr: // .DeepCopy()
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 {
				root = sel.X
				continue
			}
		case *ast.StarExpr:
			root = x.X
			continue
		}
		break
	}
	id, ok := ast.Unparen(root).(*ast.Ident)
	if !ok || !strings.HasPrefix(s, id.Name) {
		return ""
	}
	v, ok := k.g.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return ""
	}
	val := syntax.ValueOf(k.g.pass, syntax.DeclaringBody(k.stack, v), v)
	if val == nil {
		return ""
	}
	base := k.key(val)
	if !strings.HasPrefix(base, "$") {
		return ""
	}
	return base + s[len(id.Name):]
}

// assigns are the assignments of the written object's status among the statements
// of list (top-level ones only: what runs on every path through the list).
func (k keyer) assigns(list []ast.Stmt) []assignment {
	// An assignment to the original after the copy was taken is not the copy's; the
	// values assigned read it as the path's conditions do.
	own := k
	own.copyOf = ""
	own.rereadOf = ""
	own.fresh = nil
	// The object read again may have been changed in memory since it was read
	// (r.instance.Status.Result = computed; retry { latest.Status.Result =
	// r.instance.Status.Result }): a value taken from it is not the stored one.
	vk := k
	vk.rereadOf = ""
	vk.fresh = nil
	info := k.g.pass.TypesInfo
	var out []assignment
	outer := k.after
	for idx, st := range list {
		own.after = append(slices.Clip(list[idx+1:]), outer...)
		set := own.setterAssigns(st)
		out = append(out, set...)
		out = append(out, own.conditionAssigns(st)...)
		// A setter that is also a fill function says what it gives; its fill says
		// less of the same fields.
		for _, f := range own.fillAssigns(st) {
			if !slices.ContainsFunc(set, func(a assignment) bool { return a.lhs == f.lhs }) {
				out = append(out, f)
			}
		}
		if run, ok := own.runsParam(st); ok {
			out = append(out, run)
		}
		if is, ok := st.(*ast.IfStmt); ok {
			every := own.everyBranchAssigns(is)
			out = append(out, every...)
			out = append(out, own.maybeAssigns(is, every)...)
			continue
		}
		switch st.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt, *ast.BlockStmt, *ast.LabeledStmt:
			out = append(out, own.maybeAssigns(st, nil)...)
			continue
		}
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			lk := own.key(l)
			if !strings.HasPrefix(lk, "$.Status") {
				continue
			}
			a := vk.valueAssign(lk, as.Rhs[i])
			a.values = switchedValues(info, list[:idx], as.Rhs[i])
			out = append(out, a)
			out = append(out, vk.literalAssigns(lk, as.Rhs[i], 0)...)
			out = append(out, vk.mergeAssigns(lk, as.Rhs[i])...)
		}
	}
	return out
}

// runsParameter is the left-hand side of the pseudo-assignment of a call of a
// function parameter (mutate()): what the function handed in does, which each caller
// that hands in a function literal spells out (guards.carried). Its right-hand side is
// the key of the call's one argument ($.Status for mutate(&obj.Status)), "" for none.
const runsParameter = "<runs parameter>"

// runsParam is the pseudo-assignment of st when it is a call statement of a function
// parameter of the function around it, with no argument or one.
func (k keyer) runsParam(st ast.Stmt) (assignment, bool) {
	call := syntax.StmtCall(st)
	if call == nil || len(call.Args) > 1 {
		return assignment{}, false
	}
	i := k.paramIndex(call.Fun)
	if i < 0 {
		return assignment{}, false
	}
	a := assignment{lhs: runsParameter, param: &paramRead{index: i}}
	if len(call.Args) == 1 {
		a.rhs = k.key(call.Args[0])
	}
	return a, true
}

// paramIndex is the index of the parameter of the function declaration around the
// statements k judges that e, an identifier, names; -1 when it names none.
func (k keyer) paramIndex(e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	v, ok := k.g.pass.TypesInfo.Uses[id].(*types.Var)
	decl := k.decl()
	if !ok || decl == nil {
		return -1
	}
	return syntax.ParamIndex(k.g.pass.TypesInfo, decl, v)
}

// decl is the function declaration around the statements k judges, nil outside one.
func (k keyer) decl() *ast.FuncDecl {
	for _, n := range k.stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			return d
		}
	}
	return nil
}

// literalRuns are the assignments of the written object's status that lit, a function
// literal handed in at the call site k judges for a parameter that the callee runs
// (runsParameter, its one argument's key arg), makes at the top level of its body: its
// one parameter, if it has one, stands for what the callee hands it, the written
// object ($) or its status ($.Status).
func (k keyer) literalRuns(lit *ast.FuncLit, arg string) []assignment {
	params := lit.Type.Params.List
	switch {
	case len(params) == 0:
	case len(params) == 1 && len(params[0].Names) == 1 && (arg == "$" || arg == "$.Status"):
		name := params[0].Names[0].Name
		if arg == "$" {
			k.obj = name
		} else {
			k.status = name
		}
	default:
		return nil
	}
	return k.assigns(lit.Body.List)
}

// maybeAssigned is the right-hand side of a field that a statement nested in a branch
// or a loop on the way may assign: nothing is known of its value past it, not even
// that it holds something.
const maybeAssigned = "<maybe>"

// maybeAssigns are the status fields that statements nested in st (a branch, a loop)
// assign directly, other than those every branch gives (known): each may hold
// anything past st, so that no rule takes a value given before st for the field's
// last. They are carried to callers as they are.
func (k keyer) maybeAssigns(st ast.Stmt, known []assignment) []assignment {
	var out []assignment
	add := func(l ast.Expr) {
		lk := k.key(l)
		if !strings.HasPrefix(lk, "$.Status") || slices.ContainsFunc(known, func(a assignment) bool { return a.lhs == lk }) ||
			slices.ContainsFunc(out, func(a assignment) bool { return a.lhs == lk }) {
			return
		}
		out = append(out, assignment{lhs: lk, rhs: maybeAssigned, portable: true})
	}
	// Only what runs on a way past st: a branch or clause that leaves (if … {
	// State = Failed; write; return }) gives nothing to the statements after st.
	onTheWay(st, func(n ast.Node, body bool) {
		if as, ok := n.(*ast.AssignStmt); ok && body {
			for _, l := range as.Lhs {
				add(l)
			}
		}
	})
	return out
}

// onTheWay calls f with each part of st that runs on some way past st: the inits,
// conditions and tags of an if, a switch or a for, and a range's operand (body false),
// and each statement that holds no other in the branches, clauses and loop bodies
// that do not leave (body true: a branch that ends in return runs on no way past st).
// A return itself is on none; st is f's own when it holds no statement.
func onTheWay(st ast.Stmt, f func(n ast.Node, body bool)) {
	list := func(l []ast.Stmt) {
		if syntax.Leaves(l) {
			return
		}
		for _, s := range l {
			onTheWay(s, f)
		}
	}
	switch s := st.(type) {
	case *ast.IfStmt:
		if s.Init != nil {
			f(s.Init, false)
		}
		f(s.Cond, false)
		list(s.Body.List)
		if s.Else != nil {
			onTheWay(s.Else, f)
		}
	case *ast.BlockStmt:
		list(s.List)
	case *ast.LabeledStmt:
		onTheWay(s.Stmt, f)
	case *ast.SwitchStmt:
		if s.Init != nil {
			f(s.Init, false)
		}
		if s.Tag != nil {
			f(s.Tag, false)
		}
		for _, c := range s.Body.List {
			list(c.(*ast.CaseClause).Body)
		}
	case *ast.TypeSwitchStmt:
		for _, c := range s.Body.List {
			list(c.(*ast.CaseClause).Body)
		}
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			list(c.(*ast.CommClause).Body)
		}
	case *ast.ForStmt:
		if s.Init != nil {
			f(s.Init, false)
		}
		list(s.Body.List)
	case *ast.RangeStmt:
		f(s.X, false)
		list(s.Body.List)
	case *ast.ReturnStmt:
	default:
		f(s, true)
	}
}

// everyBranchAssigns are the assignments every branch of an if with an else makes
// that does not leave the block (if … { State = Complete; Reason = Failed } else {
// State = Complete; Reason = Cancelled }: State = Complete past it); none when no
// branch falls through, or when the if has no else.
func (k keyer) everyBranchAssigns(is *ast.IfStmt) []assignment {
	var common []assignment
	through := 0
	var visit func(is *ast.IfStmt) bool
	add := func(list []ast.Stmt) {
		if syntax.Leaves(list) {
			return
		}
		got := k.assigns(list)
		if through == 0 {
			common = got
		} else {
			common = slices.DeleteFunc(common, func(a assignment) bool {
				return !slices.ContainsFunc(got, func(b assignment) bool { return a.lhs == b.lhs && a.rhs == b.rhs })
			})
		}
		through++
	}
	visit = func(is *ast.IfStmt) bool {
		add(is.Body.List)
		switch e := is.Else.(type) {
		case *ast.BlockStmt:
			add(e.List)
		case *ast.IfStmt:
			return visit(e)
		default:
			return false // no else: the path may run neither branch
		}
		return true
	}
	if !visit(is) || through == 0 {
		return nil
	}
	return common
}

// valueAssign is the assignment of e to the status field lhs.
func (k keyer) valueAssign(lhs string, e ast.Expr) assignment {
	info := k.g.pass.TypesInfo
	rk := k.key(e)
	tv := info.Types[e]
	if tv.IsNil() {
		// nil means the same in every function: a helper that clears a field
		// (obj.Status.Missing = nil) clears it for the caller that found it not nil.
		rk = "nil"
	}
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok && len(lit.Elts) == 0 {
		// An empty literal ([]string{}, api.FooStatus{}) is the empty value, as nil
		// is, in every function.
		rk = emptyLit
	}
	value := tv.Value
	if value == nil {
		// obj.Status.Done = &yes, yes := true; ptr.To(true): a pointer to a
		// constant, for a *bool flag read through a method (ReadsFlag).
		if pv := pointedConst(k.g.pass, k.stack, e); pv != nil && pv.Kind() == constant.Bool {
			value = pv
		}
	}
	a := assignment{lhs: lhs, rhs: rk, expr: e, portable: strings.HasPrefix(rk, "$") || value != nil || tv.IsNil() || rk == emptyLit, value: value}
	if !a.portable {
		a.param = k.paramRead(e)
	}
	return a
}

// paramRead is what e reads of a parameter of the function declaration around the
// statements k judges (name, ref.Name); nil when it reads none.
func (k keyer) paramRead(e ast.Expr) *paramRead {
	decl := k.decl()
	v := syntax.Root(k.g.pass.TypesInfo, e)
	if decl == nil || v == nil {
		return nil
	}
	s := text(e)
	i := syntax.ParamIndex(k.g.pass.TypesInfo, decl, v)
	if i < 0 || !strings.HasPrefix(s, v.Name()) {
		return nil
	}
	rest := s[len(v.Name()):]
	if rest != "" && !strings.HasPrefix(rest, ".") {
		return nil // an expression around it (name + "-x"): not the parameter's value
	}
	return &paramRead{index: i, rest: rest}
}

// literalAssigns are the assignments to the fields of lhs that a struct literal e
// makes (obj.Status.Progress = &apiv1.ProgressStatus{Done: d} gives Progress.Done
// d), e being the literal, its address, or a local variable assigned once from one;
// nested literals likewise, two deep.
func (k keyer) literalAssigns(lhs string, e ast.Expr, depth int) []assignment {
	if depth > 2 {
		return nil
	}
	unaddr := func(e ast.Expr) ast.Expr {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			return ast.Unparen(u.X)
		}
		return e
	}
	e = unaddr(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := k.g.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return nil
		}
		val := syntax.ValueOf(k.g.pass, syntax.DeclaringBody(k.stack, v), v)
		if val == nil {
			return nil
		}
		e = unaddr(val)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if _, isStruct := k.g.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct); !isStruct {
		return nil
	}
	var out []assignment
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil // positional: leave it to the whole
		}
		name, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil
		}
		field := lhs + "." + name.Name
		out = append(out, k.valueAssign(field, kv.Value))
		out = append(out, k.literalAssigns(field, kv.Value, depth+1)...)
	}
	return out
}

// changeGuarded applies rule 7 of the package doc to the write of obj on top of the
// stack, within its function: the write is reached only when the status differs from
// what is stored, because a condition on the way compares a status field with a value
// the path then assigns to it, or with the field's own earlier value. inherited are
// the portable assignments the functions it calls make before the write. It returns,
// besides, the assignments of the whole path through this function, for its callers.
func (g *guards) changeGuarded(stack []ast.Node, obj ast.Expr, inherited []assignment) (bool, []assignment) {
	k := newKeyer(g, stack, obj)
	acc := slices.Clone(inherited)
	// Past a write of the object on the way (the last one before this write: what
	// it stored is what this one replaces), a condition before it still describes
	// the stored status for the fields nothing assigned between the condition and
	// that write: stale holds the fields that were, nil until a write is met.
	// Callers are handed the assignments up to that write (out), as before it.
	var stale map[string]bool
	var out []assignment
	result := func() []assignment {
		if stale != nil {
			return out
		}
		return acc
	}
	// past takes the statements prior to the way on, in a block or a clause, into
	// acc and stale, and reports whether an early exit among them that ran before a
	// write on the way makes this write a change (see staleExits).
	past := func(prior []ast.Stmt, from int, wrote bool) bool {
		changes, next := k.staleExits(prior, acc, stale, from, wrote)
		if changes {
			return true
		}
		acc = append(k.assigns(prior), acc...)
		if next != nil && stale == nil {
			out = acc
		}
		if next != nil {
			stale = next
		}
		return false
	}

	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if i >= 2 && kubetypes.RunInPlace(g.pass.TypesInfo, p, stack[i-2]) {
				continue
			}
			return false, result()
		case *ast.FuncDecl:
			return false, result()
		case *ast.IfStmt:
			if child != p.Body && child != p.Else {
				continue
			}
			if stale != nil && !k.readsOnly(p.Cond, stale) {
				continue
			}
			// A condition held in a variable (hadError := …; …; if hadError) was
			// decided where the variable was: what is assigned after it counts.
			between := acc
			if i >= 2 {
				if block, ok := stack[i-2].(*ast.BlockStmt); ok {
					between = append(k.assignsSinceDef(p.Cond, block.List, p), acc...)
				}
			}
			if k.change(p.Cond, child == p.Body, between, 0) {
				return true, acc
			}
		case *ast.BlockStmt:
			// A switch's or a select's body lists its clauses, of which the way to the
			// write runs only one: the clauses before it are not statements before it.
			if i >= 2 && isClauses(stack[i-2], p) {
				continue
			}
			prior := syntax.Before(p.List, child)
			from, wrote := k.sinceWrite(p.List, child)
			if stale == nil {
				since := prior
				if wrote {
					since = since[from+1:]
				}
				if k.earlyExitChange(p.List, child, acc, from) || k.switchMoves(movesPrior(p.List, child, from, wrote)) || k.indexMoves(movesPrior(p.List, child, from, wrote)) || k.counts(since) {
					return true, acc
				}
			}
			if past(prior, from, wrote) {
				return true, acc
			}
		case *ast.RangeStmt:
			if child == p.Body && stale == nil && k.indexedRange(p, acc) {
				return true, acc
			}
		case *ast.CaseClause:
			prior := syntax.Before(p.Body, child)
			from, wrote := k.sinceWrite(p.Body, child)
			if stale == nil && (k.earlyExitChange(p.Body, child, acc, from) || k.switchMoves(movesPrior(p.Body, child, from, wrote)) || k.indexMoves(movesPrior(p.Body, child, from, wrote))) {
				return true, acc
			}
			if past(prior, from, wrote) {
				return true, acc
			}
			// switch obj.Status.State { case A, B: …; obj.Status.State = C; write }: the
			// state moves.
			if i >= 3 {
				sw, ok := stack[i-3].(*ast.SwitchStmt)
				if !ok || sw.Tag == nil || stale != nil && !k.readsOnly(sw.Tag, stale) {
					continue
				}
				if len(p.List) > 0 && k.movesFrom(sw.Tag, p.List, acc) {
					return true, acc
				}
				// switch obj.Status.Phase { case Done: return; default: Phase = Done;
				// write }: the default found none of the other clauses' constants.
				if p.List == nil && k.movesInto(sw.Tag, otherCases(sw), acc) {
					return true, acc
				}
			}
		}
	}
	return false, result()
}

// staleExits applies rule 7's early exits to the statements prior to the way on (in
// a block or a clause) that run before the last write of the object on the way to
// this one: those before the write at from, when the block holds it (wrote), or all
// of them, when a write was met in a block inside (stale, the fields assigned
// between it and the end of prior, not nil). An early exit there found the status as
// stored, and the write at from stored it again with what was assigned in between:
// for the fields nothing assigned, what the exit found false is still what is stored,
// so a path that then gives them the value the exit left on changes them (if
// obj.Status.Ready { return }; obj.Status.URL = url; write; …; obj.Status.Ready =
// true; write). It returns whether one does, and the fields assigned between the
// start of prior and the last write, for the blocks around, nil when no write was
// met.
func (k keyer) staleExits(prior []ast.Stmt, acc []assignment, stale map[string]bool, from int, wrote bool) (bool, map[string]bool) {
	upto := len(prior)
	if stale == nil {
		if !wrote {
			return false, nil
		}
		upto = from + 1
	}
	assigned := func(list []ast.Stmt) map[string]bool {
		m := maps.Clone(stale)
		if m == nil {
			m = map[string]bool{}
		}
		for _, a := range k.assigns(list) {
			m[a.lhs] = true
		}
		return m
	}
	for j := upto - 1; j >= 0; j-- {
		is, ok := prior[j].(*ast.IfStmt)
		if !ok || is.Else != nil || is.Init != nil || !syntax.Leaves(is.Body.List) {
			continue
		}
		if !k.readsOnly(is.Cond, assigned(prior[j+1:upto])) {
			continue
		}
		if k.change(is.Cond, false, append(k.assigns(prior[j+1:]), acc...), 0) {
			return true, nil
		}
	}
	return false, assigned(prior[:upto])
}

// readsOnly reports whether cond reads the written object's status only through
// fields (obj.Status.Ready, obj.Status.Phase == Done) none of which is in stale or
// inside or around one that is, and reads no more of it hidden: it hands the object
// whole to no call (isDone(obj), obj.IsReady()) and tests no bool variable, which
// may hold what a field was when it was set.
func (k keyer) readsOnly(cond ast.Expr, stale map[string]bool) bool {
	info := k.g.pass.TypesInfo
	ok := true
	overlaps := func(f string) bool {
		for s := range stale {
			if overlapping(s, f) {
				return true
			}
		}
		return false
	}
	ast.Inspect(cond, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.SelectorExpr:
			f := k.key(x)
			if f == "$" || f == "$.Status" {
				ok = false // obj.IsReady(), obj.Status.Ready(): reads what it likes
			} else if strings.HasPrefix(f, "$.Status.") {
				ok = !overlaps(f)
				return false
			}
		case *ast.CallExpr:
			for _, a := range x.Args {
				if f := k.key(a); f == "$" || f == "$.Status" {
					ok = false
				}
			}
		case *ast.Ident:
			if v, isVar := info.Uses[x].(*types.Var); isVar && !v.IsField() && types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// isClauses reports whether block is the body of st, a switch, a type switch or a
// select: a list of clauses.
func isClauses(st ast.Node, block *ast.BlockStmt) bool {
	switch s := st.(type) {
	case *ast.SwitchStmt:
		return s.Body == block
	case *ast.TypeSwitchStmt:
		return s.Body == block
	case *ast.SelectStmt:
		return s.Body == block
	}
	return false
}

// sinceWrite is the index in list of its last statement before child that writes the
// status of the written object on a way past it (a write, an if whose init makes one,
// a branch that writes and goes on), and whether there is one: the early exits before
// it tested a stored status the write has replaced. The write's own statement counts,
// for storedChange, which reads what came before it.
func (k keyer) sinceWrite(list []ast.Stmt, child ast.Node) (int, bool) {
	prior := syntax.Before(list, child)
	for j := len(prior) - 1; j >= 0; j-- {
		if k.writesOnTheWay(prior[j]) {
			return j, true
		}
	}
	return 0, false
}

// writesOnTheWay reports whether st may write the status of the written object and
// then go on to the statements after it: a write in a branch or a clause that leaves
// (else { State = Pending; write; return }) is on no path past st.
func (k keyer) writesOnTheWay(st ast.Stmt) bool {
	found := false
	onTheWay(st, func(n ast.Node, _ bool) {
		ast.Inspect(n, func(x ast.Node) bool {
			switch c := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				found = found || k.writesObject(c)
			}
			return !found
		})
	})
	return found
}

// writesSurely reports whether list[i] writes the status of the written object
// whenever it runs, and the statements after it run only when the write succeeded:
// if err := write; err != nil { return err }, or err := write followed by such an if.
func (k keyer) writesSurely(list []ast.Stmt, i int) bool {
	leavesOnErr := func(is *ast.IfStmt) bool {
		return is.Else == nil && syntax.Leaves(is.Body.List) && syntax.ErrIs(is.Cond, token.NEQ)
	}
	write := func(st ast.Stmt) bool {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return false
		}
		call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		return call != nil && k.writesObject(call)
	}
	if is, ok := list[i].(*ast.IfStmt); ok && is.Init != nil {
		return write(is.Init) && leavesOnErr(is)
	}
	if i+1 < len(list) && write(list[i]) {
		is, ok := list[i+1].(*ast.IfStmt)
		return ok && is.Init == nil && leavesOnErr(is)
	}
	return false
}

// writesObject reports whether call writes the status of the written object.
func (k keyer) writesObject(call *ast.CallExpr) bool {
	return kubetypes.IsStatusWrite(k.g.pass.TypesInfo, call) && len(call.Args) >= 2 && k.key(call.Args[1]) == "$"
}

// movesPrior are the statements before child in list that a switch past which the
// field moved may be among: those after the write at from, when there is one.
func movesPrior(list []ast.Stmt, child ast.Node, from int, wrote bool) []ast.Stmt {
	prior := syntax.Before(list, child)
	if wrote {
		return prior[from+1:]
	}
	return prior
}

// switchMoves reports whether one of prior is a switch on a status field past which
// the field has moved: its default leaves, and each other clause either leaves or
// gives the field a constant that is none of the clause's (switch obj.Status.State {
// case "": State = Pending; case Pending: State = Running; default: return }; write).
// Every path past the switch went through a clause that moved the state.
func (k keyer) switchMoves(prior []ast.Stmt) bool {
	for _, st := range prior {
		sw, ok := st.(*ast.SwitchStmt)
		if !ok || sw.Tag == nil || !strings.HasPrefix(k.key(sw.Tag), "$.Status") {
			continue
		}
		hasDefault, moves := false, true
		for _, c := range sw.Body.List {
			cc := c.(*ast.CaseClause)
			switch {
			case syntax.Leaves(cc.Body):
				hasDefault = hasDefault || cc.List == nil
			case cc.List == nil || !k.movesFrom(sw.Tag, cc.List, k.assigns(cc.Body)):
				moves = false
			}
		}
		if hasDefault && moves {
			return true
		}
	}
	return false
}

// indexMoves reports whether one of prior is a switch without a tag past which a
// status list has gained or lost an element: its default leaves, and each other clause
// either leaves or tests a position variable of the list (position) and then appends
// the value the variable was looked up by when it found the value absent (idx == -1,
// idx < 0), or removes the element at the variable when it found it present (idx !=
// -1, idx >= 0: l = append(l[:idx], l[idx+1:]...), or slices.Delete(l, idx, idx+1)):
// switch { case want && idx == -1: l = append(l, ref); case !want && idx != -1: l =
// append(l[:idx], l[idx+1:]...); default: return nil }; write.
func (k keyer) indexMoves(prior []ast.Stmt) bool {
	info := k.g.pass.TypesInfo
	for _, st := range prior {
		sw, ok := st.(*ast.SwitchStmt)
		if !ok || sw.Tag != nil || sw.Init != nil {
			continue
		}
		hasDefault, moves, clauses := false, true, 0
		for _, c := range sw.Body.List {
			cc := c.(*ast.CaseClause)
			if syntax.Leaves(cc.Body) {
				hasDefault = hasDefault || cc.List == nil
				continue
			}
			if len(cc.List) != 1 || !k.indexClause(info, cc.List[0], cc.Body) {
				moves = false
				break
			}
			clauses++
		}
		if hasDefault && moves && clauses > 0 {
			return true
		}
	}
	return false
}

// indexClause reports whether cond, a case of indexMoves' switch, holds among its
// conjuncts a test of a position variable, and body then appends the value looked up
// (found absent) or removes the element at the position (found present).
func (k keyer) indexClause(info *types.Info, cond ast.Expr, body []ast.Stmt) bool {
	for _, t := range syntax.Conjuncts(cond) {
		b, ok := t.(*ast.BinaryExpr)
		if !ok {
			continue
		}
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		c := info.Types[b.Y].Value
		if c == nil || c.Kind() != constant.Int {
			continue
		}
		n, exact := constant.Int64Val(c)
		if !exact {
			continue
		}
		var absent bool
		switch {
		case b.Op == token.EQL && n == -1, b.Op == token.LSS && n == 0:
			absent = true
		case b.Op == token.NEQ && n == -1, b.Op == token.GEQ && n == 0, b.Op == token.GTR && n == -1:
		default:
			continue
		}
		list, value, ok := k.position(v)
		if !ok {
			continue
		}
		lk := k.key(list)
		for _, st := range body {
			a, ok := st.(*ast.AssignStmt)
			if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || k.key(a.Lhs[0]) != lk {
				continue
			}
			call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			if absent {
				if syntax.IsBuiltin(info, call.Fun, "append") && len(call.Args) == 2 && !call.Ellipsis.IsValid() &&
					k.key(call.Args[0]) == lk && sameValue(info, call.Args[1], value) {
					return true
				}
				continue
			}
			if k.removesAt(info, call, lk, id) {
				return true
			}
		}
	}
	return false
}

// removesAt reports whether call removes the element at position idx of the list lk:
// append(l[:idx], l[idx+1:]...) or slices.Delete(l, idx, idx+1).
func (k keyer) removesAt(info *types.Info, call *ast.CallExpr, lk string, idx *ast.Ident) bool {
	plusOne := func(e ast.Expr) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD || !isIdentOf(info, b.X, idx) {
			return false
		}
		v := info.Types[b.Y].Value
		return v != nil && v.Kind() == constant.Int && constant.Compare(v, token.EQL, constant.MakeInt64(1))
	}
	if kubetypes.IsFunc(kubetypes.Callee(info, call), "slices", "Delete") && len(call.Args) == 3 {
		return k.key(call.Args[0]) == lk && isIdentOf(info, call.Args[1], idx) && plusOne(call.Args[2])
	}
	if !syntax.IsBuiltin(info, call.Fun, "append") || len(call.Args) != 2 || !call.Ellipsis.IsValid() {
		return false
	}
	h, ok1 := ast.Unparen(call.Args[0]).(*ast.SliceExpr)
	t, ok2 := ast.Unparen(call.Args[1]).(*ast.SliceExpr)
	return ok1 && ok2 && !h.Slice3 && !t.Slice3 && h.Low == nil && h.High != nil && t.High == nil && t.Low != nil &&
		k.key(h.X) == lk && k.key(t.X) == lk && isIdentOf(info, h.High, idx) && plusOne(t.Low)
}

// position is the status list and the value v is a position variable of: declared -1
// (idx := -1) and otherwise only given, followed by a break, the index of a range over
// the list in the branch where the element equals the value (for i, e := range
// obj.Status.Refs { if sameRef(e, ref) { idx = i; break } }: equalityOperands). Past
// the loop, idx is -1 when the value is absent and its position when it is there.
func (k keyer) position(v *types.Var) (list, value ast.Expr, ok bool) {
	info := k.g.pass.TypesInfo
	body := syntax.DeclaringBody(k.stack, v)
	if body == nil {
		return nil, nil, false
	}
	good := true
	declared := false
	ast.Inspect(body, func(n ast.Node) bool {
		if !good {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				id, isID := ast.Unparen(l).(*ast.Ident)
				if !isID || info.ObjectOf(id) != v {
					continue
				}
				if len(x.Lhs) != len(x.Rhs) {
					good = false
					return false
				}
				rhs := x.Rhs[i]
				if x.Tok == token.DEFINE {
					c := info.Types[rhs].Value
					if c == nil || c.Kind() != constant.Int || constant.Compare(c, token.NEQ, constant.MakeInt64(-1)) {
						good = false
					}
					declared = true
					continue
				}
				if x.Tok != token.ASSIGN {
					good = false
					continue
				}
				// idx = i, checked with its loop below.
				if _, isIdent := ast.Unparen(rhs).(*ast.Ident); !isIdent {
					good = false
				}
			}
		case *ast.IncDecStmt:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && info.ObjectOf(id) == v {
				good = false
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && x.Op == token.AND && info.ObjectOf(id) == v {
				good = false
			}
		case *ast.RangeStmt:
			l, val, found, clean := k.positionLoop(x, v)
			if !clean {
				good = false
				return false
			}
			if found {
				if list != nil {
					good = false // two loops: which one ran last is not known here
					return false
				}
				list, value = l, val
			}
		}
		return true
	})
	if !good || !declared || list == nil || !strings.HasPrefix(k.key(list), "$.Status") {
		return nil, nil, false
	}
	return list, value, true
}

// positionLoop says whether rs assigns v (found), and if so whether it is position's
// loop (clean) and over which list, by which value; a loop that does not assign v is
// clean.
func (k keyer) positionLoop(rs *ast.RangeStmt, v *types.Var) (list, value ast.Expr, found, clean bool) {
	info := k.g.pass.TypesInfo
	assigns := false
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			for _, l := range a.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && info.ObjectOf(id) == v {
					assigns = true
				}
			}
		}
		return !assigns
	})
	if !assigns {
		return nil, nil, false, true
	}
	key, ok1 := rs.Key.(*ast.Ident)
	elem, ok2 := rs.Value.(*ast.Ident)
	if !ok1 || !ok2 || len(rs.Body.List) != 1 {
		return nil, nil, true, false
	}
	is, ok := rs.Body.List[0].(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 2 {
		return nil, nil, true, false
	}
	a, ok := is.Body.List[0].(*ast.AssignStmt)
	br, ok2b := is.Body.List[1].(*ast.BranchStmt)
	if !ok || !ok2b || br.Tok != token.BREAK || br.Label != nil || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !isIdentOf(info, a.Rhs[0], key) {
		return nil, nil, true, false
	}
	x, y, ok := equalityOperands(info, is.Cond)
	if !ok {
		return nil, nil, true, false
	}
	switch {
	case isIdentOf(info, x, elem):
		return rs.X, y, true, true
	case isIdentOf(info, y, elem):
		return rs.X, x, true, true
	}
	return nil, nil, true, false
}

// movesFrom reports whether the path assigns the status field field a constant that is
// none of values (the constants the field was just found to hold).
func (k keyer) movesFrom(field ast.Expr, values []ast.Expr, acc []assignment) bool {
	info := k.g.pass.TypesInfo
	fk := k.key(field)
	// c.Status, c found by meta.FindStatusCondition in the list: the condition's
	// status.
	if ck := k.conditionField(field); ck != "" {
		fk = ck
	}
	if !strings.HasPrefix(fk, "$.Status") {
		return false
	}
	held, ok := constValues(info, values)
	if !ok {
		return false
	}
	isHeld := func(v constant.Value) bool {
		return slices.ContainsFunc(held, func(h constant.Value) bool { return sameConst(h, v) })
	}
	return onlyGives(acc, fk, func(a assignment) bool {
		if a.lhs != fk {
			return false
		}
		if a.value != nil {
			return !isHeld(a.value)
		}
		return len(a.values) > 0 && !slices.ContainsFunc(a.values, isHeld)
	})
}

// onlyGives reports whether acc gives the field fk a value, itself or with a whole
// that holds it, and the last such assignment satisfies ok: the field ends so. acc is
// in the order the path runs (the statements of an outer block before those of the
// block within it, a callee's after its call), so a branch that may give the state
// one value and a helper that then gives it another leave it the helper's.
func onlyGives(acc []assignment, fk string, ok func(assignment) bool) bool {
	for i := len(acc) - 1; i >= 0; i-- {
		if a := acc[i]; a.lhs == fk || strings.HasPrefix(fk, a.lhs+".") {
			return ok(a)
		}
	}
	return false
}

// constValues are the constant values of es; ok is false when one of them is no
// constant.
func constValues(info *types.Info, es []ast.Expr) (vals []constant.Value, ok bool) {
	for _, e := range es {
		tv := info.Types[e]
		if tv.Value == nil {
			return nil, false
		}
		vals = append(vals, tv.Value)
	}
	return vals, true
}

// otherCases are the expressions the clauses of sw list (none for its default).
func otherCases(sw *ast.SwitchStmt) []ast.Expr {
	var out []ast.Expr
	for _, c := range sw.Body.List {
		out = append(out, c.(*ast.CaseClause).List...)
	}
	return out
}

// movesInto reports whether the path assigns the status field field a constant that is
// one of excluded, the constants the field was just found not to hold (the other
// clauses of a switch on it, in its default).
func (k keyer) movesInto(field ast.Expr, excluded []ast.Expr, acc []assignment) bool {
	info := k.g.pass.TypesInfo
	fk := k.key(field)
	if !strings.HasPrefix(fk, "$.Status") || len(excluded) == 0 {
		return false
	}
	not, ok := constValues(info, excluded)
	if !ok {
		return false
	}
	return onlyGives(acc, fk, func(a assignment) bool {
		return a.lhs == fk && a.value != nil && slices.ContainsFunc(not, func(v constant.Value) bool { return sameConst(v, a.value) })
	})
}

// switchedValues are the constants the variable e can hold after the statements
// before: the case constants of the last switch on it among them whose default (or
// every case not listed) leaves, and whose other clauses do not; nil when e is no
// variable or no such switch says.
func switchedValues(info *types.Info, before []ast.Stmt, e ast.Expr) []constant.Value {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	for j := len(before) - 1; j >= 0; j-- {
		sw, ok := before[j].(*ast.SwitchStmt)
		if !ok || sw.Init != nil {
			continue
		}
		tag, ok := ast.Unparen(sw.Tag).(*ast.Ident)
		if !ok || info.Uses[tag] != v {
			continue
		}
		var vals []constant.Value
		hasDefault := false
		for _, c := range sw.Body.List {
			cc := c.(*ast.CaseClause)
			if cc.List == nil {
				hasDefault = true
				if !syntax.Leaves(cc.Body) {
					return nil
				}
				continue
			}
			if syntax.Leaves(cc.Body) {
				continue
			}
			for _, x := range cc.List {
				tv := info.Types[x]
				if tv.Value == nil {
					return nil
				}
				vals = append(vals, tv.Value)
			}
		}
		if !hasDefault {
			return nil
		}
		for _, st := range before[j+1:] {
			if as, ok := st.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(lid) == v {
						return nil // assigned again after the switch
					}
				}
			}
		}
		return vals
	}
	return nil
}

// sameConst reports whether two constants are the same value (of one kind).
func sameConst(a, b constant.Value) bool {
	return a.Kind() == b.Kind() && constant.Compare(a, token.EQL, b)
}

// earlyExitChange reports whether a statement before child in list, from index from
// on, is an if whose body leaves, and whose condition, false past it, implies a change
// given what the statements after it assign.
func (k keyer) earlyExitChange(list []ast.Stmt, child ast.Node, acc []assignment, from int) bool {
	prior := syntax.Before(list, child)
	for j := len(prior) - 1; j >= from; j-- {
		if k.growsPastLoop(prior[j], prior[j+1:], acc) || k.appendedPastLoop(prior[j], prior[j+1:], acc) {
			return true
		}
		if sw, ok := prior[j].(*ast.SwitchStmt); ok {
			if cond := leftCases(k.g.pass.TypesInfo, sw); cond != nil && k.change(cond, false, append(k.assigns(prior[j+1:]), acc...), 0) {
				return true
			}
			continue
		}
		is, ok := prior[j].(*ast.IfStmt)
		if ok && is.Else != nil {
			if k.chainChange(is, append(k.assigns(prior[j+1:]), acc...)) {
				return true
			}
			continue
		}
		if !ok || !syntax.Leaves(is.Body.List) {
			continue
		}
		between := append(k.assigns(prior[j+1:]), acc...)
		if k.change(is.Cond, false, between, 0) || k.change(heldDropped(is.Cond, prior[:j]), false, between, 0) {
			return true
		}
		if call := kubetypes.ErrorChecked(k.g.pass.TypesInfo, prior[:j], is); call != nil && (k.calleeExitChange(call, portable(between), 0) || k.storedChange(prior[:j], is, call, between)) {
			return true
		}
	}
	return false
}

// heldDropped is cond, an early exit's conjunction, without the conjuncts that an
// earlier exit among before establishes: an if without else or init whose body
// leaves, on the conjunct's negation (if a.State != Ready { return }; if a.State ==
// Ready && b.State == Ready { return }: past the first, the second leaves when
// b.State == Ready alone), with nothing among the statements between them assigning
// what the conjunct reads. cond itself when it drops none, or would drop them all.
func heldDropped(cond ast.Expr, before []ast.Stmt) ast.Expr {
	conj := syntax.Conjuncts(cond)
	if len(conj) < 2 {
		return cond
	}
	var kept []ast.Expr
	for _, c := range conj {
		if !heldBy(c, before) {
			kept = append(kept, c)
		}
	}
	if len(kept) == len(conj) || len(kept) == 0 {
		return cond
	}
	out := kept[0]
	for _, c := range kept[1:] {
		out = &ast.BinaryExpr{X: out, Op: token.LAND, Y: c}
	}
	return out
}

// heldBy reports whether an if among before, without else or init, whose body
// leaves, tests the negation of c (c is a == b, it a != b; c is x, it !x; and the
// converse), and no statement after it assigns what c reads.
func heldBy(c ast.Expr, before []ast.Stmt) bool {
	for j := len(before) - 1; j >= 0; j-- {
		is, ok := before[j].(*ast.IfStmt)
		if !ok || is.Else != nil || is.Init != nil || !syntax.Leaves(is.Body.List) || !negates(is.Cond, c) {
			continue
		}
		return !assignsRead(before[j+1:], c)
	}
	return false
}

// negates reports whether a is the negation of b, as the source spells them.
func negates(a, b ast.Expr) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return types.ExprString(ast.Unparen(u.X)) == types.ExprString(b)
	}
	if u, ok := b.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return types.ExprString(ast.Unparen(u.X)) == types.ExprString(a)
	}
	x, ok1 := a.(*ast.BinaryExpr)
	y, ok2 := b.(*ast.BinaryExpr)
	if !ok1 || !ok2 || !(x.Op == token.EQL && y.Op == token.NEQ || x.Op == token.NEQ && y.Op == token.EQL) {
		return false
	}
	xs, xt, ys, yt := types.ExprString(x.X), types.ExprString(x.Y), types.ExprString(y.X), types.ExprString(y.Y)
	return xs == ys && xt == yt || xs == yt && xt == ys
}

// assignsRead reports whether a statement of list, or one nested in it, assigns (or
// increments) what e reads: one of its outermost selector chains or identifiers
// (a.State, not a), a part of one, or a whole one is part of.
func assignsRead(list []ast.Stmt, e ast.Expr) bool {
	var reads []string
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr, *ast.Ident:
			reads = append(reads, types.ExprString(x.(ast.Expr)))
			return false
		}
		return true
	})
	touches := func(l ast.Expr) bool {
		t := types.ExprString(ast.Unparen(l))
		return slices.ContainsFunc(reads, func(r string) bool { return overlapping(r, t) })
	}
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				found = found || slices.ContainsFunc(x.Lhs, touches)
			case *ast.IncDecStmt:
				found = found || touches(x.X)
			}
			return !found
		})
	}
	return found
}

// leftCases is the test that a way past sw, an earlier switch, found false: the cases
// of its clauses that leave the function or the loop's turn (return, panic, continue,
// goto; a break leaves only the switch), joined by || (switch obj.Status.Phase { case
// Done, Failed: return nil } is if Phase == Done || Phase == Failed { return nil }).
// Clauses are tried in order, so a leaving clause after one that goes on counts only
// when every case of a tagged switch is a constant: no two of them are equal, and the
// tag that matched the one going on is none of the others. nil when no clause leaves.
// The test is built of sw's own expressions, which the type information knows.
func leftCases(info *types.Info, sw *ast.SwitchStmt) ast.Expr {
	allConst := sw.Tag != nil
	for _, c := range sw.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			allConst = allConst && info.Types[e].Value != nil
		}
	}
	var cond ast.Expr
	for _, c := range sw.Body.List {
		cc := c.(*ast.CaseClause)
		// A clause that is one if leaving on a test (case Restoring: if
		// obj.Status.Job != "" { return }) leaves when its case and that test hold.
		var also ast.Expr
		if !leavesClause(cc.Body) {
			if is := exitIf(cc.Body); is != nil {
				also = is.Cond
			} else if !allConst {
				break
			} else {
				continue
			}
		}
		for _, e := range cc.List {
			test := e
			if sw.Tag != nil {
				test = &ast.BinaryExpr{X: sw.Tag, Op: token.EQL, Y: e}
			}
			if also != nil {
				test = &ast.BinaryExpr{X: test, Op: token.LAND, Y: also}
			}
			if cond == nil {
				cond = test
			} else {
				cond = &ast.BinaryExpr{X: cond, Op: token.LOR, Y: test}
			}
		}
		if also != nil && !allConst {
			break // a later clause may be reached with this one's case true
		}
	}
	return cond
}

// exitIf is body's only statement when it is an if without init or else whose body
// leaves as a clause's does (leavesClause).
func exitIf(body []ast.Stmt) *ast.IfStmt {
	if len(body) != 1 {
		return nil
	}
	is, ok := body[0].(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || !leavesClause(is.Body.List) {
		return nil
	}
	return is
}

// leavesClause reports whether a switch clause's body ends by leaving the function or
// the turn of a loop around the switch; a break ends only the switch.
func leavesClause(body []ast.Stmt) bool {
	if syntax.Exits(body) {
		return true
	}
	if len(body) > 0 {
		if b, ok := body[len(body)-1].(*ast.BranchStmt); ok {
			return b.Tok == token.CONTINUE || b.Tok == token.GOTO
		}
	}
	return false
}

// chainChange reports whether every way past is, an if with an else (a chain of else
// ifs), implies a change given acc, what the path assigns after it: the path goes on
// only through a branch that does not leave, and assigns no status (if Phase ==
// Completed || Phase == Failed { return } else if Phase == Pending { log } else {
// Phase = Pending; write; return }: past it the phase is Pending). A branch says its
// own condition held and those before it did not; the final else, that none held.
func (k keyer) chainChange(is *ast.IfStmt, acc []assignment) bool {
	var conds []ast.Expr
	through := 0
	for branch := ast.Stmt(is); branch != nil; {
		var body *ast.BlockStmt
		var cond ast.Expr
		next := ast.Stmt(nil)
		switch b := branch.(type) {
		case *ast.IfStmt:
			if b.Init != nil {
				return false
			}
			body, cond, next = b.Body, b.Cond, b.Else
		case *ast.BlockStmt:
			body = b
		default:
			return false
		}
		if !syntax.Leaves(body.List) {
			if len(k.assigns(body.List)) > 0 {
				return false
			}
			through++
			held := cond != nil && k.change(cond, true, acc, 0) || slices.ContainsFunc(conds, func(c ast.Expr) bool {
				return k.change(c, false, acc, 0)
			})
			if !held {
				return false
			}
		}
		if cond != nil {
			conds = append(conds, cond)
		}
		if cond != nil && next == nil {
			// No final else: the path may take none of the branches.
			through++
			if !slices.ContainsFunc(conds, func(c ast.Expr) bool { return k.change(c, false, acc, 0) }) {
				return false
			}
		}
		branch = next
	}
	return through > 0
}

// growsPastLoop reports whether st is a loop over a status list that returns when an
// element equals a value (for _, d := range obj.Status.Deps { if d == name { return
// nil } }, or if sameDep(d, name), equalityOperands: past it, the value is not in the list, as !slices.Contains says), and the
// statements after it (rest, with acc) append that value to the list, directly or
// through a variable (deps := append(obj.Status.Deps, name); obj.Status.Deps = deps):
// the list grows.
func (k keyer) growsPastLoop(st ast.Stmt, rest []ast.Stmt, acc []assignment) bool {
	info := k.g.pass.TypesInfo
	rs, ok := st.(*ast.RangeStmt)
	if !ok || rs.Value == nil || len(rs.Body.List) != 1 {
		return false
	}
	if key, ok := rs.Key.(*ast.Ident); rs.Key != nil && (!ok || key.Name != "_") {
		return false
	}
	elem, ok := rs.Value.(*ast.Ident)
	if !ok {
		return false
	}
	is, ok := rs.Body.List[0].(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) == 0 {
		return false
	}
	if _, ret := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); !ret {
		return false // a break leaves the loop only
	}
	x, y, ok := equalityOperands(info, is.Cond)
	if !ok {
		return false
	}
	var v ast.Expr
	switch {
	case isIdentOf(info, x, elem):
		v = y
	case isIdentOf(info, y, elem):
		v = x
	default:
		return false
	}
	list := k.key(rs.X)
	if !strings.HasPrefix(list, "$.Status") {
		return false
	}
	grown := "append(" + text(rs.X) + ", " + text(v) + ")"
	between := append(k.assigns(rest), acc...)
	return slices.ContainsFunc(between, func(a assignment) bool {
		return a.lhs == list && (a.rhs == grown || heldValue(rest, a.rhs) == grown)
	})
}

// equalityOperands are the two values cond compares for equality: a == b, or a call
// of a function or method whose name says it tests sameness (same…, …Equal…, match…)
// with the two of one type as its only arguments, and a bool its only result
// (sameRef(existing, ref), a.Equals(b) with the receiver as one of them).
func equalityOperands(info *types.Info, cond ast.Expr) (x, y ast.Expr, ok bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		return c.X, c.Y, c.Op == token.EQL
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, c)
		if fn == nil {
			return nil, nil, false
		}
		name := strings.ToLower(fn.Name())
		if !strings.HasPrefix(name, "same") && !strings.Contains(name, "equal") && !strings.HasPrefix(name, "match") {
			return nil, nil, false
		}
		sig := fn.Signature()
		if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
			return nil, nil, false
		}
		args := c.Args
		if sel, isSel := ast.Unparen(c.Fun).(*ast.SelectorExpr); isSel && sig.Recv() != nil && len(args) == 1 {
			args = []ast.Expr{sel.X, args[0]}
		}
		if len(args) != 2 || !types.Identical(info.TypeOf(args[0]), info.TypeOf(args[1])) {
			return nil, nil, false
		}
		return args[0], args[1], true
	}
	return nil, nil, false
}

// appendedPastLoop reports whether st is a loop over a status list that returns when
// an element's fields hold given values (for _, c := range obj.Status.Conditions { if
// c.Type == Accepted { if c.Status == True { return } } }: past it, no element holds
// them all), and the list is then given a value that appends a struct literal with
// those values (obj.Status.Conditions = append(rest, Condition{Type: Accepted, Status:
// True, …})): the list now holds such an element, so it changed, whatever else the
// rebuilt list holds.
func (k keyer) appendedPastLoop(st ast.Stmt, rest []ast.Stmt, acc []assignment) bool {
	info := k.g.pass.TypesInfo
	rs, ok := st.(*ast.RangeStmt)
	if !ok || rs.Value == nil {
		return false
	}
	elem, ok := rs.Value.(*ast.Ident)
	if !ok {
		return false
	}
	list := k.key(rs.X)
	if !strings.HasPrefix(list, "$.Status") {
		return false
	}
	// The field tests on every way to a return of the loop's body: each a
	// conjunction of elem.F == v, v reading no elem.
	var ways []map[string]ast.Expr
	var visit func(stmts []ast.Stmt, held map[string]ast.Expr) bool
	visit = func(stmts []ast.Stmt, held map[string]ast.Expr) bool {
		for _, st := range stmts {
			switch x := st.(type) {
			case *ast.ReturnStmt:
				ways = append(ways, held)
				return true
			case *ast.IfStmt:
				if x.Init != nil {
					return false
				}
				more, ok := k.fieldTests(x.Cond, elem, held)
				if !ok {
					if syntax.HasReturn(x.Body) {
						return false
					}
					continue
				}
				if !visit(x.Body.List, more) {
					return false
				}
				if x.Else != nil && syntax.HasReturn(x.Else) {
					return false
				}
			default:
				if syntax.HasReturn(st) {
					return false
				}
			}
		}
		return true
	}
	if !visit(rs.Body.List, map[string]ast.Expr{}) || len(ways) == 0 {
		return false
	}
	between := append(k.assigns(rest), acc...)
	return onlyGives(between, list, func(a assignment) bool {
		call, ok := ast.Unparen(a.expr).(*ast.CallExpr)
		if a.lhs != list || !ok || len(call.Args) < 2 {
			return false
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "append" || info.Uses[id] != types.Universe.Lookup("append") {
			return false
		}
		lit, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.CompositeLit)
		if !ok {
			return false
		}
		gives := map[string]ast.Expr{}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					gives[id.Name] = kv.Value
				}
			}
		}
		// Some way to a return tests only fields the literal gives those values.
		return slices.ContainsFunc(ways, func(held map[string]ast.Expr) bool {
			if len(held) == 0 {
				return false
			}
			for f, v := range held {
				g, ok := gives[f]
				if !ok || !sameValue(info, g, v) {
					return false
				}
			}
			return true
		})
	})
}

// fieldTests adds to held the tests of cond, a conjunction of elem.F == v; ok is false
// when cond is anything else.
func (k keyer) fieldTests(cond ast.Expr, elem *ast.Ident, held map[string]ast.Expr) (map[string]ast.Expr, bool) {
	info := k.g.pass.TypesInfo
	out := maps.Clone(held)
	var add func(e ast.Expr) bool
	add = func(e ast.Expr) bool {
		x, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch x.Op {
		case token.LAND:
			return add(x.X) && add(x.Y)
		case token.EQL:
		default:
			return false
		}
		for _, p := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
			sel, ok := ast.Unparen(p[0]).(*ast.SelectorExpr)
			if !ok || !isIdentOf(info, sel.X, elem) || isVar(info, elem, p[1]) {
				continue
			}
			out[sel.Sel.Name] = p[1]
			return true
		}
		return false
	}
	if !add(cond) {
		return nil, false
	}
	return out, true
}

// isVar reports whether e reads the variable elem declares.
func isVar(info *types.Info, elem *ast.Ident, e ast.Expr) bool {
	v, ok := info.Defs[elem].(*types.Var)
	return ok && kubetypes.ReadsVar(info, e, v)
}

// sameValue reports whether a and b are the same constant, or the same expression
// (string(Accepted) and Accepted are one constant however spelled).
func sameValue(info *types.Info, a, b ast.Expr) bool {
	va, vb := info.Types[a].Value, info.Types[b].Value
	if va != nil && vb != nil {
		return va.Kind() == vb.Kind() && constant.Compare(va, token.EQL, vb)
	}
	return types.ExprString(ast.Unparen(a)) == types.ExprString(ast.Unparen(b))
}

// absentAppended reports whether flag is a presence flag of a status list that the
// path, finding it false, appends the missing element to: declared false (found :=
// false, var found bool), and set otherwise only to true, inside a range over the
// list, in the body of an if that compares the element, or a field of it, with a
// value (for _, c := range obj.Status.Conditions { if c.Type == Ready { found = true
// } }), and acc appends that value, or a struct literal that gives that field that
// value (obj.Status.Conditions = append(obj.Status.Conditions, Condition{Type:
// Ready})). Past such a loop with the flag false the element is not in the list, as
// past the loop of growsPastLoop.
func (k keyer) absentAppended(flag *types.Var, acc []assignment) bool {
	info := k.g.pass.TypesInfo
	body := syntax.DeclaringBody(k.stack, flag)
	if body == nil || !types.Identical(flag.Type().Underlying(), types.Typ[types.Bool]) {
		return false
	}
	isFlag := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == flag
	}
	// Every assignment of the flag: its declaration false, the others true inside
	// a matching if of a range over a status list; the list and the matched values.
	type match struct{ list, field, value string }
	var matches []match
	ok := true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch st := n.(type) {
		case *ast.ValueSpec:
			for i, name := range st.Names {
				if info.Defs[name] == flag && i < len(st.Values) && !syntax.IsConst(info, st.Values[i], "false") {
					ok = false
				}
			}
		case *ast.AssignStmt:
			for i, l := range st.Lhs {
				if !isFlag(l) {
					continue
				}
				if st.Tok == token.DEFINE {
					if len(st.Rhs) != len(st.Lhs) || !syntax.IsConst(info, st.Rhs[i], "false") {
						ok = false
					}
					continue
				}
				if st.Tok != token.ASSIGN || len(st.Rhs) != len(st.Lhs) || !syntax.IsConst(info, st.Rhs[i], "true") {
					ok = false
					continue
				}
				m, found := k.matchingRange(stack)
				if !found {
					ok = false
					continue
				}
				matches = append(matches, m)
			}
		}
		return ok
	})
	if !ok || len(matches) == 0 {
		return false
	}
	for _, m := range matches[1:] {
		if m != matches[0] {
			return false
		}
	}
	m := matches[0]
	return slices.ContainsFunc(acc, func(a assignment) bool {
		if a.lhs != m.list {
			return false
		}
		call, isCall := ast.Unparen(a.expr).(*ast.CallExpr)
		if !isCall || len(call.Args) != 2 || text(call.Fun) != "append" {
			return false
		}
		el := ast.Unparen(call.Args[1])
		if m.field == "" {
			return text(el) == m.value
		}
		if u, isAddr := el.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
			el = ast.Unparen(u.X)
		}
		lit, isLit := el.(*ast.CompositeLit)
		return isLit && slices.ContainsFunc(lit.Elts, func(e ast.Expr) bool {
			kv, isKV := e.(*ast.KeyValueExpr)
			return isKV && text(kv.Key) == m.field && text(kv.Value) == m.value
		})
	})
}

// matchingRange reads stack, ending in an assignment of a presence flag, as an if
// right in the body of a range over a status list whose condition compares the element
// (field "") or a field of it with a value that does not read the element: the list's
// key, the field and the value's text.
func (k keyer) matchingRange(stack []ast.Node) (m struct{ list, field, value string }, ok bool) {
	info := k.g.pass.TypesInfo
	// stack: … RangeStmt, BlockStmt, IfStmt, BlockStmt, AssignStmt
	n := len(stack)
	if n < 5 {
		return m, false
	}
	is, isIf := stack[n-3].(*ast.IfStmt)
	rs, isRange := stack[n-5].(*ast.RangeStmt)
	if !isIf || !isRange || stack[n-2] != is.Body || stack[n-4] != rs.Body || is.Init != nil {
		return m, false
	}
	elem, isID := rs.Value.(*ast.Ident)
	m.list = k.key(rs.X)
	if !isID || !strings.HasPrefix(m.list, "$.Status") {
		return m, false
	}
	cond, isBin := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !isBin || cond.Op != token.EQL {
		return m, false
	}
	readsElem := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID && info.ObjectOf(id) == info.ObjectOf(elem) {
				found = true
			}
			return !found
		})
		return found
	}
	for _, side := range [][2]ast.Expr{{cond.X, cond.Y}, {cond.Y, cond.X}} {
		x, v := ast.Unparen(side[0]), side[1]
		if readsElem(v) {
			continue
		}
		if isIdentOf(info, x, elem) {
			m.value = text(v)
			return m, true
		}
		if sel, isSel := x.(*ast.SelectorExpr); isSel && isIdentOf(info, sel.X, elem) {
			m.field, m.value = sel.Sel.Name, text(v)
			return m, true
		}
	}
	return m, false
}

// isIdentOf reports whether e is the identifier id's object.
func isIdentOf(info *types.Info, e ast.Expr, id *ast.Ident) bool {
	x, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.ObjectOf(x) != nil && info.ObjectOf(x) == info.ObjectOf(id)
}

// heldValue is the text of the one value that list gives the variable named name
// (deps := append(…)); "" when it gives it none or more than one.
func heldValue(list []ast.Stmt, name string) string {
	val := ""
	for _, st := range list {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name == name {
				if val != "" {
					return ""
				}
				val = text(as.Rhs[i])
			}
		}
	}
	return val
}

// storedChange reports whether call, whose error the early exit is leaves on, is a
// status write of the written object, so that past is the stored status is what the
// object held at the call, and the path after it (between) gives a status field a
// constant other than the one the statements before the call (prior) last gave it:
// the write moves the field from what this pass itself stored (a reset to State "",
// written and checked, then State Skipped and a second write). Only the top-level
// statements of prior count, and only constants; a status write in a helper called
// between the two is taken to leave the field as the first write stored it.
func (k keyer) storedChange(prior []ast.Stmt, is *ast.IfStmt, call *ast.CallExpr, between []assignment) bool {
	if !k.writesObject(call) {
		return false
	}
	if is.Init == nil && len(prior) > 0 {
		prior = prior[:len(prior)-1] // the write is the statement before the if
	}
	stored := map[string]constant.Value{}
	for _, a := range k.assigns(prior) {
		if a.value != nil {
			stored[a.lhs] = a.value
		} else {
			delete(stored, a.lhs)
		}
	}
	return slices.ContainsFunc(between, func(a assignment) bool {
		v, ok := stored[a.lhs]
		return ok && a.value != nil && !sameConst(v, a.value)
	})
}

// calleeExitChange reports whether call, a call of a function of this package that
// is handed the written object and whose error the path requires to be nil, returns
// a non-nil error under a condition that, false past it, implies a change given the
// assignments acc the path makes after the call (func imageDue(obj) (string, error)
// { if obj.Status.Image == obj.Spec.Image { return "", errNotDue }; … }, then
// obj.Status.Image = obj.Spec.Image; write): the callee's early exit is the path's.
// The conditions are the callee's top-level ifs before it assigns any status, and
// the same again through the calls it checks in turn, two deep.
func (k keyer) calleeExitChange(call *ast.CallExpr, acc []assignment, depth int) bool {
	if depth > 1 || len(acc) == 0 {
		return false
	}
	info := k.g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	if fn == nil || fn.Pkg() != k.g.pass.Pkg {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() == 0 || !syntax.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	decl := syntax.DeclOf(k.g.pass, fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	param := ""
	for i, a := range call.Args {
		if k.key(a) != "$" {
			continue
		}
		if i < fn.Signature().Params().Len() && !(fn.Signature().Variadic() && i >= fn.Signature().Params().Len()-1) {
			param = fn.Signature().Params().At(i).Name()
		}
		break
	}
	if param == "" || param == "_" {
		return false
	}
	ck := keyer{g: k.g, obj: param, stack: []ast.Node{decl, decl.Body}}
	list := decl.Body.List
	for j, st := range list {
		if len(ck.assigns(list[:j+1])) > 0 || returnsNil(st) {
			return false // past here the callee's conditions read what it set, or may be skipped with a nil error
		}
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Else != nil || !returnsError(is.Body.List) {
			continue
		}
		if ck.change(is.Cond, false, acc, 0) {
			return true
		}
		if inner := kubetypes.ErrorChecked(info, list[:j], is); inner != nil && ck.calleeExitChange(inner, acc, depth+1) {
			return true
		}
	}
	return false
}

// returnsNil reports whether st holds a return (outside function literals) whose last
// result is the nil identifier.
func returnsNil(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				if id, ok := ast.Unparen(n.Results[len(n.Results)-1]).(*ast.Ident); ok && id.Name == "nil" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// returnsError reports whether list ends in a return whose last result, an error, is
// not the nil identifier.
func returnsError(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	id, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.Ident)
	return !ok || id.Name != "nil"
}

// assignsSinceDef are the assignments of list, before stop, that follow the
// definition of the bool variable cond is, when it is one defined in list.
func (k keyer) assignsSinceDef(cond ast.Expr, list []ast.Stmt, stop ast.Stmt) []assignment {
	id, ok := ast.Unparen(cond).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := k.g.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	prior := syntax.Before(list, stop)
	for j, st := range prior {
		if v.Pos() >= st.Pos() && v.Pos() < st.End() {
			return k.assigns(prior[j+1:])
		}
	}
	return nil
}

// change reports whether cond, when it evaluates to want, implies that the write
// changes the status: a comparison that finds a status field differs (!=, <, >, or ==
// when want is false) from a value the path assigns to it (acc), or from a snapshot of
// its own earlier value; through !, && and || as logic says, and a bool variable
// assigned once followed to its value.
func (k keyer) change(cond ast.Expr, want bool, acc []assignment, depth int) bool {
	if depth > 4 {
		return false
	}
	info := k.g.pass.TypesInfo
	switch x := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.NOT && k.change(x.X, !want, acc, depth+1)
	case *ast.SelectorExpr:
		// if obj.Status.Reserved { obj.Status.Reserved = false; write }: a bool status
		// field found one way and set the other.
		fk := k.key(x)
		if !strings.HasPrefix(fk, "$.Status") || !types.Identical(info.TypeOf(x).Underlying(), types.Typ[types.Bool]) {
			return false
		}
		return slices.ContainsFunc(acc, func(as assignment) bool {
			return as.lhs == fk && as.value != nil && as.value.Kind() == constant.Bool && constant.BoolVal(as.value) != want
		})
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		if syntax.Addressed(info, syntax.DeclaringBody(k.stack, v), v) {
			return false // decide(&create) may set it to anything
		}
		if val := syntax.ValueOf(k.g.pass, syntax.DeclaringBody(k.stack, v), v); val != nil {
			return k.change(val, want, acc, depth+1)
		}
		// create := ready && obj.Status.Pod == ""; …; if failed { create = false };
		// if create { … }: found true, the one value that may make it true held.
		if val := k.onlyTrueFrom(v); want && val != nil {
			return k.change(val, want, acc, depth+1)
		}
		// found false past a loop that sets it when an element matches, then the
		// element appended: the list grows.
		if !want {
			return k.absentAppended(v, acc)
		}
	case *ast.BinaryExpr:
		// if len(obj.Status.URL) > 0 { obj.Status.URL = ""; write }: cleared.
		// if len(obj.Status.Nodes) == 0 { obj.Status.Nodes = nodes; write }: filled.
		// if meta.FindStatusCondition(obj.Status.Conditions, T) == nil { set T; write }.
		if k.presenceChange(x, want, acc) || k.getConditionChange(x, want, acc) {
			return true
		}
		if field, nonEmpty, ok := lenTest(info, x, want); ok {
			if nonEmpty {
				return k.clears(field, acc)
			}
			return k.fillsField(field, acc)
		}
		// if obj.Status.IP != "" { obj.Status = api.IPStatus{}; write }: found set,
		// cleared.
		if x.Op == token.NEQ && want || x.Op == token.EQL && !want {
			if f := k.zeroCompared(x); f != nil && k.clears(f, acc) {
				return true
			}
		}
		// if err := r.Get(ctx, key, &cur); err == nil && cur.Status.Phase == Failed {
		// return }: past it the read failed, which is no pass of the steady loop, or
		// the test is false.
		if x.Op == token.LAND && !want {
			if k.readSucceeded(x.X) {
				return k.change(x.Y, want, acc, depth+1)
			}
			if k.readSucceeded(x.Y) {
				return k.change(x.X, want, acc, depth+1)
			}
		}
		switch {
		case x.Op == token.LAND && want, x.Op == token.LOR && !want:
			return k.change(x.X, want, acc, depth+1) || k.change(x.Y, want, acc, depth+1)
		case x.Op == token.LOR && want, x.Op == token.LAND && !want:
			return k.change(x.X, want, acc, depth+1) && k.change(x.Y, want, acc, depth+1)
		case x.Op == token.NEQ && want, x.Op == token.EQL && !want, (x.Op == token.LSS || x.Op == token.GTR) && want,
			(x.Op == token.LEQ || x.Op == token.GEQ) && !want:
			// if obj.Generation <= obj.Status.ObservedGeneration { return }: past it they
			// differ.
			return k.differs(x.X, x.Y, acc)
		case x.Op == token.EQL && want, x.Op == token.NEQ && !want:
			// obj.Status.State == Pending, then obj.Status.State = Running: it moves.
			// obj.Status.Image == "", then obj.Status.Image = image: it is filled.
			return k.movesFrom(x.X, []ast.Expr{x.Y}, acc) || k.movesFrom(x.Y, []ast.Expr{x.X}, acc) ||
				k.fills(x.X, x.Y, acc) || k.fills(x.Y, x.X, acc)
		}
	case *ast.CallExpr:
		// A time compared by its methods: t.Before(u) or t.After(u) true, or t.Equal(u)
		// false, finds t and u different, as t < u and t != u do.
		if a, b, differ := timeComparison(info, x); differ == want && a != nil {
			return k.differs(a, b, acc)
		}
		if k.conditionChange(x, want, acc) || k.presenceChange(x, want, acc) || k.flagChange(x, want, acc) {
			return true
		}
		// if isRunning(obj) { return }, isRunning returning obj.Status.State ==
		// Running: the test it returns, made of the written object.
		if body, kb := k.predicate(x); body != nil {
			return kb.change(body, want, acc, depth+1)
		}
		// !role.HasBindingRef(), a test of another package (an API package's helper)
		// that finds $.Status.BindingRef empty: filled on the path, or found set and
		// cleared.
		if field, empty, ok := k.importedTest(x); ok {
			if empty == want {
				return k.fillsKey(field, acc)
			}
			return k.clearsKey(field, acc)
		}
		// slices.Contains(obj.Status.Nodes, id) false, then obj.Status.Nodes =
		// append(obj.Status.Nodes, id): the list grows.
		if !want && len(x.Args) == 2 && kubetypes.IsFunc(kubetypes.Callee(info, x), "slices", "Contains") {
			list, grown := k.key(x.Args[0]), "append("+text(x.Args[0])+", "+text(x.Args[1])+")"
			return strings.HasPrefix(list, "$.Status") && slices.ContainsFunc(acc, func(as assignment) bool {
				return as.lhs == list && as.rhs == grown
			})
		}
	}
	return false
}

// onlyTrueFrom is the one expression assigned to the bool variable v that may make
// it true, when every other assignment of it gives false; nil otherwise. Found true,
// v holds what that expression was when it was assigned.
func (k keyer) onlyTrueFrom(v *types.Var) ast.Expr {
	if !types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
		return nil
	}
	info := k.g.pass.TypesInfo
	body := syntax.DeclaringBody(k.stack, v)
	if body == nil {
		return nil
	}
	var from ast.Expr
	for _, val := range syntax.ValuesOf(k.g.pass, body, v) {
		if tv := info.Types[val]; tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value) {
			continue
		}
		if from != nil {
			return nil
		}
		from = val
	}
	// The value must be the declaration's (create := …), so that what runs between
	// it and the test is what runs after it.
	declared := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && x.Tok == token.DEFINE && id.Pos() == v.Pos() && i < len(x.Rhs) && x.Rhs[i] == from {
					declared = true
				}
			}
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if id.Pos() == v.Pos() && i < len(x.Values) && x.Values[i] == from {
					declared = true
				}
			}
		}
		return true
	})
	if !declared {
		return nil
	}
	return from
}

// predicate reads call as a bool function or method of the package whose body is a
// single return of a test of one of its parameters, or of its receiver, that the call
// hands the written object (func isRunning(o *Foo) bool { return o.Status.State ==
// Running }), after definitions of locals the test may read: the returned expression
// and a keyer that reads that parameter as the written object. The body may name no
// other parameter. nil when call is no such call.
func (k keyer) predicate(call *ast.CallExpr) (ast.Expr, keyer) {
	info := k.g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	if fn == nil || fn.Pkg() != k.g.pass.Pkg {
		return nil, k
	}
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return nil, k
	}
	fd := syntax.DeclOf(k.g.pass, fn.Origin())
	if fd == nil || fd.Body == nil || len(fd.Body.List) == 0 {
		return nil, k
	}
	// Locals the test reads may come first, each defined once from one value
	// (cond := meta.FindStatusCondition(o.Status.Conditions, T); return cond != nil
	// && cond.Status == True): the test reads them through the body.
	list := fd.Body.List
	for _, st := range list[:len(list)-1] {
		if as, ok := st.(*ast.AssignStmt); !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return nil, k
		}
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, k
	}
	// The parameter (or receiver) the call hands the written object.
	var param *types.Var
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil && k.key(sel.X) == "$" {
		param = sig.Recv()
	}
	for i, a := range call.Args {
		if i < sig.Params().Len() && k.key(a) == "$" && param == nil {
			param = sig.Params().At(i)
		}
	}
	if param == nil || param.Name() == "" || param.Name() == "_" {
		return nil, k
	}
	// Every other parameter unread: its value is the caller's, which the callee's
	// text does not name.
	other := false
	isParam := func(v *types.Var) bool {
		params := fn.Origin().Signature().Params()
		for i := range params.Len() {
			if params.At(i) == v {
				return true
			}
		}
		return v == fn.Origin().Signature().Recv()
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && v != param && isParam(v) {
				other = true
			}
		}
		return !other
	})
	if other {
		return nil, k
	}
	kb := keyer{g: k.g, obj: param.Name(), stack: []ast.Node{fd, fd.Body}}
	return ret.Results[0], kb
}

// fills reports whether field, a status field or a snapshot of one found empty (equal
// to empty: nil, "" or 0), is given something else on the path: the first value of
// the field, as rule 3 has it. A constant must not be the empty one; anything else
// is a fill.
func (k keyer) fills(field, empty ast.Expr, acc []assignment) bool {
	tv := k.g.pass.TypesInfo.Types[empty]
	if !tv.IsNil() && (tv.Value == nil || !syntax.ZeroConst(tv.Value)) {
		return false
	}
	return k.fillsField(field, acc)
}

// statusKey is the key of field, a status field of the written object or a snapshot
// of one; "" when it is neither.
func (k keyer) statusKey(field ast.Expr) string {
	fk := k.key(field)
	if !strings.HasPrefix(fk, "$.Status") {
		fk = k.snapshotKey(field)
	}
	if !strings.HasPrefix(fk, "$.Status") {
		return ""
	}
	return fk
}

// emptyLit is the key of an empty composite literal's value.
const emptyLit = "{}"

// clears reports whether field, a status field or a snapshot of one found not empty,
// is given the empty value on the path ("", 0, false, nil or an empty literal), itself
// or with a whole it is part of (obj.Status = api.IPStatus{}, obj.Status.Config =
// nil): it is cleared.
func (k keyer) clears(field ast.Expr, acc []assignment) bool {
	return k.clearsKey(k.statusKey(field), acc)
}

// clearsKey is clears of the field keyed fk.
func (k keyer) clearsKey(fk string, acc []assignment) bool {
	return fk != "" && onlyGives(acc, fk, func(a assignment) bool {
		if a.lhs != fk {
			return a.rhs == "nil" || a.rhs == emptyLit
		}
		return a.rhs == "nil" || a.rhs == emptyLit || a.value != nil && syntax.ZeroConst(a.value)
	})
}

// zeroCompared is the side of x, a comparison, that x compares with the empty value
// (nil, "", 0, false); nil when neither side is that value.
func (k keyer) zeroCompared(x *ast.BinaryExpr) ast.Expr {
	info := k.g.pass.TypesInfo
	empty := func(e ast.Expr) bool {
		tv := info.Types[e]
		return tv.IsNil() || tv.Value != nil && syntax.ZeroConst(tv.Value)
	}
	switch {
	case empty(x.Y) && !empty(x.X):
		return x.X
	case empty(x.X) && !empty(x.Y):
		return x.Y
	}
	return nil
}

// lenTest reads x, evaluated to want, as a test of a length: len(f) > 0, != 0 or
// >= 1 finds f not empty, len(f) == 0, <= 0 or < 1 finds it empty, and the other way
// round when want is false. ok is false for any other comparison (len(f) > 3 says
// neither).
func lenTest(info *types.Info, x *ast.BinaryExpr, want bool) (field ast.Expr, nonEmpty, ok bool) {
	op, l, r := x.Op, ast.Unparen(x.X), ast.Unparen(x.Y)
	arg := func(e ast.Expr) ast.Expr {
		c, ok := e.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return nil
		}
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); !ok || id.Name != "len" || info.Uses[id] != types.Universe.Lookup("len") {
			return nil
		}
		return c.Args[0]
	}
	if arg(l) == nil {
		// 0 < len(f) is len(f) > 0.
		l, r, op = r, l, syntax.Mirrored(op)
	}
	field = arg(l)
	v := info.Types[r].Value
	if field == nil || v == nil {
		return nil, false, false
	}
	n, exact := constant.Int64Val(constant.ToInt(v))
	if !exact {
		return nil, false, false
	}
	var empty bool
	switch {
	case op == token.EQL && n == 0, op == token.LEQ && n == 0, op == token.LSS && n == 1:
		empty = true
	case op == token.NEQ && n == 0, op == token.GTR && n == 0, op == token.GEQ && n == 1:
		empty = false
	default:
		return nil, false, false
	}
	return field, empty != want, true
}

// fillsField reports whether the status field (or snapshot of one) field is given a
// value on the path that is not the empty one.
func (k keyer) fillsField(field ast.Expr, acc []assignment) bool {
	return k.fillsKey(k.statusKey(field), acc)
}

// fillsKey is fillsField of the field keyed fk.
func (k keyer) fillsKey(fk string, acc []assignment) bool {
	if fk == "" {
		return false
	}
	return onlyGives(acc, fk, func(a assignment) bool {
		if a.lhs != fk {
			return false
		}
		if a.value != nil {
			return !syntax.ZeroConst(a.value)
		}
		return a.rhs != "nil" && a.rhs != emptyLit && a.rhs != maybeAssigned
	})
}

// timeComparison reads call as a comparison of two times by a method of time.Time or
// metav1.Time (t.Before(u), t.After(u), t.Equal(u)): the two times, and the result
// that finds them different (true for Before and After, false for Equal). a is nil
// when call is no such comparison.
func timeComparison(info *types.Info, call *ast.CallExpr) (a, b ast.Expr, differ bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return nil, nil, false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok {
		return nil, nil, false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil, nil, false
	}
	if !kubetypes.IsNamed(recv.Type(), "time", "Time") && !kubetypes.IsNamed(recv.Type(), kubetypes.MetaV1Pkg, "Time") {
		return nil, nil, false
	}
	// x.Time of a metav1.Time is the time it holds: compare x.
	whole := func(e ast.Expr) ast.Expr {
		if s, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && s.Sel.Name == "Time" && kubetypes.IsNamed(info.TypeOf(s.X), kubetypes.MetaV1Pkg, "Time") {
			return s.X
		}
		return e
	}
	switch fn.Name() {
	case "Before", "After":
		return whole(sel.X), whole(call.Args[0]), true
	case "Equal":
		return whole(sel.X), whole(call.Args[0]), false
	}
	return nil, nil, false
}

// differs reports whether a and b being different means the status changes: one is a
// status field of the written object and the other a snapshot of it, or the path
// assigns one to the other.
func (k keyer) differs(a, b ast.Expr, acc []assignment) bool {
	ka, kb := k.fieldKey(a), k.fieldKey(b)
	for _, p := range [][2]ast.Expr{{a, b}, {b, a}} {
		if kp := k.fieldKey(p[0]); strings.HasPrefix(kp, "$.Status") && k.snapshotKey(p[1]) == kp {
			return true
		}
		// if next != orig.Status.Version { obj.Status.Version = next; write }, orig a
		// snapshot of the object: the field moves from what was read.
		if sk := k.snapshotKey(p[1]); strings.HasPrefix(sk, "$.Status") {
			kp := k.key(p[0])
			if onlyGives(acc, sk, func(as assignment) bool { return assigns(as, sk, kp) }) {
				return true
			}
		}
	}
	// A constant is the same constant however it is spelled (api.BackupFailed in the
	// caller, BackupFailed in the API package's setter).
	for _, p := range [][2]ast.Expr{{a, b}, {b, a}} {
		if v := k.g.pass.TypesInfo.Types[p[1]].Value; v != nil {
			kp := k.fieldKey(p[0])
			if onlyGives(acc, kp, func(as assignment) bool { return as.lhs == kp && as.value != nil && sameConst(as.value, v) }) {
				return true
			}
		}
	}
	return onlyGives(acc, ka, func(as assignment) bool { return assigns(as, ka, kb) }) ||
		onlyGives(acc, kb, func(as assignment) bool { return assigns(as, kb, ka) })
}

// fieldKey is key of e, but of a condition's status or reason read through a
// variable that a find assigned (c.Status, c := meta.FindStatusCondition(list, T)):
// that condition's key (keyer.conditionField).
func (k keyer) fieldKey(e ast.Expr) string {
	if ck := k.conditionField(e); ck != "" {
		return ck
	}
	return k.key(e)
}

// assigns reports whether the assignment as gives the field lhs the value rhs: itself
// (obj.Status.State = s), or as a part of a whole it assigns (obj.Status = desired
// gives obj.Status.State desired.State).
func assigns(as assignment, lhs, rhs string) bool {
	if as.lhs == lhs && as.rhs == rhs {
		return true
	}
	rest, ok := strings.CutPrefix(lhs, as.lhs+".")
	return ok && rhs == as.rhs+"."+rest
}

// portable keeps the assignments that mean the same in a caller.
func portable(acc []assignment) []assignment {
	var out []assignment
	for _, a := range acc {
		if a.portable {
			out = append(out, a)
		}
	}
	return out
}

// carried are the assignments of a helper's path (acc) as its caller at site sees
// them, the helper writing the object the caller hands in as obj: the portable ones
// as they are, one read from a parameter with the call's argument in its place
// (obj.Status.Image = image, called with obj.Spec.Image, gives $.Spec.Image), and any
// other as a field given something (opaque). With obj nil (the
// object is not handed in whole) only the portable ones.
func (g *guards) carried(acc []assignment, site []ast.Node, obj ast.Expr) []assignment {
	if obj == nil {
		return portable(acc)
	}
	call := site[len(site)-1].(*ast.CallExpr)
	ck := newKeyer(g, site, obj)
	acc = g.namedParts(acc, kubetypes.Callee(g.pass.TypesInfo, call), call, ck)
	// A variadic parameter is a slice the call spells element by element: no argument
	// stands in its place.
	fixed := len(call.Args)
	if fn := kubetypes.Callee(g.pass.TypesInfo, call); fn == nil {
		fixed = 0
	} else if fn.Signature().Variadic() {
		fixed = min(fixed, fn.Signature().Params().Len()-1)
	}
	var out []assignment
	for _, a := range acc {
		switch {
		case a.portable:
			out = append(out, a)
		case a.lhs == runsParameter:
			// The function the callee runs: a literal's assignments, or the caller's own
			// parameter handed on, which its callers spell out in turn.
			if a.param.index >= fixed {
				continue
			}
			switch arg := ast.Unparen(call.Args[a.param.index]).(type) {
			case *ast.FuncLit:
				out = append(out, ck.literalRuns(arg, a.rhs)...)
			default:
				if i := ck.paramIndex(arg); i >= 0 {
					out = append(out, assignment{lhs: runsParameter, rhs: a.rhs, param: &paramRead{index: i}})
				}
			}
		case a.param != nil && a.param.index < fixed:
			arg := call.Args[a.param.index]
			b := ck.valueAssign(a.lhs, arg)
			if a.param.rest != "" {
				b.rhs += a.param.rest
				b.value = nil
				if b.param != nil {
					b.param = &paramRead{index: b.param.index, rest: b.param.rest + a.param.rest}
				}
			}
			out = append(out, b) // portable when the argument is: a parameter again is put in its caller's argument in turn
		default:
			out = append(out, assignment{lhs: a.lhs, rhs: opaque, portable: true})
		}
	}
	return out
}

// counts reports whether one of list's statements, which run on every way to the
// write, moves a number of the written object's status by a constant (obj.Status.Retries++,
// obj.Status.Rounds += 2, obj.Status.Seen = obj.Status.Seen - 1) that nothing else on
// a way to the write assigns: the write stores a count the API server does not hold,
// never the stored status again (rule 7).
func (k keyer) counts(list []ast.Stmt) bool {
	info := k.g.pass.TypesInfo
	numeric := func(e ast.Expr) bool {
		b, ok := info.TypeOf(e).Underlying().(*types.Basic)
		return ok && b.Info()&types.IsNumeric != 0
	}
	nonZero := func(e ast.Expr) bool {
		v := info.Types[e].Value
		return v != nil && constant.Sign(v) != 0
	}
	for _, st := range list {
		var field ast.Expr
		switch x := st.(type) {
		case *ast.IncDecStmt:
			field = x.X
		case *ast.AssignStmt:
			if len(x.Lhs) != 1 || len(x.Rhs) != 1 {
				continue
			}
			switch x.Tok {
			case token.ADD_ASSIGN, token.SUB_ASSIGN:
				if nonZero(x.Rhs[0]) {
					field = x.Lhs[0]
				}
			case token.ASSIGN:
				// n = n + 1, n = 1 + n, n = n - 1.
				if b, ok := ast.Unparen(x.Rhs[0]).(*ast.BinaryExpr); ok && (b.Op == token.ADD || b.Op == token.SUB) {
					switch key := k.key(x.Lhs[0]); {
					case k.key(b.X) == key && nonZero(b.Y), b.Op == token.ADD && k.key(b.Y) == key && nonZero(b.X):
						field = x.Lhs[0]
					}
				}
			}
		}
		if field != nil && numeric(field) && strings.HasPrefix(k.key(field), "$.Status.") && !k.assignedElsewhere(st, k.key(field)) {
			return true
		}
	}
	return false
}

// assignedElsewhere reports whether a statement of the outermost function on the
// stack (true when there is none) other than st, before the write, assigns the status
// field key (or the status or a part of it that holds it), or hands it, or what holds
// it, to a call by address. A block that ends in a return and holds neither st nor
// the write is on no way to the write.
func (k keyer) assignedElsewhere(st ast.Stmt, key string) bool {
	// The outermost function: a literal run in place (a conflict retry) is on the
	// way from what its function did before it.
	var body ast.Node
	for i := 0; i < len(k.stack) && body == nil; i++ {
		switch f := k.stack[i].(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
	}
	if body == nil {
		return true
	}
	write := k.stack[len(k.stack)-1].Pos()
	holds := func(e ast.Expr) bool {
		ek := k.key(e)
		return ek == key || strings.HasPrefix(key, ek+".")
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n == st || n.Pos() >= write {
			return false
		}
		switch x := n.(type) {
		case *ast.BlockStmt:
			if len(x.List) > 0 && !(x.Pos() <= write && write < x.End()) && !(x.Pos() <= st.Pos() && st.Pos() < x.End()) {
				if _, ok := x.List[len(x.List)-1].(*ast.ReturnStmt); ok {
					return false
				}
			}
		case *ast.AssignStmt:
			found = slices.ContainsFunc(x.Lhs, func(e ast.Expr) bool { return k.key(e) != "$" && holds(e) })
		case *ast.IncDecStmt:
			found = holds(x.X)
		case *ast.UnaryExpr:
			found = x.Op == token.AND && k.key(x.X) != "$" && holds(x.X)
		}
		if found && k.storedBefore(body, n, st) {
			found = false // what it gave the field is stored before the count moves it
		}
		return !found
	})
	return found
}

// storedBefore reports whether a later statement of the list that holds n, before st
// and not holding it, writes the status of the written object whenever it runs
// (Retries = 0; if err := write; err != nil { return err }; …; Retries++; write): on
// the ways that go on past it the server holds what n gave the field when st moves
// the count, so the count still differs from what is stored.
func (k keyer) storedBefore(body ast.Node, n ast.Node, st ast.Stmt) bool {
	stored := false
	ast.Inspect(body, func(m ast.Node) bool {
		if stored || m == nil {
			return false
		}
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		list := syntax.Stmts(m)
		at := slices.IndexFunc(list, func(s ast.Stmt) bool { return s.Pos() <= n.Pos() && n.End() <= s.End() })
		if at < 0 {
			return true
		}
		for j := at + 1; j < len(list); j++ {
			later := list[j]
			if later.Pos() >= st.Pos() || later.Pos() <= st.Pos() && st.End() <= later.End() {
				break
			}
			if k.writesSurely(list, j) {
				stored = true
				break
			}
		}
		return !stored
	})
	return stored
}
