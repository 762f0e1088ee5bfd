package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// This file holds rule 7 for conditions: a test of a condition's status
// (meta.IsStatusConditionTrue) on the way to a write that sets that condition to
// another status or removes it.

// removed is the right-hand side of the pseudo-assignment of a removed condition.
const removed = "<removed>"

// reasonSuffix ends the key of a condition's reason (list#T/reason): not a field of
// the key of its status (list#T), which an assignment of the reason leaves alone.
const reasonSuffix = "/reason"

// conditionKey is the key of the condition of type t in the conditions list: the
// list's key, "#" and the type's constant, or its spelling when it is no constant.
func (k keyer) conditionKey(list, t ast.Expr) string {
	return k.key(list) + "#" + k.typeKey(t)
}

// typeKey is a condition type's constant, or its spelling when it is no constant.
func (k keyer) typeKey(t ast.Expr) string {
	if v := k.g.pass.TypesInfo.Types[t].Value; v != nil {
		return v.ExactString()
	}
	return text(t)
}

// capiMarks are the functions of cluster-api's conditions packages that set a
// condition of the object they are handed, and the status they set ("" removes it).
var capiMarks = map[string]string{"MarkTrue": "True", "MarkFalse": "False", "MarkUnknown": "Unknown", "Delete": ""}

// capiTests are its functions that test a condition's status.
var capiTests = map[string]string{"IsTrue": "True", "IsFalse": "False"}

// capiFunc is fn's name when fn is a function of cluster-api's conditions packages
// (sigs.k8s.io/cluster-api/util/conditions, and its v1beta2 and deprecated forms),
// "" otherwise.
func capiFunc(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	p := fn.Pkg().Path()
	if !strings.HasPrefix(p, "sigs.k8s.io/cluster-api/") || !strings.Contains(p, "/conditions") {
		return ""
	}
	return fn.Name()
}

// conditionAssigns are the pseudo-assignments of a call statement that sets a
// condition of the written object's status to a constant status
// (meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: T, Status:
// metav1.ConditionTrue, …})) or removes it (meta.RemoveStatusCondition), directly or
// through a function of the package whose top-level statements do so with its
// parameters (func setTrue(conds *[]metav1.Condition, t string) {
// meta.SetStatusCondition(conds, metav1.Condition{Type: t, Status: True}) }).
func (k keyer) conditionAssigns(st ast.Stmt) []assignment {
	return k.conditionStmt(st, k.conditionCall)
}

// reasonAssigns are the pseudo-assignments of a call statement to the reasons of the
// written object's conditions, read as conditionAssigns reads their status: the
// condition's key and /reason given the literal's Reason ("" when it names none),
// anything when that is no constant or the condition is a constructor's, and
// removed with the condition. Only the path analysis reads them.
func (k keyer) reasonAssigns(st ast.Stmt) []assignment {
	return k.conditionStmt(st, k.reasonCall)
}

// conditionStmt reads st, a call statement, with read: the call itself, or the calls
// at the top level of a function of the package it calls, its parameters standing
// for the call's arguments.
func (k keyer) conditionStmt(st ast.Stmt, read func(*ast.CallExpr, map[*types.Var]ast.Expr) []assignment) []assignment {
	call := syntax.StmtCall(st)
	if call == nil {
		return nil
	}
	out := read(call, nil)
	if out != nil {
		return out
	}
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != k.g.pass.Pkg {
		return nil
	}
	decl := syntax.DeclOf(k.g.pass, fn)
	if decl == nil || decl.Body == nil {
		return nil
	}
	// The helper's parameters stand for the call's arguments.
	args := map[*types.Var]ast.Expr{}
	for i := 0; i < fn.Signature().Params().Len() && i < len(call.Args); i++ {
		args[fn.Signature().Params().At(i)] = call.Args[i]
	}
	for _, hs := range decl.Body.List {
		if hc := syntax.StmtCall(hs); hc != nil {
			out = append(out, read(hc, args)...)
		}
	}
	return out
}

