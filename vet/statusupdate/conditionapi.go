package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// This file holds rule 7 for a condition API of the object's own, the one
// crossplane-runtime made common and many projects copy: obj.GetCondition(T) returns
// the condition of type T (an empty one of status False or Unknown when there is
// none), obj.SetConditions(c…) replaces the conditions of the types it is handed, and
// constructors return a condition of a constant type and status (Available(),
// Deleting(), Unknown()). A test of GetCondition(T).Status on the way to a write that
// sets T to another status through SetConditions moves the condition, as
// meta.IsStatusConditionTrue followed by meta.SetStatusCondition does.

// MakesCondition is the fact of a function that returns a condition of a constant
// type and status (func Unknown() Condition { return Condition{metav1.Condition{Type:
// string(TypeReady), Status: metav1.ConditionFalse, …}} }): a call of it handed to
// SetConditions sets that condition to that status.
type MakesCondition struct {
	// Type is the condition type's constant as go/constant spells it exactly
	// (`"Ready"`); Status the status, unquoted ("False").
	Type, Status string
}

// AFact marks MakesCondition as an analysis fact.
func (*MakesCondition) AFact() {}

func (m *MakesCondition) String() string { return "makes condition " + m.Type + " " + m.Status }

// exportConditionMakers exports the MakesCondition fact of each function of the
// package, without receiver, whose body is one return of a struct literal that sets
// Type and Status to constants, in itself or in a literal of a struct it embeds.
func exportConditionMakers(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil || len(fd.Body.List) != 1 {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if fn == nil || !ok || len(ret.Results) != 1 || fn.Signature().Results().Len() != 1 {
				continue
			}
			lit, ok := ast.Unparen(ret.Results[0]).(*ast.CompositeLit)
			if !ok {
				continue
			}
			var m MakesCondition
			readConditionLit(pass.TypesInfo, lit, &m, 0)
			if m.Type != "" && m.Status != "" {
				pass.ExportObjectFact(fn, &m)
			}
		}
	}
}

// readConditionLit fills m from lit's Type and Status fields when their values are
// string constants, and from the literals of embedded structs among its elements
// (Condition{metav1.Condition{…}} or Condition{Condition: metav1.Condition{…}}).
func readConditionLit(info *types.Info, lit *ast.CompositeLit, m *MakesCondition, depth int) {
	if depth > 2 {
		return
	}
	for _, e := range lit.Elts {
		val, name := e, ""
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			id, _ := kv.Key.(*ast.Ident)
			if id == nil {
				continue
			}
			val, name = kv.Value, id.Name
		}
		if inner, ok := ast.Unparen(val).(*ast.CompositeLit); ok {
			readConditionLit(info, inner, m, depth+1)
			continue
		}
		v := info.Types[val].Value
		if v == nil || v.Kind() != constant.String {
			continue
		}
		switch name {
		case "Type":
			m.Type = v.ExactString()
		case "Status":
			m.Status = constant.StringVal(v)
		}
	}
}

// conditionMade is the condition a call makes, by the MakesCondition fact of its
// callee (exported before any write is judged, so the package's own functions have
// it too), and whether it has one.
func (k keyer) conditionMade(e ast.Expr) (MakesCondition, bool) {
	var m MakesCondition
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return m, false
	}
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	ok = fn != nil && k.g.pass.ImportObjectFact(fn.Origin(), &m)
	return m, ok
}

// conditionsOwner reports whether fn, the callee of a call on recv, is a method named
// name of the written object or of its status (obj.SetConditions,
// obj.Status.GetCondition).
func (k keyer) conditionsOwner(fn *types.Func, recv ast.Expr, name string) bool {
	if fn == nil || fn.Name() != name || fn.Signature().Recv() == nil {
		return false
	}
	rk := k.key(recv)
	return rk == "$" || strings.HasPrefix(rk, "$.Status")
}

// setConditionsAssigns are the pseudo-assignments of obj.SetConditions(c…), a
// variadic method of the written object or its status: each argument that a
// MakesCondition function makes sets its type to its status. arg replaces a
// helper's parameters by the call's arguments.
func (k keyer) setConditionsAssigns(call *ast.CallExpr, arg func(ast.Expr) ast.Expr) []assignment {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || call.Ellipsis != token.NoPos {
		return nil
	}
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	if !k.conditionsOwner(fn, arg(sel.X), "SetConditions") || !fn.Signature().Variadic() {
		return nil
	}
	var out []assignment
	for _, a := range call.Args {
		if m, ok := k.conditionMade(arg(a)); ok {
			v := constant.MakeString(m.Status)
			out = append(out, assignment{lhs: "$.Status.Conditions#" + m.Type, rhs: v.ExactString(), portable: true, value: v})
		}
	}
	return out
}

// getConditionChange reports whether x, a comparison of obj.GetCondition(T).Status
// with a constant status evaluating to want, implies that the path's assignments acc
// change condition T: found in that status and set to another, or found in another
// and set to it.
func (k keyer) getConditionChange(x *ast.BinaryExpr, want bool, acc []assignment) bool {
	if x.Op != token.EQL && x.Op != token.NEQ {
		return false
	}
	info := k.g.pass.TypesInfo
	for _, side := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
		sel, ok := ast.Unparen(side[0]).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Status" {
			continue
		}
		call, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			continue
		}
		csel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !k.conditionsOwner(kubetypes.Callee(info, call), csel.X, "GetCondition") {
			continue
		}
		v := info.Types[side[1]].Value
		if v == nil || v.Kind() != constant.String {
			continue
		}
		return conditionMoves("$.Status.Conditions#"+k.typeKey(call.Args[0]), constant.StringVal(v), (x.Op == token.EQL) == want, acc)
	}
	return false
}
