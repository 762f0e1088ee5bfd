package syntax

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Root is the variable an expression reads its value from: x for x, &x, *x, x.f,
// x[i], x[i:j], x.(T), (x) and x.DeepCopy() (a deep copy keeps what matters here, the
// resourceVersion); nil when there is none (a call, a literal).
func Root(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op.String() != "&" {
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			if _, isPkg := info.Uses[identOf(x.X)].(*types.PkgName); isPkg {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.TypeAssertExpr:
			e = x.X
		case *ast.CallExpr:
			if e = DeepCopyOf(x); e == nil {
				return nil
			}
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// DeepCopyOf is x when call is x.DeepCopy() or x.DeepCopyObject(), nil otherwise.
func DeepCopyOf(call *ast.CallExpr) ast.Expr {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 || (sel.Sel.Name != "DeepCopy" && sel.Sel.Name != "DeepCopyObject") {
		return nil
	}
	return sel.X
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// EnclosingFunc is the innermost function (declaration or literal) on an inspector
// stack, with its body; nil when the node is outside any function.
func EnclosingFunc(stack []ast.Node) (ast.Node, *ast.BlockStmt) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			return f, f.Body
		case *ast.FuncLit:
			return f, f.Body
		}
	}
	return nil, nil
}

// MethodPos is where the method name of a call is, which for a method of a chain
// spread over several lines is the line a reader looks at; the call's start otherwise.
func MethodPos(call *ast.CallExpr) token.Pos {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Pos()
	}
	return call.Pos()
}

// DeclaringBody is the body of the innermost function on the stack that declares v (a
// local variable or a parameter), to look for v's assignments in; nil for a variable
// declared elsewhere.
func DeclaringBody(stack []ast.Node, v *types.Var) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		var typ *ast.FuncType
		var body *ast.BlockStmt
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			typ, body = f.Type, f.Body
		case *ast.FuncLit:
			typ, body = f.Type, f.Body
		default:
			continue
		}
		if body != nil && (typ.Pos() <= v.Pos() && v.Pos() < body.End()) {
			return body
		}
	}
	return nil
}

// IsReceiver reports whether v is the named receiver of the method declaration decl.
func IsReceiver(info *types.Info, decl *ast.FuncDecl, v *types.Var) bool {
	return decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 &&
		info.Defs[decl.Recv.List[0].Names[0]] == v
}

// ParamIndex is the position of v among the parameters of the function declaration
// decl, or -1 when v is none of them.
func ParamIndex(info *types.Info, decl *ast.FuncDecl, v *types.Var) int {
	i := 0
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, name := range field.Names {
			if info.Defs[name] == v {
				return i
			}
			i++
		}
	}
	return -1
}

// ValueOf returns the expression a variable holds, when that can be read from the
// source: a local variable of body assigned exactly once (in its declaration or one
// assignment), or a package-level variable assigned once in the package (by its
// initializer or one assignment). The first variable of x, err := f() holds the call
// f(). nil otherwise.
func ValueOf(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var) ast.Expr {
	values := ValuesOf(pass, body, v)
	if len(values) != 1 {
		return nil
	}
	return values[0]
}

// ValuesOf returns every expression assigned to a variable (see ValueOf for where they
// are looked for), or nil when one of them cannot be read from the source (an
// assignment with an operator, a result of a call other than its first) or there is
// none. A declaration without a value assigns nothing.
func ValuesOf(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var) []ast.Expr {
	info := pass.TypesInfo
	var values []ast.Expr
	unknown := false
	record := func(lhs, rhs ast.Expr) {
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.ObjectOf(id) == v {
			if rhs == nil {
				unknown = true
			}
			values = append(values, rhs)
		}
	}
	visit := func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			switch {
			case s.Tok != token.ASSIGN && s.Tok != token.DEFINE:
				for _, l := range s.Lhs {
					record(l, nil)
				}
			case len(s.Lhs) == len(s.Rhs):
				for i := range s.Lhs {
					record(s.Lhs[i], s.Rhs[i])
				}
			default:
				// x, err := f(): x holds f's first result, which is what f makes;
				// the others are not known.
				for i, l := range s.Lhs {
					if i == 0 && len(s.Rhs) == 1 {
						if _, isCall := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); isCall {
							record(l, s.Rhs[0])
							continue
						}
					}
					record(l, nil)
				}
			}
		case *ast.ValueSpec:
			for i, name := range s.Names {
				if i < len(s.Values) && len(s.Names) == len(s.Values) {
					record(name, s.Values[i])
				} else if len(s.Values) > 0 {
					record(name, nil)
				}
			}
		}
		return true
	}
	if v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
		if body == nil {
			return nil
		}
		ast.Inspect(body, visit)
	} else {
		for _, f := range pass.Files {
			ast.Inspect(f, visit)
		}
	}
	if unknown {
		return nil
	}
	return values
}