// reasonCall reads one call of meta.SetStatusCondition or RemoveStatusCondition for
// the reason it leaves, its parameters replaced by args (nil outside a helper).
func (k keyer) reasonCall(call *ast.CallExpr, args map[*types.Var]ast.Expr) []assignment {
	info := k.g.pass.TypesInfo
	arg := argument(info, args)
	list, remove, ok := k.metaConditionCall(kubetypes.Callee(info, call), call, arg)
	if !ok {
		return nil
	}
	if remove {
		return []assignment{{lhs: k.conditionKey(list, arg(call.Args[1])) + reasonSuffix, rhs: removed, portable: true}}
	}
	lit, ok := ast.Unparen(call.Args[1]).(*ast.CompositeLit)
	if !ok {
		if m, made := k.conditionMade(arg(call.Args[1])); made {
			// A constructor's reason is not known: anything.
			return []assignment{{lhs: k.key(list) + "#" + m.Type + reasonSuffix, rhs: text(call.Args[1])}}
		}
		return nil
	}
	typ, reason := keyed(lit, "Type"), keyed(lit, "Reason")
	if typ == nil {
		return nil
	}
	lhs := k.conditionKey(list, arg(typ)) + reasonSuffix
	if reason = arg(reason); reason == nil {
		v := constant.MakeString("")
		return []assignment{{lhs: lhs, rhs: v.ExactString(), portable: true, value: v}}
	}
	if v := info.Types[reason].Value; v != nil && v.Kind() == constant.String {
		return []assignment{{lhs: lhs, rhs: v.ExactString(), portable: true, value: v}}
	}
	return []assignment{{lhs: lhs, rhs: text(reason), expr: reason}}
}

// conditionField is the key of what e reads of a condition of the written object's
// status found by meta.FindStatusCondition: c.Status or c.Reason, c a local variable
// assigned once from meta.FindStatusCondition(obj.Status.Conditions, T), keys as the
// condition's status (list#T) or its reason (list#T/reason); "" otherwise. c points
// into the object's list: it reads what the object holds.
func (k keyer) conditionField(e ast.Expr) string {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Reason" && sel.Sel.Name != "Status" {
		return ""
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return ""
	}
	info := k.g.pass.TypesInfo
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return ""
	}
	call := k.foundCondition(v)
	if call == nil {
		return ""
	}
	if !strings.HasPrefix(k.key(call.Args[0]), "$.Status") {
		return ""
	}
	ck := k.conditionKey(call.Args[0], call.Args[1])
	if sel.Sel.Name == "Reason" {
		return ck + reasonSuffix
	}
	return ck
}

// foundCondition is the call of meta.FindStatusCondition, or of a project's find
// (ConditionHelper), that v, a local variable, holds: assigned from it once, and
// otherwise only in the body of an if that finds v nil (c := FindCondition(list, T);
// if c == nil { c = &Condition{Type: T, Status: Unknown} }), a default for a
// condition not there yet, which the path then reads as that condition. nil when v
// holds anything else.
func (k keyer) foundCondition(v *types.Var) *ast.CallExpr {
	info := k.g.pass.TypesInfo
	body := syntax.DeclaringBody(k.stack, v)
	values := syntax.ValuesOf(k.g.pass, body, v)
	if body == nil || len(values) == 0 {
		return nil
	}
	defaults := map[ast.Expr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || ifs.Init != nil {
			return true
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL || !(refersTo(info, b.X, v) && info.Types[b.Y].IsNil() || refersTo(info, b.Y, v) && info.Types[b.X].IsNil()) {
			return true
		}
		for _, st := range ifs.Body.List {
			if as, ok := st.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && refersTo(info, as.Lhs[0], v) {
				defaults[as.Rhs[0]] = true
			}
		}
		return true
	})
	var found *ast.CallExpr
	for _, val := range values {
		if defaults[val] {
			continue
		}
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok || found != nil || len(call.Args) != 2 || conditionHelper(k.g.pass, kubetypes.Callee(info, call)) != findsCondition {
			return nil
		}
		found = call
	}
	return found
}

