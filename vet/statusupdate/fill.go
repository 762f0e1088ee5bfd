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
//
// A function that returns an error may fill only on the paths that return it nil:
// each return that may give a nil error comes after a statement of its body, at the
// top, that fills the field (func (r *state) makeTarget() error { …; if err :=
// create(…); err != nil { return err }; r.obj.Status.Target = name; return nil }), and
// the object may be a field of the receiver or parameter (r.obj). One that writes
// a status itself is none: it stored what it filled. Such a fill (OnSuccess) counts
// only for rule 7, at a call whose error the path leaves on.
type Fills struct {
	// Param is the index of the parameter whose status it fills, -1 for the receiver.
	Param int
	// Path is the selectors from that parameter to the object whose status it
	// fills: "" for the parameter itself, ".obj" for its field obj.
	Path string
	// Fields are the top-level fields of the status it fills ("Hash").
	Fields []string
	// OnSuccess is true when it fills them only on the paths that return a nil
	// error.
	OnSuccess bool
}

// AFact marks Fills as an analysis fact.
func (*Fills) AFact() {}

func (f *Fills) String() string {
	s := "fills " + strings.Join(f.Fields, ", ")
	if f.Path != "" {
		s += " of " + f.Path[1:]
	}
	if f.OnSuccess {
		s += " on success"
	}
	return s
}

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
			fact = &Fills{Param: i - 1, Path: f.objectPath(f.beforeLeaving(fd.Body.List), p), Fields: fields}
			break
		}
	}
	if fact == nil {
		fact = f.successFills(fd, fn, params)
	}
	f.memo[fn] = fact
	return fact
}

// successFills is the OnSuccess Fills of fd (see Fills), params its receiver (nil when
// it has none) and parameters; nil when it fills no field so.
func (f *fillers) successFills(fd *ast.FuncDecl, fn *types.Func, params []*types.Var) *Fills {
	info := f.g.pass.TypesInfo
	res := fn.Signature().Results()
	if res.Len() == 0 || !syntax.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	// One that writes a status itself has stored what it filled: a caller's write
	// after it may send that unchanged.
	writes := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && kubetypes.IsStatusWrite(info, c) {
			writes = true
		}
		return !writes
	})
	if writes {
		return nil
	}
	// The fills the body's top-level statements make, in order.
	type fill struct {
		at, param   int
		path, field string
	}
	var fills []fill
	for at, st := range fd.Body.List {
		for _, fo := range f.fillsOf(st) {
			root := syntax.Root(info, fo.obj)
			param := slices.Index(params, root)
			if root == nil || param < 0 {
				continue
			}
			path, ok := strings.CutPrefix(text(fo.obj), root.Name())
			if !ok || path != "" && !strings.HasPrefix(path, ".") {
				continue
			}
			fills = append(fills, fill{at: at, param: param, path: path, field: fo.field})
		}
	}
	if len(fills) == 0 {
		return nil
	}
	// The top-level statement that holds each return that may give a nil error.
	var open []int
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		r, ok := n.(*ast.ReturnStmt)
		if !ok || len(r.Results) > 0 && failing(info, stack, r.Results[len(r.Results)-1]) {
			return true
		}
		open = append(open, slices.IndexFunc(fd.Body.List, func(st ast.Stmt) bool { return len(stack) > 1 && stack[1] == st }))
		return true
	})
	if len(open) == 0 {
		return nil
	}
	first := fills[0]
	var fields []string
	for _, fl := range fills {
		if fl.param != first.param || fl.path != first.path || slices.Contains(fields, fl.field) {
			continue
		}
		if !slices.ContainsFunc(open, func(at int) bool { return at <= fl.at }) {
			fields = append(fields, fl.field)
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return &Fills{Param: first.param - 1, Path: first.path, Fields: fields, OnSuccess: true}
}

// objectPath is the selectors from p to the first object rooted at p whose status a
// statement of list assigns (".obj" for p.obj.Status.Image = …), "" when that object
// is p itself or there is none.
func (f *fillers) objectPath(list []ast.Stmt, p *types.Var) string {
	info := f.g.pass.TypesInfo
	path := ""
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || path != "" || statusField(info, sel) == "" || syntax.Root(info, sel) != p {
				return path == ""
			}
			obj := ast.Unparen(ast.Unparen(sel.X).(*ast.SelectorExpr).X)
			if rest, ok := strings.CutPrefix(text(obj), p.Name()); ok && strings.HasPrefix(rest, ".") {
				path = rest
			}
			return false
		})
		if path != "" {
			return path
		}
	}
	return ""
}

// filledObject is a status field an object is given by a statement.
type filledObject struct {
	obj   ast.Expr
	field string
}

// fillsOf are the status fields st gives a value that is not the empty one, with the
// object whose they are: an assignment (x.obj.Status.Target = name), or a call of a
// fill function of the first kind (no Path, not OnSuccess) on an object.
func (f *fillers) fillsOf(st ast.Stmt) []filledObject {
	info := f.g.pass.TypesInfo
	var out []filledObject
	switch s := st.(type) {
	case *ast.AssignStmt:
		// n += m fills nothing: m may be zero, or undo what n held.
		if len(s.Lhs) != len(s.Rhs) || (s.Tok != token.ASSIGN && s.Tok != token.DEFINE) {
			return nil
		}
		for i, l := range s.Lhs {
			if fl := statusField(info, l); fl != "" && !syntax.IsEmptyValue(info, s.Rhs[i]) {
				sel := ast.Unparen(l).(*ast.SelectorExpr)
				out = append(out, filledObject{obj: ast.Unparen(sel.X).(*ast.SelectorExpr).X, field: fl})
			}
		}
	case *ast.ExprStmt:
		c, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return nil
		}
		fact := f.of(kubetypes.Callee(info, c))
		if fact == nil || fact.OnSuccess {
			return nil
		}
		if target := argAt(c, fact.Param); target != nil {
			for _, fl := range fact.Fields {
				out = append(out, filledObject{obj: target, field: fl})
			}
		}
	}
	return out
}

