package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// ReadsFlag is the fact of a method without parameters that reports whether a bool
// status field of its receiver is true (func (c *Cluster) MainStepsCompleted() bool {
// return c.Status.MainStepsCompleted != nil && *c.Status.MainStepsCompleted }): for
// rule 7, if !obj.MainStepsCompleted() { …; obj.Status.MainStepsCompleted = &yes;
// write } finds the flag not true and sets it. A method that returns a test of one of
// its receiver's conditions (func (r *Restore) IsReady() bool { return
// meta.IsStatusConditionTrue(r.Status.Conditions, ReadyToUse) }) reads that
// condition the same way: if !obj.IsReady() { …; set ReadyToUse True; write } moves
// it.
type ReadsFlag struct {
	// Path is the field under the status, with a leading dot (".MainStepsCompleted"),
	// or, for a condition, the condition's key under the status
	// (".Conditions#\"ReadyToUse\"").
	Path string
	// Condition is the status the method finds the condition in when it returns true
	// ("True" or "False"); empty for a bool field.
	Condition string
	// Op and Value, for a method that returns a comparison of the field with a
	// constant (func (c *Cluster) IsRunning() bool { return c.Status.Phase ==
	// PhaseRunning }): "==" or "!=", and the constant, as go/constant spells it
	// exactly, of kind Kind (a go/constant.Kind: string, bool or int).
	Op, Value string
	Kind      int
}

// AFact marks ReadsFlag as an analysis fact.
func (*ReadsFlag) AFact() {}

func (f *ReadsFlag) String() string {
	if f.Op != "" {
		return "reads " + f.Path + " " + f.Op + " " + f.Value
	}
	if f.Condition != "" {
		return "reads condition " + f.Path + " " + f.Condition
	}
	return "reads flag " + f.Path
}

// exportFlags exports the ReadsFlag fact of each such method of the package.
func exportFlags(pass *analysis.Pass, g *guards) {
	g.flags = map[*types.Func]ReadsFlag{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || len(fd.Body.List) != 1 {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || fn.Signature().Params().Len() != 0 || fn.Signature().Results().Len() != 1 ||
				!types.Identical(fn.Signature().Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
				continue
			}
			ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			k := keyer{g: g, obj: fd.Recv.List[0].Names[0].Name, stack: []ast.Node{fd, fd.Body}}
			f := ReadsFlag{Path: k.flagRead(ret.Results[0])}
			if f.Path == "" {
				f.Path, f.Condition = k.conditionRead(ret.Results[0])
			}
			if f.Path == "" {
				f.Path, f.Op, f.Value, f.Kind = k.equalsRead(ret.Results[0])
			}
			if f.Path != "" {
				g.flags[fn] = f
				pass.ExportObjectFact(fn, &f)
			}
		}
	}
}

// flagRead is the field under the status that e reads as a flag, true when the field
// is: the bool field itself (x.Status.Done), or a *bool one not nil and true
// (x.Status.Done != nil && *x.Status.Done); "" otherwise.
func (k keyer) flagRead(e ast.Expr) string {
	info := k.g.pass.TypesInfo
	isBool := func(e ast.Expr) bool {
		return types.Identical(info.TypeOf(e).Underlying(), types.Typ[types.Bool])
	}
	path := func(e ast.Expr) string {
		p, ok := strings.CutPrefix(k.key(e), "$.Status.")
		if !ok {
			return ""
		}
		return "." + p
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if isBool(x) {
			return path(x)
		}
	case *ast.BinaryExpr:
		nn, ok := ast.Unparen(x.X).(*ast.BinaryExpr)
		star, ok2 := ast.Unparen(x.Y).(*ast.StarExpr)
		if x.Op != token.LAND || !ok || !ok2 || nn.Op != token.NEQ || !info.Types[nn.Y].IsNil() || !isBool(star) {
			return ""
		}
		if p := path(nn.X); p != "" && p == path(star.X) {
			return p
		}
	}
	return ""
}

// equalsRead reads e as a comparison (== or !=) of a status field of the receiver with
// a string, bool or integer constant: the field under the status, the operator, and the
// constant spelt exactly with its kind; "" when e is none.
func (k keyer) equalsRead(e ast.Expr) (path, op, value string, kind int) {
	x, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || (x.Op != token.EQL && x.Op != token.NEQ) {
		return "", "", "", 0
	}
	info := k.g.pass.TypesInfo
	field, lit := x.X, x.Y
	if info.Types[field].Value != nil {
		field, lit = lit, field
	}
	c := info.Types[lit].Value
	rest, ok := strings.CutPrefix(k.key(field), "$.Status.")
	if !ok || c == nil || (c.Kind() != constant.String && c.Kind() != constant.Bool && c.Kind() != constant.Int) {
		return "", "", "", 0
	}
	return "." + rest, x.Op.String(), c.ExactString(), int(c.Kind())
}

