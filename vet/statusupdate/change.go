package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// This file holds the guards that are no diff but still make a write a change (rule 7
// of the package doc), and the switches that turn a helper's write off (rule 8).

// assignment is an assignment to the written object's status on the path to a write,
// both sides as keys (see keyer.key).
type assignment struct {
	lhs, rhs string
	// portable reports whether the right-hand side means the same in another
	// function: the written object's own fields ($.Generation) or a constant.
	portable bool
}

// keyer writes expressions relative to the written object: obj.Status.Message is
// $.Status.Message when obj is written, obj.GetGeneration() is $.Generation.
type keyer struct {
	g *guards
	// obj is the written object as the source spells it, without & or a deep copy.
	obj   string
	stack []ast.Node
}

func newKeyer(g *guards, stack []ast.Node, obj ast.Expr) keyer {
	return keyer{g: g, obj: text(obj), stack: stack}
}

// text is e as the source spells it, without parentheses, a leading & or *, and
// without .DeepCopy() calls, with getters of metadata (x.GetGeneration()) written as
// the field they read (x.Generation).
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
	for _, f := range []string{"Generation", "ResourceVersion", "Name", "Namespace", "Labels", "Annotations"} {
		s = strings.ReplaceAll(s, ".Get"+f+"()", "."+f)
	}
	return s
}

// key is e relative to the written object ("$.Status.Message"), or e as spelled when
// it does not read the written object.
func (k keyer) key(e ast.Expr) string {
	s := text(e)
	switch {
	case k.obj == "":
		return s
	case s == k.obj:
		return "$"
	case strings.HasPrefix(s, k.obj+"."):
		return "$" + s[len(k.obj):]
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
	info := k.g.pass.TypesInfo
	var out []assignment
	for _, st := range list {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			lk := k.key(l)
			if !strings.HasPrefix(lk, "$.Status") {
				continue
			}
			rk := k.key(as.Rhs[i])
			tv := info.Types[as.Rhs[i]]
			out = append(out, assignment{lhs: lk, rhs: rk, portable: strings.HasPrefix(rk, "$") || tv.Value != nil})
		}
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

	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if i >= 2 && kubetypes.RunInPlace(g.pass.TypesInfo, p, stack[i-2]) {
				continue
			}
			return false, acc
		case *ast.FuncDecl:
			return false, acc
		case *ast.IfStmt:
			if child != p.Body && child != p.Else {
				continue
			}
			// A condition held in a variable (hadError := …; …; if hadError) was
			// decided where the variable was: what is assigned after it counts.
			between := acc
			if i >= 2 {
				if block, ok := stack[i-2].(*ast.BlockStmt); ok {
					between = append(slices.Clone(acc), k.assignsSinceDef(p.Cond, block.List, p)...)
				}
			}
			if k.change(p.Cond, child == p.Body, between, 0) {
				return true, acc
			}
		case *ast.BlockStmt:
			if k.earlyExitChange(p.List, child, acc) {
				return true, acc
			}
			acc = append(acc, k.assigns(before(p.List, child))...)
		case *ast.CaseClause:
			if k.earlyExitChange(p.Body, child, acc) {
				return true, acc
			}
			acc = append(acc, k.assigns(before(p.Body, child))...)
		}
	}
	return false, acc
}

// earlyExitChange reports whether a statement before child in list is an if whose
// body leaves, and whose condition, false past it, implies a change given what the
// statements after it assign.
func (k keyer) earlyExitChange(list []ast.Stmt, child ast.Node, acc []assignment) bool {
	prior := before(list, child)
	for j := len(prior) - 1; j >= 0; j-- {
		is, ok := prior[j].(*ast.IfStmt)
		if !ok || is.Else != nil || !syntax.Leaves(is.Body.List) {
			continue
		}
		between := append(slices.Clone(acc), k.assigns(prior[j+1:])...)
		if k.change(is.Cond, false, between, 0) {
			return true
		}
	}
	return false
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
	prior := before(list, stop)
	for j, st := range prior {
		if v.Pos() >= st.Pos() && v.Pos() < st.End() {
			return k.assigns(prior[j+1:])
		}
	}
	return nil
}