// failing reports whether e, an error returned by the return on top of stack, is
// not nil: a call of fmt.Errorf or errors.New, or a variable that an if around the
// return found not nil (if err != nil { …; return err }).
func failing(info *types.Info, stack []ast.Node, e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		fn := kubetypes.Callee(info, call)
		return kubetypes.IsFunc(fn, "fmt", "Errorf") || kubetypes.IsFunc(fn, "errors", "New")
	}
	v := varOf(info, e)
	if v == nil {
		return false
	}
	for i := len(stack) - 2; i >= 0; i-- {
		is, ok := stack[i].(*ast.IfStmt)
		if ok && stack[i+1] == is.Body && slices.ContainsFunc(syntax.Conjuncts(is.Cond), func(x ast.Expr) bool { return syntax.IsNotNilTest(info, x, v) }) {
			return true
		}
	}
	return false
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
			if fl := field(l); fl != "" && len(s.Rhs) == len(s.Lhs) && (s.Tok == token.ASSIGN || s.Tok == token.DEFINE) && !syntax.IsEmptyValue(info, s.Rhs[i]) {
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
		if fn != nil && !syntax.Removes(fn.Name()) {
			for _, a := range c.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if fl := field(u.X); fl != "" {
						out = append(out, fl)
					}
				}
			}
		}
		fact := f.of(fn)
		if fact == nil || fact.OnSuccess {
			continue
		}
		if target := argAt(c, fact.Param); target != nil && isObject(info, target, v) {
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

// pathBefore are the statements that run before the node on top of stack, from the
// block at stack[0] down: in each block on the way, the statements before the one the
// path goes through, and the init of each if it enters.
func pathBefore(stack []ast.Node) []ast.Stmt {
	var out []ast.Stmt
	for k := 0; k+1 < len(stack); k++ {
		if n, ok := stack[k].(*ast.IfStmt); ok {
			if n.Init != nil && n.Init != stack[k+1] {
				out = append(out, n.Init)
			}
			continue
		}
		for _, st := range syntax.Stmts(stack[k]) {
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
	// The last of the path's statements that gives the field something decides: a
	// fill, or the empty value again.
	filled := false
	for _, st := range pathBefore(stack) {
		switch {
		case slices.Contains(g.fill.filled(st, v), field):
			filled = true
		case g.mayEmpty(st, v, field):
			filled = false
		}
	}
	if filled {
		return true
	}
	// A call that fills before it writes: if len(obj.Status.Conditions) == 0 {
	// r.initConditions(ctx, obj) }.
	if c, ok := stack[len(stack)-1].(*ast.CallExpr); ok {
		return slices.Contains(g.fill.filled(&ast.ExprStmt{X: c}, v), field)
	}
	return false
}

// mayEmpty reports whether st, or a statement nested in it, assigns the empty value
// (nil, "", 0, false, an empty literal) to field of the status of v.
func (g *guards) mayEmpty(st ast.Stmt, v *types.Var, field string) bool {
	info := g.pass.TypesInfo
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if _, lit := n.(*ast.FuncLit); lit || found {
			return false
		}
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if statusField(info, l) != field || syntax.Root(info, l) != v {
				continue
			}
			found = found || syntax.IsEmptyLiteral(info, as.Rhs[i])
		}
		return true
	})
	return found
}

// fillAssigns are the assignments a call of a fill function on the written object in
// st makes, for rule 7: each field it fills is given something not empty, no more
// known (r.nameFromSpec(obj), or in an if's init, or assigned from: err :=
// r.fillTarget(obj)). A fill on success counts when the path leaves on the call's
// error: in the if whose init makes the call (if err := r.makeTarget(); err != nil {
// return err }), or in an if on that error among the statements after st (result,
// err = r.makeTarget(), in both branches of an if, then if err != nil { return … }).
// nil when st makes no such call.
func (k keyer) fillAssigns(st ast.Stmt) []assignment {
	var call *ast.CallExpr
	var errVar *types.Var
	info := k.g.pass.TypesInfo
	switch s := st.(type) {
	case *ast.ExprStmt:
		call, _ = ast.Unparen(s.X).(*ast.CallExpr)
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			call, _ = ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
			if id, ok := ast.Unparen(s.Lhs[len(s.Lhs)-1]).(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && syntax.IsError(v.Type()) {
					errVar = v
				}
			}
		}
	case *ast.IfStmt:
		if s.Init == nil {
			return nil
		}
		inner := k
		inner.after = append([]ast.Stmt{&ast.IfStmt{Cond: s.Cond, Body: s.Body}}, k.after...)
		return inner.fillAssigns(s.Init)
	}
	if call == nil {
		return nil
	}
	if k.g.fill == nil {
		k.g.fill = newFillers(k.g)
	}
	fact := k.g.fill.of(kubetypes.Callee(info, call))
	if fact == nil {
		return nil
	}
	target := argAt(call, fact.Param)
	if target == nil {
		return nil
	}
	if fact.Path != "" {
		target = &ast.SelectorExpr{X: target, Sel: ast.NewIdent(fact.Path[1:])}
	}
	if k.key(target) != "$" {
		return nil
	}
	if fact.OnSuccess && (errVar == nil || !slices.ContainsFunc(k.after, func(st ast.Stmt) bool {
		is, ok := st.(*ast.IfStmt)
		return ok && is.Init == nil && syntax.Leaves(is.Body.List) && syntax.IsNotNilTest(info, is.Cond, errVar)
	})) {
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
