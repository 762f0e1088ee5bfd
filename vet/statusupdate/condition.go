package statusupdate

import (
	"go/ast"
	"go/constant"
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
	call := syntax.StmtCall(st)
	if call == nil {
		return nil
	}
	out := k.conditionCall(call, nil)
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
			out = append(out, k.conditionCall(hc, args)...)
		}
	}
	return out
}

// conditionCall reads one call of meta.SetStatusCondition or RemoveStatusCondition,
// its parameters replaced by args (nil outside a helper).
func (k keyer) conditionCall(call *ast.CallExpr, args map[*types.Var]ast.Expr) []assignment {
	info := k.g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	arg := func(e ast.Expr) ast.Expr {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && args != nil {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if a, ok := args[v]; ok {
					return a
				}
			}
		}
		return e
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
	set, remove := kubetypes.IsFunc(fn, kubetypes.MetaPkg, "SetStatusCondition"), kubetypes.IsFunc(fn, kubetypes.MetaPkg, "RemoveStatusCondition")
	if (!set && !remove) || len(call.Args) != 2 {
		return nil
	}
	list := arg(call.Args[0])
	if !strings.HasPrefix(k.key(list), "$.Status") {
		return nil
	}
	if remove {
		return []assignment{{lhs: k.conditionKey(list, arg(call.Args[1])), rhs: removed, portable: true}}
	}
	lit, ok := ast.Unparen(call.Args[1]).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var typ, status ast.Expr
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch id, _ := kv.Key.(*ast.Ident); {
		case id == nil:
		case id.Name == "Type":
			typ = arg(kv.Value)
		case id.Name == "Status":
			status = kv.Value
		}
	}
	if typ == nil || status == nil {
		return nil
	}
	v := info.Types[status].Value
	if v == nil || v.Kind() != constant.String {
		return nil
	}
	return []assignment{{lhs: k.conditionKey(list, typ), rhs: v.ExactString(), portable: true, value: v}}
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