// Leaves reports whether a statement list ends in a statement that leaves it: a
// return, a branch (break, continue, goto) or a call of panic.
func Leaves(list []ast.Stmt) bool {
	if len(list) > 0 {
		if _, ok := list[len(list)-1].(*ast.BranchStmt); ok {
			return true
		}
	}
	return Exits(list)
}

// Exits reports whether a statement list ends by leaving the function: a return or a
// call of panic (a break or continue leaves only the list), or, as the Go
// specification's terminating statements, a block that does, an if with an else
// both branches of which do (if apierrors.IsConflict(err) { return requeue } else {
// return err }), or a switch with a default every clause of which does and none
// breaks out of.
func Exits(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	return exits(list[len(list)-1])
}

func exits(st ast.Stmt) bool {
	switch s := st.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	case *ast.BlockStmt:
		return Exits(s.List)
	case *ast.IfStmt:
		return s.Else != nil && Exits(s.Body.List) && exits(s.Else)
	case *ast.SwitchStmt:
		return clausesExit(s.Body)
	case *ast.TypeSwitchStmt:
		return clausesExit(s.Body)
	}
	return false
}

// clausesExit reports whether a switch body has a default and every clause ends by
// leaving the function, none of them breaking out of the switch on the way.
func clausesExit(body *ast.BlockStmt) bool {
	def := false
	for _, st := range body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			return false
		}
		def = def || cc.List == nil
		if !Exits(cc.Body) || breaks(cc.Body) {
			return false
		}
	}
	return def
}

// breaks reports whether list holds a break outside any loop, switch, select or
// function literal of its own: one that ends the switch around it, or, labeled, a
// statement further out (either way the switch is left without leaving the function).
func breaks(list []ast.Stmt) bool {
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BranchStmt:
				found = found || x.Tok == token.BREAK
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
				// A break inside them ends them (a labeled one that ends this
				// switch from inside a loop is not looked for).
				return false
			}
			return !found
		})
	}
	return found
}

// FuncValue is the function or method e names without calling it (f, pkg.F,
// r.update), nil otherwise.
func FuncValue(info *types.Info, e ast.Expr) *types.Func {
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

// DeclOf is the declaration of fn, a function of the package pass analyzes; nil when
// fn is of another package.
func DeclOf(pass *analysis.Pass, fn *types.Func) *ast.FuncDecl {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// StmtCall is the call st makes when it is an expression statement of a call
// (f(x) on a line of its own), nil otherwise.
func StmtCall(st ast.Stmt) *ast.CallExpr {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	call, _ := ast.Unparen(es.X).(*ast.CallExpr)
	return call
}

// IsConst reports whether e is a constant expression whose value prints as value:
// "false", "true", "0".
func IsConst(info *types.Info, e ast.Expr, value string) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == value
}

// IsNil reports whether e is the predeclared nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// Before is the statements of list before child (all of them when child is not one
// of them).
func Before(list []ast.Stmt, child ast.Node) []ast.Stmt {
	for i, st := range list {
		if st == child {
			return list[:i]
		}
	}
	return list
}

// Assigned reports whether body assigns v with = (a parameter given another value: a
// write after that reaches another object than the caller's).
func Assigned(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// IsBuiltin reports whether fun names the builtin function name (append, len,
// delete), not a function of that name.
func IsBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	_, builtin := info.Uses[id].(*types.Builtin)
	return builtin
}

// Conjuncts are the operands of e joined by &&, e itself when it is no such join.
func Conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []ast.Expr{ast.Unparen(e)}
}

