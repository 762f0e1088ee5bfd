package statusupdate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
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
	// TypeArg and StatusArg, when not 0, say the type or the status is the
	// constructor's parameter of that index plus one, as it is or converted
	// (func NewCondition(t ConditionType, s metav1.ConditionStatus, …) metav1.Condition
	// { return metav1.Condition{Type: string(t), Status: s, …} }): a call's constant
	// argument there stands in for it.
	TypeArg, StatusArg int
}

// AFact marks MakesCondition as an analysis fact.
func (*MakesCondition) AFact() {}

func (m *MakesCondition) String() string {
	part := func(c string, arg int) string {
		if arg > 0 {
			return fmt.Sprintf("$%d", arg)
		}
		return c
	}
	return "makes condition " + part(m.Type, m.TypeArg) + " " + part(m.Status, m.StatusArg)
}

// exportConditionMakers exports the MakesCondition fact of each function of the
// package, without receiver, whose body is one return of a struct literal that sets
// Type and Status to constants or to its parameters, in itself or in a literal of a
// struct it embeds, or one return of a call of such a function whose arguments there
// are constants or its own parameters (func NewReadyCondition(gen int64)
// metav1.Condition { return NewCondition(TypeReady, metav1.ConditionTrue, …) }),
// repeated until no more are found.
func exportConditionMakers(pass *analysis.Pass) {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Recv == nil && len(fd.Body.List) == 1 {
				decls = append(decls, fd)
			}
		}
	}
	done := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if fn == nil || done[fn] || !ok || len(ret.Results) != 1 || fn.Signature().Results().Len() != 1 {
				continue
			}
			var m MakesCondition
			switch x := ast.Unparen(ret.Results[0]).(type) {
			case *ast.CompositeLit:
				readConditionLit(pass.TypesInfo, fd, x, &m, 0)
			case *ast.CallExpr:
				callee := kubetypes.Callee(pass.TypesInfo, x)
				var inner MakesCondition
				if callee == nil || !pass.ImportObjectFact(callee.Origin(), &inner) {
					continue
				}
				m = inner.at(pass.TypesInfo, fd, x)
			}
			if (m.Type != "" || m.TypeArg > 0) && (m.Status != "" || m.StatusArg > 0) {
				pass.ExportObjectFact(fn, &m)
				done[fn] = true
				changed = true
			}
		}
	}
}

// at is the condition that call, a call of a function with the fact m, makes: each
// part the function takes from a parameter is the call's string constant there, or,
// when the call is in fd and hands it fd's own parameter, that parameter (TypeArg,
// StatusArg); "" when it is neither. fd is nil outside a constructor.
func (m MakesCondition) at(info *types.Info, fd *ast.FuncDecl, call *ast.CallExpr) MakesCondition {
	part := func(c string, arg int, unquote bool) (string, int) {
		if arg == 0 {
			return c, 0
		}
		if arg > len(call.Args) || call.Ellipsis.IsValid() {
			return "", 0
		}
		a := call.Args[arg-1]
		if v := info.Types[a].Value; v != nil && v.Kind() == constant.String {
			if unquote {
				return constant.StringVal(v), 0
			}
			return v.ExactString(), 0
		}
		return "", paramIndex(info, fd, a)
	}
	var out MakesCondition
	out.Type, out.TypeArg = part(m.Type, m.TypeArg, false)
	out.Status, out.StatusArg = part(m.Status, m.StatusArg, true)
	return out
}

// paramIndex is the index plus one of fd's parameter that e is, as it is or converted
// (string(t)); 0 when it is none, or fd is nil.
func paramIndex(info *types.Info, fd *ast.FuncDecl, e ast.Expr) int {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 && info.Types[call.Fun].IsType() {
		e = call.Args[0]
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fd == nil {
		return 0
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return 0
	}
	return syntax.ParamIndex(info, fd, v) + 1
}

// readConditionLit fills m from lit's Type and Status fields when their values are
// string constants (or fd's parameters: TypeArg, StatusArg), and from the literals of
// embedded structs among its elements
// (Condition{metav1.Condition{…}} or Condition{Condition: metav1.Condition{…}}).
func readConditionLit(info *types.Info, fd *ast.FuncDecl, lit *ast.CompositeLit, m *MakesCondition, depth int) {
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
			readConditionLit(info, fd, inner, m, depth+1)
			continue
		}
		v := info.Types[val].Value
		if v == nil || v.Kind() != constant.String {
			if i := paramIndex(info, fd, val); i > 0 {
				switch name {
				case "Type":
					m.TypeArg = i
				case "Status":
					m.StatusArg = i
				}
			}
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
	info := k.g.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	if fn == nil || !k.g.pass.ImportObjectFact(fn.Origin(), &m) {
		return m, false
	}
	m = m.at(info, nil, call)
	return m, m.Type != "" && m.Status != ""
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