// conditionCall reads one call of meta.SetStatusCondition or RemoveStatusCondition,
// its parameters replaced by args (nil outside a helper).
func (k keyer) conditionCall(call *ast.CallExpr, args map[*types.Var]ast.Expr) []assignment {
	info := k.g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	arg := argument(info, args)
	if out := k.setConditionsAssigns(call, arg); out != nil {
		return out
	}
	// cluster-api's conditions package takes the object: its conditions are
	// obj.Status.Conditions.
	if status, ok := capiMarks[capiFunc(fn)]; ok && len(call.Args) >= 2 {
		if k.key(arg(call.Args[0])) != "$" {
			return nil
		}
		list, typ := "$.Status.Conditions", k.typeKey(arg(call.Args[1]))
		if status == "" {
			return []assignment{{lhs: list + "#" + typ, rhs: removed, portable: true}}
		}
		v := constant.MakeString(status)
		return []assignment{{lhs: list + "#" + typ, rhs: v.ExactString(), portable: true, value: v}}
	}
	list, remove, ok := k.metaConditionCall(fn, call, arg)
	if !ok {
		return nil
	}
	if remove {
		return []assignment{{lhs: k.conditionKey(list, arg(call.Args[1])), rhs: removed, portable: true}}
	}
	return k.conditionSet(list, call.Args[1], arg)
}

// conditionSet is the pseudo-assignment of c, a condition set in list: its key given
// c's status. c is a literal, whose status may be any expression (a constant, or
// what the path's tests compare with: Status: statusOf(ready)), or a constructor's
// condition (MakesCondition), whose status is a constant; nil for anything else.
func (k keyer) conditionSet(list, c ast.Expr, arg func(ast.Expr) ast.Expr) []assignment {
	lit, ok := ast.Unparen(c).(*ast.CompositeLit)
	if !ok {
		// A constructor's condition (MakesCondition): NewReadyCondition(gen).
		if m, made := k.conditionMade(arg(c)); made {
			v := constant.MakeString(m.Status)
			return []assignment{{lhs: k.key(list) + "#" + m.Type, rhs: v.ExactString(), portable: true, value: v}}
		}
		return nil
	}
	typ, status := keyed(lit, "Type"), keyed(lit, "Status")
	if typ == nil || status == nil {
		return nil
	}
	ck := k.conditionKey(list, arg(typ))
	v := k.g.pass.TypesInfo.Types[status].Value
	if v == nil {
		return []assignment{k.valueAssign(ck, arg(status))}
	}
	if v.Kind() != constant.String {
		return nil
	}
	return []assignment{{lhs: ck, rhs: v.ExactString(), portable: true, value: v}}
}

// mergeAssigns are the pseudo-assignments of lhs = Merge(lhs, c…) (or *Merge(…)), a
// merge (ConditionHelper) of the written object's conditions list lhs (lk its key):
// each c's, as a set of it; nil when e is no such call.
func (k keyer) mergeAssigns(lk string, e ast.Expr) []assignment {
	e = ast.Unparen(e)
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) < 2 || !strings.HasPrefix(lk, "$.Status") || k.key(call.Args[0]) != lk ||
		conditionHelper(k.g.pass, kubetypes.Callee(k.g.pass.TypesInfo, call)) != mergesCondition {
		return nil
	}
	var out []assignment
	for _, c := range call.Args[1:] {
		out = append(out, k.conditionSet(call.Args[0], c, argument(k.g.pass.TypesInfo, nil))...)
	}
	return out
}

// conditionChange reports whether call, a test of a condition's status
// (meta.IsStatusConditionTrue or IsStatusConditionFalse) evaluating to want, implies
// that the path's assignments acc change that condition: it was that status and the
// path removes it or sets another, or it was not and the path sets that status.
func (k keyer) conditionChange(call *ast.CallExpr, want bool, acc []assignment) bool {
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	target, ck := "", ""
	switch {
	case len(call.Args) != 2:
		return false
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "IsStatusConditionTrue"):
		target = "True"
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "IsStatusConditionFalse"):
		target = "False"
	case capiTests[capiFunc(fn)] != "" && k.key(call.Args[0]) == "$":
		target, ck = capiTests[capiFunc(fn)], "$.Status.Conditions#"+k.typeKey(call.Args[1])
	default:
		return false
	}
	if ck == "" {
		if !strings.HasPrefix(k.key(call.Args[0]), "$.Status") {
			return false
		}
		ck = k.conditionKey(call.Args[0], call.Args[1])
	}
	return conditionMoves(ck, target, want, acc)
}

