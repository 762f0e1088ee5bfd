package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Fills is the fact of a function that, before anything in it may return, gives
// status fields of its receiver or of one of its parameters a value that is not the
// empty one (func updateHash(obj *Kind) { obj.Status.Hash = obj.Spec.Hash() }). For
// rule 3 a call of it on the object fills those fields, as the assignments would.
type Fills struct {
	// Param is the index of the parameter whose status it fills, -1 for the receiver.
	Param int
	// Fields are the top-level fields of the status it fills ("Hash").
	Fields []string
}

// AFact marks Fills as an analysis fact.
func (*Fills) AFact() {}

func (f *Fills) String() string { return "fills " + strings.Join(f.Fields, ", ") }

// fillers finds, and remembers, the fill functions of the package.
type fillers struct {
	g     *guards
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]*Fills
	busy  map[*types.Func]bool
}

func newFillers(g *guards) *fillers {
	f := &fillers{g: g, decls: map[*types.Func]*ast.FuncDecl{}, memo: map[*types.Func]*Fills{}, busy: map[*types.Func]bool{}}
	for _, file := range g.pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := g.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					f.decls[fn] = fd
				}
			}
		}
	}
	return f
}

// exportFacts marks every fill function of the package.
func (f *fillers) exportFacts() {
	for fn := range f.decls {
		if fact := f.of(fn); fact != nil {
			f.g.pass.ExportObjectFact(fn, fact)
		}
	}
}

// of is the Fills of fn, of this package or (through its fact) another; nil when fn
// fills nothing.
func (f *fillers) of(fn *types.Func) *Fills {
	if fn == nil {
		return nil
	}
	fd := f.decls[fn]
	if fd == nil {
		var fact Fills
		if f.g.pass.ImportObjectFact(fn, &fact) {
			return &fact
		}
		return nil
	}
	if fact, ok := f.memo[fn]; ok {
		return fact
	}
	if f.busy[fn] {
		return nil // recursion: fills nothing it does not fill on the way in
	}
	f.busy[fn] = true
	defer delete(f.busy, fn)
	var fact *Fills
	params := []*types.Var{nil}
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		params[0], _ = f.g.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	}
	for i := 0; i < fn.Signature().Params().Len(); i++ {
		params = append(params, fn.Signature().Params().At(i))
	}
	for i, p := range params {
		if p == nil || p.Name() == "" || p.Name() == "_" {
			continue
		}
		var fields []string
		for _, st := range f.beforeLeaving(fd.Body.List) {
			for _, field := range f.filled(st, p) {
				if !slices.Contains(fields, field) {
					fields = append(fields, field)
				}
			}
		}
		if len(fields) > 0 {
			fact = &Fills{Param: i - 1, Fields: fields}
			break
		}
	}
	f.memo[fn] = fact
	return fact
}

// beforeLeaving are the statements of list that run before anything may return or
// write: those up to the first that holds a return (outside function literals), a
// panic or a status write. What they fill is filled before the function's write.
func (f *fillers) beforeLeaving(list []ast.Stmt) []ast.Stmt {
	for i, st := range list {
		leaves := false
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				leaves = true
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
					leaves = true
				}
				if kubetypes.IsStatusWrite(f.g.pass.TypesInfo, n) {
					leaves = true
				}
			}
			return !leaves
		})
		if leaves {
			return list[:i]
		}
	}
	return list
}

// filled are the status fields of v that st fills when it runs to its end, whatever
// its conditions: an assignment of a value that is not the empty one, the field's
// address handed to a call that is no removal (meta.SetStatusCondition(
// &v.Status.Conditions, c)), a call of a fill function on v, in the statement itself
// or in its if's init. What is nested in a branch or a loop may not run, and is not
// counted.
func (f *fillers) filled(st ast.Stmt, v *types.Var) []string {
	info := f.g.pass.TypesInfo
	field := func(e ast.Expr) string {
		if syntax.Root(info, e) != v {
			return ""
		}
		return statusField(info, e)
	}
	var out []string
	var calls []*ast.CallExpr
	switch s := st.(type) {
	case *ast.IfStmt:
		if s.Init != nil {
			return f.filled(s.Init, v)
		}
	case *ast.AssignStmt:
		for i, l := range s.Lhs {
			if fl := field(l); fl != "" && len(s.Rhs) == len(s.Lhs) && !isEmptyValue(info, s.Rhs[i]) {
				out = append(out, fl)
			}
		}
		for _, r := range s.Rhs {
			if c, ok := ast.Unparen(r).(*ast.CallExpr); ok {
				calls = append(calls, c)
			}
		}
	case *ast.ExprStmt:
		if c, ok := ast.Unparen(s.X).(*ast.CallExpr); ok {
			calls = append(calls, c)
		}
	}
	for _, c := range calls {
		fn := kubetypes.Callee(info, c)
		if fn != nil && !removes(fn.Name()) {
			for _, a := range c.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if fl := field(u.X); fl != "" {
						out = append(out, fl)
					}
				}
			}
		}
		fact := f.of(fn)
		if fact == nil {
			continue
		}
		var target ast.Expr
		if fact.Param < 0 {
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
				target = sel.X
			}
		} else if fact.Param < len(c.Args) {
			target = c.Args[fact.Param]
		}
		if target != nil && isObject(info, target, v) {
			out = append(out, fact.Fields...)
		}
	}
	return out
}

