package vet

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// nilScaffold says which positions lie in branches of a method that run only when a field
// of its receiver is nil, a field that every value of the receiver's type the packages
// make is given something that is not nil: the scaffold a reconciler keeps for a
// dependency the command always wires (if r.Deps.Dispatcher != nil { return
// r.dispatch(ctx, obj) }; …; write, with main building every MilestoneReconciler
// with Deps: deps and deps := PlannerDeps{Dispatcher: &Backend{…}}). A write there
// is sent on no pass of the deployed operator; only a test that builds the reconciler
// without it takes the branch, and tests are not loaded.
//
// It is judged only with the module's command in view (a main package that makes the
// manager): a library of reconcilers may be built by a command elsewhere. A field is
// wired when the type has at least one composite literal among the packages, every
// one of which gives the field (by name or position) a value that cannot be nil, no
// value of the type is made another way (new(T), var x T), and every assignment of the
// field anywhere (x.F = v) gives one too; a type that a struct holds by value (a zero
// Outer{} holds a zero T) is not judged. A value cannot be nil when it is the address
// of something (&Backend{…}), a composite or function literal, new or make, a
// function, a call of a function of the packages every return of which gives such a
// value, or a local variable every assignment of which does. A field of a field
// (r.Deps.Dispatcher), the outer one a struct held by value, is wired when every
// value the outer one is given is a literal of that struct (or a local variable
// assigned once from one) that wires the inner one, and every assignment of either
// gives such values.
//
// The branches: the statements after an if whose condition is recv.F != nil (or a
// field of a field) and whose body leaves, with no else; the body of an if whose
// condition is recv.F == nil, or a conjunction one of whose terms is.
func nilScaffold(pkgs []*packages.Package) func(p *packages.Package, pos token.Pos) bool {
	if !slices.ContainsFunc(pkgs, func(p *packages.Package) bool { return p.Name == "main" && makesManager(p) }) {
		return func(*packages.Package, token.Pos) bool { return false }
	}
	w := &wiring{
		decls:  map[*types.Func]funcDecl{},
		lits:   map[*types.TypeName][]literal{},
		zeroed: map[*types.TypeName]bool{},
		sets:   map[*types.Var][]literal{},
		memo:   map[string]int{},
	}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			w.collect(p.TypesInfo, f)
		}
	}
	regions := map[*packages.Package][][2]token.Pos{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || fd.Body == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
					continue
				}
				recv, _ := p.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
				if recv == nil {
					continue
				}
				regions[p] = append(regions[p], w.branches(p.TypesInfo, recv, fd.Body)...)
			}
		}
	}
	return func(p *packages.Package, pos token.Pos) bool {
		return slices.ContainsFunc(regions[p], func(r [2]token.Pos) bool { return r[0] <= pos && pos < r[1] })
	}
}

// literal is a value given to a field, or a composite literal of a type, with the
// function body it is in (nil at package level) and the type information of its
// package.
type literal struct {
	info *types.Info
	body *ast.BlockStmt
	e    ast.Expr
}

type wiring struct {
	decls map[*types.Func]funcDecl
	// lits are the composite literals of each named struct type.
	lits map[*types.TypeName][]literal
	// zeroed are the types a value of which is made without a literal.
	zeroed map[*types.TypeName]bool
	// sets are the values assignments give each field (x.F = v).
	sets map[*types.Var][]literal
	// memo holds, per function (by full name), whether every return of it gives a
	// value that cannot be nil: 1 yes, 2 no, 3 being worked out.
	memo map[string]int
}

// named is the struct type t names, through a pointer; nil for any other type.
func named(t types.Type) *types.TypeName {
	n := kubetypes.Named(t)
	if n == nil {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Origin().Obj()
}

func (w *wiring) collect(info *types.Info, f *ast.File) {
	for _, d := range f.Decls {
		// A literal's local variables are looked for in the body of the declaration
		// around it; at package level there is none.
		var body *ast.BlockStmt
		if fd, ok := d.(*ast.FuncDecl); ok {
			body = fd.Body
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				w.decls[fn] = funcDecl{fd, info}
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			w.record(info, body, n)
			return true
		})
	}
}