// before is the statements of list before child (all of them when child is not one).
func before(list []ast.Stmt, child ast.Node) []ast.Stmt {
	for i, st := range list {
		if st == child {
			return list[:i]
		}
	}
	return list
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
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		if val := syntax.ValueOf(k.g.pass, syntax.DeclaringBody(k.stack, v), v); val != nil {
			return k.change(val, want, acc, depth+1)
		}
	case *ast.BinaryExpr:
		switch {
		case x.Op == token.LAND && want, x.Op == token.LOR && !want:
			return k.change(x.X, want, acc, depth+1) || k.change(x.Y, want, acc, depth+1)
		case x.Op == token.LOR && want, x.Op == token.LAND && !want:
			return k.change(x.X, want, acc, depth+1) && k.change(x.Y, want, acc, depth+1)
		case x.Op == token.NEQ && want, x.Op == token.EQL && !want, (x.Op == token.LSS || x.Op == token.GTR) && want:
			return k.differs(x.X, x.Y, acc)
		}
	}
	return false
}

// differs reports whether a and b being different means the status changes: one is a
// status field of the written object and the other a snapshot of it, or the path
// assigns one to the other.
func (k keyer) differs(a, b ast.Expr, acc []assignment) bool {
	ka, kb := k.key(a), k.key(b)
	for _, p := range [][2]ast.Expr{{a, b}, {b, a}} {
		if kp := k.key(p[0]); strings.HasPrefix(kp, "$.Status") && k.snapshotKey(p[1]) == kp {
			return true
		}
	}
	return slices.ContainsFunc(acc, func(as assignment) bool {
		return as.lhs == ka && as.rhs == kb || as.lhs == kb && as.rhs == ka
	})
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

// Switch is a condition on a parameter that a write needs: the write happens only
// when the parameter (Field "") or its field Field is Value.
type Switch struct {
	Param int
	Field string
	Value bool
}

// requires are the switches the path to the node on top of the stack needs, within
// its function decl: the bool parameters, or bool fields of struct parameters, that
// an enclosing if or an earlier early exit tests (if !params.ApplyChanges { return }).
func (g *guards) requires(stack []ast.Node, decl *ast.FuncDecl) []Switch {
	var out []Switch
	add := func(cond ast.Expr, want bool) {
		for _, s := range g.switchTerms(stack, decl, cond, want, 0) {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if i >= 2 && kubetypes.RunInPlace(g.pass.TypesInfo, p, stack[i-2]) {
				continue
			}
			return out
		case *ast.FuncDecl:
			return out
		case *ast.IfStmt:
			if child == p.Body {
				add(p.Cond, true)
			} else if child == p.Else {
				add(p.Cond, false)
			}
		case *ast.BlockStmt:
			for _, st := range before(p.List, child) {
				if is, ok := st.(*ast.IfStmt); ok && is.Else == nil && syntax.Leaves(is.Body.List) {
					add(is.Cond, false)
				}
			}
		}
	}
	return out
}

// switchTerms are the switches cond being want needs: a bool parameter or a bool
// field of a struct parameter of decl, through !, && (true), || (false) and bool
// variables assigned once.
func (g *guards) switchTerms(stack []ast.Node, decl *ast.FuncDecl, cond ast.Expr, want bool, depth int) []Switch {
	info := g.pass.TypesInfo
	if depth > 4 || decl == nil {
		return nil
	}
	isBool := func(e ast.Expr) bool {
		t := info.TypeOf(e)
		return t != nil && types.Identical(t.Underlying(), types.Typ[types.Bool])
	}
	switch x := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return g.switchTerms(stack, decl, x.X, !want, depth+1)
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND && want || x.Op == token.LOR && !want {
			return append(g.switchTerms(stack, decl, x.X, want, depth+1), g.switchTerms(stack, decl, x.Y, want, depth+1)...)
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || !isBool(x) {
			return nil
		}
		if i := syntax.ParamIndex(info, decl, v); i >= 0 {
			return []Switch{{Param: i, Value: want}}
		}
		if val := syntax.ValueOf(g.pass, syntax.DeclaringBody(stack, v), v); val != nil {
			return g.switchTerms(stack, decl, val, want, depth+1)
		}
	case *ast.SelectorExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok || !isBool(x) {
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || kubetypes.IsAPIObject(v.Type()) {
			return nil
		}
		if f, ok := info.Uses[x.Sel].(*types.Var); !ok || !f.IsField() {
			return nil
		}
		if i := syntax.ParamIndex(info, decl, v); i >= 0 {
			return []Switch{{Param: i, Field: x.Sel.Name, Value: want}}
		}
	}
	return nil
}

// argBool is the constant a call hands in for a switch: the argument itself, or the
// field of a composite literal argument (a field the literal leaves out is false).
// known is false when the source does not say.
func (g *guards) argBool(call *ast.CallExpr, body *ast.BlockStmt, s Switch) (value, known bool) {
	info := g.pass.TypesInfo
	if s.Param >= len(call.Args) {
		return false, false
	}
	constBool := func(e ast.Expr) (bool, bool) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(tv.Value), true
	}
	arg := call.Args[s.Param]
	if s.Field == "" {
		return constBool(arg)
	}
	lit := compositeOf(g, body, arg)
	if lit == nil {
		return false, false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false, false // positional: not read here
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == s.Field {
			return constBool(kv.Value)
		}
	}
	return false, true // left out: the zero value
}

// compositeOf is the composite literal e is (or whose address it is, or that a local
// variable assigned once holds); nil otherwise.
func compositeOf(g *guards, body *ast.BlockStmt, e ast.Expr) *ast.CompositeLit {
	for range 2 {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		switch x := e.(type) {
		case *ast.CompositeLit:
			return x
		case *ast.Ident:
			v, ok := g.pass.TypesInfo.Uses[x].(*types.Var)
			if !ok || body == nil {
				return nil
			}
			if e = syntax.ValueOf(g.pass, body, v); e == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// switchedOff reports whether the call hands in a constant that one of the switches
// the callee's write needs does not have: the write is unreachable from it.
func (g *guards) switchedOff(call *ast.CallExpr, site []ast.Node, reqs []Switch) bool {
	_, body := syntax.EnclosingFunc(site)
	for _, s := range reqs {
		if v, known := g.argBool(call, body, s); known && v != s.Value {
			return true
		}
	}
	return false
}

// translate maps the switches a callee's write needs to the caller's: a switch the
// call fills with a constant it has is met and dropped; one it fills with the caller's
// own parameter (passed on as it came in) becomes the caller's. off reports that the
// call fills one with a constant it does not have: the callee writes nothing here.
func (g *guards) translate(call *ast.CallExpr, site []ast.Node, reqs []Switch) (out []Switch, off bool) {
	fn, body := syntax.EnclosingFunc(site)
	decl, _ := fn.(*ast.FuncDecl)
	for _, s := range reqs {
		if v, known := g.argBool(call, body, s); known {
			if v != s.Value {
				return nil, true
			}
			continue
		}
		if decl == nil || s.Param >= len(call.Args) {
			continue
		}
		if id, ok := ast.Unparen(call.Args[s.Param]).(*ast.Ident); ok {
			if v, ok := g.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i := syntax.ParamIndex(g.pass.TypesInfo, decl, v); i >= 0 {
					out = append(out, Switch{Param: i, Field: s.Field, Value: s.Value})
				}
			}
		}
	}
	return out, false
}

// intersect is the switches every one of sets needs.
func intersect(sets [][]Switch) []Switch {
	if len(sets) == 0 {
		return nil
	}
	var out []Switch
	for _, s := range sets[0] {
		all := true
		for _, other := range sets[1:] {
			if !slices.Contains(other, s) {
				all = false
				break
			}
		}
		if all {
			out = append(out, s)
		}
	}
	return out
}