// IsNotNilTest reports whether cond is v != nil.
func IsNotNilTest(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ || !IsNil(info, b.Y) {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}

// StructFields calls yield with each field a struct literal gives a value and that
// value, keyed (T{F: v}) or by position (T{v}); false when lit is no struct literal.
func StructFields(info *types.Info, lit *ast.CompositeLit, yield func(f *types.Var, val ast.Expr)) bool {
	t := info.TypeOf(lit)
	if t == nil {
		return false
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := info.ObjectOf(key).(*types.Var); ok {
					yield(f, kv.Value)
				}
			}
		} else if i < st.NumFields() {
			yield(st.Field(i), el)
		}
	}
	return true
}

// Mirrored is the comparison op with its operands swapped: 1 > len(f) is len(f) < 1.
func Mirrored(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// Markers are the comments of list that are markers: a line comment whose text
// starts with +, as controller-gen reads them (a + in the middle of a sentence is
// prose).
func Markers(list []*ast.Comment) []string {
	var out []string
	for _, c := range list {
		t, ok := strings.CutPrefix(c.Text, "//")
		if t = strings.TrimSpace(t); ok && strings.HasPrefix(t, "+") {
			out = append(out, t)
		}
	}
	return out
}

// ErrIs reports whether cond is err op nil (err != nil, err == nil), err a variable of
// any name.
func ErrIs(cond ast.Expr, op token.Token) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	_, x := ast.Unparen(b.X).(*ast.Ident)
	y, ok := ast.Unparen(b.Y).(*ast.Ident)
	return x && ok && y.Name == "nil"
}

// Stmts is the statement list n holds as a block or a clause of a switch or a select;
// nil for any other node.
func Stmts(n ast.Node) []ast.Stmt {
	switch b := n.(type) {
	case *ast.BlockStmt:
		return b.List
	case *ast.CaseClause:
		return b.Body
	case *ast.CommClause:
		return b.Body
	}
	return nil
}

// Addressed reports whether body takes the address of the local variable v
// (decide(&create)): what it holds is then not what its assignments say.
func Addressed(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if x, ok := n.(*ast.UnaryExpr); ok && x.Op == token.AND {
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// RepeatedGuard reports whether the node on top of stack lies in the body of an if
// that repeats the condition of an earlier if of the same statement list, one without
// an init or an else whose body leaves the function, with nothing between that may
// change what the condition reads (if err != nil { return … }; if err != nil { here
// }): the body never runs. The condition holds no call; the same expression names the
// same variables in both; a statement between that assigns one of them, increments
// it, or takes its address (function literals included) ends the search.
func RepeatedGuard(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 1; i-- {
		is, ok := stack[i].(*ast.IfStmt)
		if !ok || stack[i+1] != is.Body || is.Init != nil || hasCall(is.Cond) {
			continue
		}
		list := Stmts(stack[i-1])
		k := slices.Index(list, ast.Stmt(is))
		if k < 0 {
			continue
		}
		vars := condVars(info, is.Cond)
		for j := k - 1; j >= 0; j-- {
			prev, ok := list[j].(*ast.IfStmt)
			if ok && prev.Init == nil && prev.Else == nil && types.ExprString(prev.Cond) == types.ExprString(is.Cond) &&
				slices.Equal(condVars(info, prev.Cond), vars) && Exits(prev.Body.List) {
				return true
			}
			if ChangesVars(info, list[j], vars) {
				break
			}
		}
	}
	return false
}

// hasCall reports whether e holds a call (a conversion counts as one).
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		_, c := n.(*ast.CallExpr)
		found = found || c
		return !found
	})
	return found
}

// condVars are the variables e names, in order.
func condVars(info *types.Info, e ast.Expr) []types.Object {
	var out []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

// ChangesVars reports whether st assigns, increments or decrements one of vars, or
// takes its address.
func ChangesVars(info *types.Info, st ast.Stmt, vars []types.Object) bool {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && slices.Contains(vars, info.ObjectOf(id))
	}
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			found = found || slices.ContainsFunc(x.Lhs, is)
		case *ast.IncDecStmt:
			found = found || is(x.X)
		case *ast.UnaryExpr:
			found = found || x.Op == token.AND && is(x.X)
		}
		return !found
	})
	return found
}

// HasReturn reports whether n holds a return statement outside function literals.
func HasReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}