// record notes what n, in body, tells of the values of struct types and fields.
func (w *wiring) record(info *types.Info, body *ast.BlockStmt, n ast.Node) {
	switch x := n.(type) {
	case *ast.CompositeLit:
		if tn := named(info.TypeOf(x)); tn != nil {
			w.lits[tn] = append(w.lits[tn], literal{info, body, x})
		}
	case *ast.CallExpr:
		if syntax.IsBuiltin(info, x.Fun, "new") && len(x.Args) == 1 {
			if tn := named(info.TypeOf(x.Args[0])); tn != nil {
				w.zeroed[tn] = true
			}
		}
	case *ast.StructType:
		// A struct holding T by value may be made zero, and its T with it
		// (Outer{} leaves Outer.R's fields nil): such a T is not known wired.
		for _, fl := range x.Fields.List {
			if tn := named(info.TypeOf(fl.Type)); tn != nil && !isPointer(info.TypeOf(fl.Type)) {
				w.zeroed[tn] = true
			}
		}
	case *ast.ValueSpec:
		if x.Type != nil && len(x.Values) == 0 {
			if tn := named(info.TypeOf(x.Type)); tn != nil && !isPointer(info.TypeOf(x.Type)) {
				w.zeroed[tn] = true
			}
		}
	case *ast.AssignStmt:
		for i, l := range x.Lhs {
			v := fieldOf(info, l)
			if v == nil {
				continue
			}
			if len(x.Lhs) != len(x.Rhs) {
				w.sets[v] = append(w.sets[v], literal{info, nil, nil}) // not known
			} else {
				w.sets[v] = append(w.sets[v], literal{info, body, x.Rhs[i]})
			}
		}
	case *ast.UnaryExpr:
		// &x.F hands the field to code that may set it to anything.
		if v := fieldOf(info, x.X); v != nil && x.Op == token.AND {
			w.sets[v] = append(w.sets[v], literal{info, nil, nil})
		}
	}
}

// fieldOf is the field e selects (x.F), nil when e selects none.
func fieldOf(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
		return v
	}
	return nil
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// enclosingBody is the body of the outermost function declaration of f around pos
// (a literal's variables are looked for there); nil at package level.
func enclosingBody(f *ast.File, pos token.Pos) *ast.BlockStmt {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= pos && pos < fd.End() {
			return fd.Body
		}
	}
	return nil
}

// branches are the regions of body that run only when a wired field of recv is nil.
func (w *wiring) branches(info *types.Info, recv *types.Var, body *ast.BlockStmt) [][2]token.Pos {
	var out [][2]token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		list := syntax.Stmts(n)
		for i, st := range list {
			is, ok := st.(*ast.IfStmt)
			if !ok || is.Init != nil {
				continue
			}
			if x, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr); ok && x.Op == token.NEQ && is.Else == nil && syntax.Leaves(is.Body.List) && w.wiredNil(info, recv, x) && i+1 < len(list) {
				out = append(out, [2]token.Pos{list[i+1].Pos(), list[len(list)-1].End()})
			}
			for _, c := range syntax.Conjuncts(is.Cond) {
				if x, ok := ast.Unparen(c).(*ast.BinaryExpr); ok && x.Op == token.EQL && w.wiredNil(info, recv, x) {
					out = append(out, [2]token.Pos{is.Body.Pos(), is.Body.End()})
					break
				}
			}
		}
		return true
	})
	return out
}

// wiredNil reports whether x compares with nil a field of recv (recv.F, or
// recv.F.G with F a struct held by value) that every value of recv's type is wired
// with.
func (w *wiring) wiredNil(info *types.Info, recv *types.Var, x *ast.BinaryExpr) bool {
	e := x.X
	if syntax.IsNil(info, e) {
		e = x.Y
	} else if !syntax.IsNil(info, x.Y) {
		return false
	}
	var path []*types.Var
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		v, ok := info.Uses[sel.Sel].(*types.Var)
		if !ok || !v.IsField() {
			return false
		}
		path = append([]*types.Var{v}, path...)
		e = sel.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || info.Uses[id] != recv || len(path) == 0 || len(path) > 2 {
		return false
	}
	tn := named(recv.Type())
	if tn == nil {
		return false
	}
	return w.typeWires(tn, path)
}

// typeWires reports whether every value of the struct type tn gives the field path
// (one field, or a struct field and a field of it) something not nil.
func (w *wiring) typeWires(tn *types.TypeName, path []*types.Var) bool {
	lits := w.lits[tn]
	if len(lits) == 0 || w.zeroed[tn] {
		return false
	}
	for _, l := range lits {
		val := fieldValue(l.info, l.e.(*ast.CompositeLit), path[0])
		if val == nil || !w.gives(literal{l.info, l.body, val}, path) {
			return false
		}
	}
	for _, s := range w.sets[path[0]] {
		if s.e == nil || !w.gives(s, path) {
			return false
		}
	}
	return true
}