// flagValue is the constant a ReadsFlag of a comparison holds; nil when it cannot be
// read back.
func flagValue(f ReadsFlag) constant.Value {
	switch constant.Kind(f.Kind) {
	case constant.String:
		if s, err := strconv.Unquote(f.Value); err == nil {
			return constant.MakeString(s)
		}
	case constant.Bool:
		return constant.MakeBool(f.Value == "true")
	case constant.Int:
		if v := constant.MakeFromLiteral(f.Value, token.INT, 0); v.Kind() == constant.Int {
			return v
		}
	}
	return nil
}

// conditionRead reads e as a test of a condition of the receiver's status
// (meta.IsStatusConditionTrue or IsStatusConditionFalse of its conditions and a
// constant type, or cluster-api's conditions.IsTrue or IsFalse of the receiver): the
// condition's key under the status and the status the test finds; "", "" otherwise.
// The type must be a constant, so that the key reads the same in the caller's package.
func (k keyer) conditionRead(e ast.Expr) (path, status string) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || k.g.pass.TypesInfo.Types[call.Args[1]].Value == nil {
		return "", ""
	}
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	var ck string
	switch {
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "IsStatusConditionTrue"):
		status, ck = "True", k.conditionKey(call.Args[0], call.Args[1])
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "IsStatusConditionFalse"):
		status, ck = "False", k.conditionKey(call.Args[0], call.Args[1])
	case capiTests[capiFunc(fn)] != "" && k.key(call.Args[0]) == "$":
		status, ck = capiTests[capiFunc(fn)], "$.Status.Conditions#"+k.typeKey(call.Args[1])
	default:
		return "", ""
	}
	rest, ok := strings.CutPrefix(ck, "$.Status.")
	if !ok {
		return "", ""
	}
	return "." + rest, status
}

// flagChange reports whether call, a ReadsFlag method of the written object found to
// be want, is followed on the path by an assignment of the other bool to its field,
// or, for a condition it tests, by a change of that condition (as conditionChange
// judges a direct test).
func (k keyer) flagChange(call *ast.CallExpr, want bool, acc []assignment) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 || k.key(sel.X) != "$" {
		return false
	}
	fn := kubetypes.Callee(k.g.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	var f ReadsFlag
	if fn.Pkg() == k.g.pass.Pkg {
		f = k.g.flags[fn.Origin()]
	} else if imported := new(ReadsFlag); k.g.pass.ImportObjectFact(fn.Origin(), imported) {
		f = *imported
	}
	path := f.Path
	if path == "" {
		return false
	}
	if f.Condition != "" {
		return conditionMoves("$.Status"+path, f.Condition, want, acc)
	}
	if f.Op != "" {
		// The method found the field holding the constant, then the path gives it
		// another (a transition), or found it not holding it, then the path gives it
		// that constant.
		c := flagValue(f)
		if c == nil {
			return false
		}
		holds := (f.Op == "==") == want
		for _, as := range acc {
			if as.lhs == "$.Status"+path && as.value != nil && as.value.Kind() == c.Kind() && sameConst(as.value, c) != holds {
				return true
			}
		}
		return false
	}
	for _, as := range acc {
		if as.lhs == "$.Status"+path && as.value != nil && as.value.Kind() == constant.Bool && constant.BoolVal(as.value) != want {
			return true
		}
	}
	return false
}

// pointedConst is the constant a pointer expression points to: &v, v a local variable
// assigned once from a constant (v := true; obj.Status.Done = &v), or a call of a
// function of one constant argument that returns a pointer to its type
// (ptr.To(true), pointer.Bool(true)); nil otherwise.
func pointedConst(pass *analysis.Pass, stack []ast.Node, e ast.Expr) constant.Value {
	info := pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		if x.Op != token.AND || !ok {
			return nil
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return nil
		}
		if val := syntax.ValueOf(pass, syntax.DeclaringBody(stack, v), v); val != nil {
			return info.Types[val].Value
		}
	case *ast.CallExpr:
		if len(x.Args) != 1 || info.Types[x.Args[0]].Value == nil {
			return nil
		}
		sig, ok := info.TypeOf(x.Fun).Underlying().(*types.Signature)
		if !ok || sig.Results().Len() != 1 {
			return nil
		}
		if p, ok := sig.Results().At(0).Type().Underlying().(*types.Pointer); ok && types.Identical(p.Elem().Underlying(), info.TypeOf(x.Args[0]).Underlying()) {
			return info.Types[x.Args[0]].Value
		}
	}
	return nil
}