// conditionMoves reports whether the path's assignments acc change the condition ck
// that a test found in status target (want true) or not in it (want false): it was
// target and the path removes it or sets another, or it was not and the path sets
// target.
func conditionMoves(ck, target string, want bool, acc []assignment) bool {
	for _, as := range acc {
		if as.lhs != ck {
			continue
		}
		is := as.value != nil && constant.StringVal(as.value) == target
		if want && (as.rhs == removed || (as.value != nil && !is)) || !want && is {
			return true
		}
	}
	return false
}

// presenceChange reports whether x, a test of whether a condition type is in the
// written object's conditions evaluating to want, implies that the path's assignments
// acc change that condition: found absent and then set (to any status), or found
// present and then removed. The test is meta.FindStatusCondition(list, T) compared
// with nil, or a call of a bool function of the package whose body is such a test of
// one of its parameters (func completed(obj *Kind) bool { return
// meta.FindStatusCondition(obj.Status.Conditions, T) != nil }), or a loop over the
// parameter's conditions that returns true at the type (for _, c := range
// obj.Status.Conditions { if c.Type == T { return true } }; return false).
func (k keyer) presenceChange(x ast.Expr, want bool, acc []assignment) bool {
	ck, presentIfTrue, ok := k.presenceTest(x, nil)
	if !ok {
		return false
	}
	present := presentIfTrue == want
	for _, as := range acc {
		if as.lhs != ck {
			continue
		}
		if present && as.rhs == removed || !present && as.rhs != removed {
			return true
		}
	}
	return false
}

// presenceTest reads x as a test of a condition type's presence: the condition's key
// and whether x is true when it is present. args stand for the parameters of the
// function x is in (nil at the top).
func (k keyer) presenceTest(x ast.Expr, args map[*types.Var]ast.Expr) (ck string, presentIfTrue, ok bool) {
	info := k.g.pass.TypesInfo
	sub := func(e ast.Expr) string { return k.key(substitute(info, e, args)) }
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			ck, p, ok := k.presenceTest(x.X, args)
			return ck, !p, ok
		}
	case *ast.BinaryExpr:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return "", false, false
		}
		call, other := x.X, x.Y
		if info.Types[call].IsNil() {
			call, other = other, call
		}
		c, isCall := ast.Unparen(call).(*ast.CallExpr)
		if !isCall || !info.Types[other].IsNil() || len(c.Args) != 2 ||
			conditionHelper(k.g.pass, kubetypes.Callee(info, c)) != findsCondition {
			return "", false, false
		}
		list := sub(c.Args[0])
		if !strings.HasPrefix(list, "$.Status") {
			return "", false, false
		}
		return list + "#" + k.typeKey(substitute(info, c.Args[1], args)), x.Op == token.NEQ, true
	case *ast.CallExpr:
		if args != nil {
			return "", false, false // one function deep
		}
		fn := kubetypes.Callee(info, x)
		if fn == nil || fn.Pkg() != k.g.pass.Pkg || fn.Signature().Results().Len() != 1 ||
			!types.Identical(fn.Signature().Results().At(0).Type(), types.Typ[types.Bool]) {
			return "", false, false
		}
		decl := syntax.DeclOf(k.g.pass, fn)
		if decl == nil || decl.Body == nil {
			return "", false, false
		}
		params := map[*types.Var]ast.Expr{}
		for i := 0; i < fn.Signature().Params().Len() && i < len(x.Args); i++ {
			params[fn.Signature().Params().At(i)] = x.Args[i]
		}
		body := decl.Body.List
		if len(body) == 1 {
			if ret, isRet := body[0].(*ast.ReturnStmt); isRet && len(ret.Results) == 1 {
				return k.presenceTest(ret.Results[0], params)
			}
		}
		return k.presenceLoop(body, params)
	}
	return "", false, false
}