// gives reports whether val, a value of the field path[0], holds something not nil
// at path[1:] (itself, when that is empty).
func (w *wiring) gives(val literal, path []*types.Var) bool {
	if len(path) == 1 {
		return w.nonNil(val.info, val.body, val.e, 0)
	}
	// A struct held by value: a literal of it, or a local variable every value of
	// which is one, that wires the inner field, and no assignment of the inner
	// field anywhere gives anything else.
	for _, s := range w.sets[path[1]] {
		if s.e == nil || !w.nonNil(s.info, s.body, s.e, 0) {
			return false
		}
	}
	return w.eachValue(val, func(v literal) bool {
		lit, ok := ast.Unparen(v.e).(*ast.CompositeLit)
		if !ok {
			return false
		}
		inner := fieldValue(v.info, lit, path[1])
		return inner != nil && w.nonNil(v.info, v.body, inner, 0)
	})
}

// eachValue calls ok with val, or with every value assigned to the local variable val
// is, and reports whether it held for each.
func (w *wiring) eachValue(val literal, ok func(literal) bool) bool {
	id, isIdent := ast.Unparen(val.e).(*ast.Ident)
	if !isIdent {
		return ok(val)
	}
	v, isVar := val.info.Uses[id].(*types.Var)
	if !isVar || val.body == nil || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	vals := valuesIn(val.info, val.body, v)
	if len(vals) == 0 {
		return false
	}
	for _, e := range vals {
		if e == nil || !ok(literal{val.info, val.body, e}) {
			return false
		}
	}
	return true
}

// fieldValue is the value lit gives the field f, by name or by position; nil when it
// gives none.
func fieldValue(info *types.Info, lit *ast.CompositeLit, f *types.Var) ast.Expr {
	var out ast.Expr
	syntax.StructFields(info, lit, func(field *types.Var, val ast.Expr) {
		if field == f {
			out = val
		}
	})
	return out
}

// nonNil reports whether e cannot be nil (see nilScaffold).
func (w *wiring) nonNil(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND
	case *ast.CompositeLit, *ast.FuncLit:
		return true
	case *ast.CallExpr:
		if syntax.IsBuiltin(info, x.Fun, "new") || syntax.IsBuiltin(info, x.Fun, "make") {
			return true
		}
		if info.Types[x.Fun].IsType() {
			return false // a conversion: of what it converts, not followed
		}
		fn := kubetypes.Callee(info, x)
		if fn == nil {
			return false
		}
		d, ok := w.decls[fn.Origin()]
		if !ok || d.fd.Body == nil {
			return false
		}
		key := fn.FullName()
		switch w.memo[key] {
		case 1:
			return true
		case 2, 3:
			return false
		}
		w.memo[key] = 3
		ok = returnsNonNil(d.fd, func(r ast.Expr) bool { return w.nonNil(d.info, d.fd.Body, r, depth+1) })
		w.memo[key] = 2
		if ok {
			w.memo[key] = 1
		}
		return ok
	case *ast.Ident:
		switch obj := info.Uses[x].(type) {
		case *types.Func:
			return true
		case *types.Var:
			if body == nil || obj.Parent() == nil || obj.Pkg() == nil || obj.Parent() == obj.Pkg().Scope() {
				return false
			}
			vals := valuesIn(info, body, obj)
			if len(vals) == 0 {
				return false
			}
			for _, v := range vals {
				if v == nil || !w.nonNil(info, body, v, depth+1) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// returnsNonNil reports whether every return of fd gives, in its first result, a
// value ok holds of (a function without a result, or with a bare return, is none).
func returnsNonNil(fd *ast.FuncDecl, ok func(ast.Expr) bool) bool {
	if fd.Type.Results == nil || fd.Type.Results.NumFields() == 0 {
		return false
	}
	found, all := false, true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch r := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
			if len(r.Results) == 0 || !ok(r.Results[0]) {
				all = false
			}
		}
		return all
	})
	return found && all
}

// valuesIn are the values assigned to the local variable v in body, nil among them
// for one that cannot be read (x, err := f() gives x f's first result); nil when its
// address is taken, which lets anything set it.
func valuesIn(info *types.Info, body *ast.BlockStmt, v *types.Var) []ast.Expr {
	if syntax.Addressed(info, body, v) {
		return nil
	}
	var vals []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || info.ObjectOf(id) != v {
					continue
				}
				switch {
				case s.Tok != token.ASSIGN && s.Tok != token.DEFINE:
					vals = append(vals, nil)
				case len(s.Lhs) == len(s.Rhs):
					vals = append(vals, s.Rhs[i])
				case i == 0 && len(s.Rhs) == 1:
					vals = append(vals, s.Rhs[0])
				default:
					vals = append(vals, nil)
				}
			}
		case *ast.ValueSpec:
			for i, id := range s.Names {
				if info.ObjectOf(id) != v {
					continue
				}
				if len(s.Values) == len(s.Names) {
					vals = append(vals, s.Values[i])
				} else {
					vals = append(vals, nil)
				}
			}
		}
		return true
	})
	return vals
}