// isObject reports whether e is v itself, &v or *v.
func isObject(info *types.Info, e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}

// removes reports whether a function's name says it takes away what it is handed
// (meta.RemoveStatusCondition, DeleteCondition, ClearX): a call of it fills nothing.
func removes(name string) bool {
	for _, p := range []string{"Remove", "Delete", "Clear", "Reset", "Unset", "remove", "delete", "clear", "reset", "unset"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// isEmptyValue reports whether e is nil or the constant "", 0 or false.
func isEmptyValue(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.IsNil() || (tv.Value != nil && zeroConst(tv.Value))
}

// pathBefore are the statements that run before the node on top of stack, from the
// block at stack[0] down: in each block on the way, the statements before the one the
// path goes through, and the init of each if it enters.
func pathBefore(stack []ast.Node) []ast.Stmt {
	var out []ast.Stmt
	for k := 0; k+1 < len(stack); k++ {
		var list []ast.Stmt
		switch n := stack[k].(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		case *ast.IfStmt:
			if n.Init != nil && n.Init != stack[k+1] {
				out = append(out, n.Init)
			}
			continue
		default:
			continue
		}
		for _, st := range list {
			if st == stack[k+1] {
				break
			}
			out = append(out, st)
		}
	}
	return out
}

// fillsBefore reports whether a statement that runs before the node on top of stack
// (from the block at stack[0] down) fills the status field field of v, or that node
// is a call of a fill function on v, which fills before it writes.
func (g *guards) fillsBefore(stack []ast.Node, v *types.Var, field string) bool {
	if g.fill == nil {
		g.fill = newFillers(g)
	}
	for _, st := range pathBefore(stack) {
		if slices.Contains(g.fill.filled(st, v), field) {
			return true
		}
	}
	// A call that fills before it writes: if len(obj.Status.Conditions) == 0 {
	// r.initConditions(ctx, obj) }.
	if c, ok := stack[len(stack)-1].(*ast.CallExpr); ok {
		return slices.Contains(g.fill.filled(&ast.ExprStmt{X: c}, v), field)
	}
	return false
}

// fillAssigns are the assignments a call of a fill function on the written object in
// st makes, for rule 7: each field it fills is given something not empty, no more
// known (r.nameFromSpec(obj), or in an if's init, or assigned from: err :=
// r.fillTarget(obj)). nil when st makes no such call.
func (k keyer) fillAssigns(st ast.Stmt) []assignment {
	var call *ast.CallExpr
	switch s := st.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(s.X).(*ast.CallExpr)
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call, _ = ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		}
	case *ast.IfStmt:
		if s.Init != nil {
			return k.fillAssigns(s.Init)
		}
	}
	if call == nil {
		return nil
	}
	if k.g.fill == nil {
		k.g.fill = newFillers(k.g)
	}
	fact := k.g.fill.of(kubetypes.Callee(k.g.pass.TypesInfo, call))
	if fact == nil {
		return nil
	}
	var target ast.Expr
	if fact.Param < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			target = sel.X
		}
	} else if fact.Param < len(call.Args) {
		target = call.Args[fact.Param]
	}
	if target == nil || k.key(target) != "$" {
		return nil
	}
	var out []assignment
	for _, f := range fact.Fields {
		out = append(out, assignment{lhs: "$.Status." + f, rhs: opaque, portable: true})
	}
	return out
}

// exportFills marks the package's fill functions (see Fills).
func exportFills(pass *analysis.Pass, g *guards) {
	if g.fill == nil {
		g.fill = newFillers(g)
	}
	g.fill.exportFacts()
}