// presenceLoop reads body as the loop for _, c := range list { if c.Type == T {
// return true } }; return false (or the other way round), list a status conditions
// list of the written object through params.
func (k keyer) presenceLoop(body []ast.Stmt, params map[*types.Var]ast.Expr) (string, bool, bool) {
	info := k.g.pass.TypesInfo
	if len(body) != 2 {
		return "", false, false
	}
	rng, ok := body[0].(*ast.RangeStmt)
	last, ok2 := body[1].(*ast.ReturnStmt)
	if !ok || !ok2 || len(last.Results) != 1 || rng.Value == nil || len(rng.Body.List) != 1 {
		return "", false, false
	}
	elem, ok := rng.Value.(*ast.Ident)
	ifs, ok2 := rng.Body.List[0].(*ast.IfStmt)
	if !ok || !ok2 || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return "", false, false
	}
	inner, ok := ifs.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(inner.Results) != 1 {
		return "", false, false
	}
	found, after := boolConst(info, inner.Results[0]), boolConst(info, last.Results[0])
	if found == nil || after == nil || *found == *after {
		return "", false, false
	}
	cmp, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.EQL {
		return "", false, false
	}
	typ := cmp.Y
	sel, ok := ast.Unparen(cmp.X).(*ast.SelectorExpr)
	if !ok {
		sel, ok = ast.Unparen(cmp.Y).(*ast.SelectorExpr)
		typ = cmp.X
	}
	if !ok || sel.Sel.Name != "Type" {
		return "", false, false
	}
	if id, isID := ast.Unparen(sel.X).(*ast.Ident); !isID || info.Uses[id] != info.Defs[elem] {
		return "", false, false
	}
	list := k.key(substitute(info, rng.X, params))
	if !strings.HasPrefix(list, "$.Status") {
		return "", false, false
	}
	return list + "#" + k.typeKey(substitute(info, typ, params)), *found, true
}

// boolConst is e's value when it is a constant bool, nil otherwise.
func boolConst(info *types.Info, e ast.Expr) *bool {
	v := info.Types[e].Value
	if v == nil || v.Kind() != constant.Bool {
		return nil
	}
	b := constant.BoolVal(v)
	return &b
}

// substitute is e with a leading parameter of args replaced by its argument, as text
// keys read it (obj.Status.Conditions inside the helper, dr.Status.Conditions at the
// call); e itself when args is nil or e does not start with a parameter.
func substitute(info *types.Info, e ast.Expr, args map[*types.Var]ast.Expr) ast.Expr {
	if args == nil {
		return e
	}
	root := e
	var path []string
	for {
		switch x := ast.Unparen(root).(type) {
		case *ast.SelectorExpr:
			path = append([]string{x.Sel.Name}, path...)
			root = x.X
			continue
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				root = x.X
				continue
			}
		case *ast.StarExpr:
			root = x.X
			continue
		}
		break
	}
	id, ok := ast.Unparen(root).(*ast.Ident)
	if !ok {
		return e
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok {
		return e
	}
	arg, ok := args[v]
	if !ok {
		return e
	}
	out := arg
	for _, name := range path {
		out = &ast.SelectorExpr{X: out, Sel: ast.NewIdent(name)}
	}
	return out
}

// argument is a function that gives, for an expression that is a parameter among args
// (a helper's, the call's argument for each), that argument, and any other expression
// as it is (see substitute for a parameter that leads a selector); args is nil
// outside a helper.
func argument(info *types.Info, args map[*types.Var]ast.Expr) func(ast.Expr) ast.Expr {
	return func(e ast.Expr) ast.Expr {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && args != nil {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if a, ok := args[v]; ok {
					return a
				}
			}
		}
		return e
	}
}

// keyed is the value lit gives the field name (Condition{Type: t}), nil when it gives
// none.
func keyed(lit *ast.CompositeLit, name string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// metaConditionCall reads call, of fn, as meta.SetStatusCondition or
// RemoveStatusCondition (remove) of a conditions list of the written object's status,
// its parameters replaced by arg; ok is false for any other call.
func (k keyer) metaConditionCall(fn *types.Func, call *ast.CallExpr, arg func(ast.Expr) ast.Expr) (list ast.Expr, remove, ok bool) {
	h := conditionHelper(k.g.pass, fn)
	set, remove := h == setsCondition, h == removesCondition
	if (!set && !remove) || len(call.Args) != 2 {
		return nil, false, false
	}
	list = arg(call.Args[0])
	if !strings.HasPrefix(k.key(list), "$.Status") {
		return nil, false, false
	}
	return list, remove, true
}
