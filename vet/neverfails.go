package vet

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// failFree says which positions lie in a branch taken only when a call failed whose
// function never fails: a function or method of the packages analyzed, called
// directly (not through an interface or a value), whose last result is an error and
// every return of which gives nil there (func (r *R) dispatch(obj *Foo) error { go
// r.scan(obj); return nil }). The branch is the body of if err := f(…); err != nil,
// or of an if err != nil that directly follows err = f(…) or v, err := f(…), or of if
// f(…) != nil. A write there (the status of a failure the function cannot report) is
// sent on no pass.
//
// A function with named results that returns bare, or whose error it gives is
// anything but the literal nil, may fail, and so may one whose body is not loaded.
// One that fails only when handed nil for a pointer parameter (failsOnlyOnNil: it
// reads the object itself when it is not handed one) never fails at a call that hands
// it something surely not nil there (notNilAt): the address of a variable, or a
// pointer that code surely run before the call dereferenced. Nor does encoding/json's
// Marshal of a value that always encodes (plainMarshal). Returns in the error
// branch of a call that never fails do not count against a function (a helper that
// fails only through such a call never fails either), to a fixed point.
func failFree(pkgs []*packages.Package) func(p *packages.Package, pos token.Pos) bool {
	never := map[*types.Func]bool{}
	onNil := map[*types.Func]int{}
	type decl struct {
		p    *packages.Package
		file *ast.File
		fd   *ast.FuncDecl
		fn   *types.Func
	}
	var decls []decl
	eachFuncDecl(pkgs, func(p *packages.Package, file *ast.File, fd *ast.FuncDecl, fn *types.Func) {
		decls = append(decls, decl{p, file, fd, fn.Origin()})
	})
	// A function may fail only through calls that never fail, as the fixed point
	// finds them: its returns in their error branches give no error.
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			if never[d.fn] {
				continue
			}
			dead := deadRegions(d.p.TypesInfo, d.file, d.fd.Body, never, onNil)
			if nilErrorOnly(d.p.TypesInfo, d.fd, dead) {
				never[d.fn], changed = true, true
				continue
			}
			if _, ok := onNil[d.fn]; !ok {
				if i := failsOnlyOnNil(d.p.TypesInfo, d.fd, dead); i >= 0 {
					onNil[d.fn], changed = i, true
				}
			}
		}
	}
	if len(never) == 0 && len(onNil) == 0 {
		return func(*packages.Package, token.Pos) bool { return false }
	}
	regions := map[*packages.Package][][2]token.Pos{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			regions[p] = append(regions[p], deadRegions(p.TypesInfo, f, f, never, onNil)...)
		}
	}
	return func(p *packages.Package, pos token.Pos) bool {
		return inRegions(regions[p], pos)
	}
}

// inRegions reports whether pos lies in one of regions.
func inRegions(regions [][2]token.Pos, pos token.Pos) bool {
	return slices.ContainsFunc(regions, func(r [2]token.Pos) bool { return r[0] <= pos && pos < r[1] })
}

// deadRegions are the bodies of the ifs in root (of file f) taken only when a call
// failed whose function never fails there: one of never, or one of onNil handed
// something surely not nil for the parameter that can make it fail.
func deadRegions(info *types.Info, f *ast.File, root ast.Node, never map[*types.Func]bool, onNil map[*types.Func]int) [][2]token.Pos {
	// freeCall reports whether e is a direct call of a function that never fails.
	freeCall := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := kubetypes.Callee(info, call)
		if fn == nil {
			return false
		}
		if never[fn.Origin()] || plainMarshal(info, fn, call) {
			return true
		}
		i, ok := onNil[fn.Origin()]
		return ok && i < len(call.Args) && notNilAt(info, f, call.Args[i], call.Pos())
	}
	// errOf is the error variable the last left-hand side of as defines or assigns
	// from a call of a function that never fails; nil otherwise.
	errOf := func(st ast.Stmt) types.Object {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || !freeCall(as.Rhs[0]) {
			return nil
		}
		id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok {
			return nil
		}
		return info.ObjectOf(id)
	}
	var out [][2]token.Pos
	ast.Inspect(root, func(n ast.Node) bool {
		list := syntax.Stmts(n)
		for k, st := range list {
			is, ok := st.(*ast.IfStmt)
			if !ok {
				continue
			}
			var err types.Object
			switch {
			case is.Init != nil:
				err = errOf(is.Init)
			case k > 0:
				err = errOf(list[k-1])
			}
			if failsOn(info, is.Cond, err, freeCall) {
				out = append(out, [2]token.Pos{is.Body.Pos(), is.Body.End()})
			}
		}
		return true
	})
	return out
}

// failsOn reports whether cond is err != nil, for the error variable err, or a call
// that free says never fails compared != nil.
func failsOn(info *types.Info, cond ast.Expr, err types.Object, free func(ast.Expr) bool) bool {
	x, ok := nilCompared(info, cond, token.NEQ)
	if !ok {
		return false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && err != nil && info.ObjectOf(id) == err {
		return true
	}
	return free(x)
}

// nilErrorOnly reports whether the function fd declares has an error as its last
// result and every return of its body (outside function literals and the dead
// regions, error branches of calls that never fail) gives the literal nil there.
func nilErrorOnly(info *types.Info, fd *ast.FuncDecl, dead [][2]token.Pos) bool {
	if !errorLast(info, fd) {
		return false
	}
	ok, outside, _ := nilErrors(info, fd.Body, dead)
	return ok && outside > 0
}

// errorLast reports whether the last result of the function fd declares is an error.
func errorLast(info *types.Info, fd *ast.FuncDecl) bool {
	res := fd.Type.Results
	return res != nil && len(res.List) > 0 && syntax.IsError(info.TypeOf(res.List[len(res.List)-1].Type))
}

// nilErrors walks the returns of body outside function literals: ok says every one
// outside the regions skip gives the literal nil as its last result; outside counts
// those, all every return.
func nilErrors(info *types.Info, body *ast.BlockStmt, skip [][2]token.Pos) (ok bool, outside, all int) {
	ok = true
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			all++
			if inRegions(skip, x.Pos()) {
				return false
			}
			outside++
			if len(x.Results) == 0 || !info.Types[x.Results[len(x.Results)-1]].IsNil() {
				ok = false
			}
		}
		return ok
	})
	return ok, outside, all
}

// eachFuncDecl calls f with every function declaration with a body among the
// packages that have type information, the file that holds it, and the function it
// declares.
func eachFuncDecl(pkgs []*packages.Package, f func(p *packages.Package, file *ast.File, fd *ast.FuncDecl, fn *types.Func)) {
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, file := range p.Syntax {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func); fn != nil {
					f(p, file, fd, fn)
				}
			}
		}
	}
}

// failsOnlyOnNil gives the index of the pointer parameter p of the function fd
// declares when it can fail only when called with p nil, -1 otherwise: its last result
// is an error, and every return of its body (outside function literals) gives the
// literal nil there but those inside an if p == nil at the top of its body, before
// which nothing returns or assigns p (if obj == nil { obj, err = u.Get(); if err !=
// nil { return nil, err } }: a helper that reads the object when it is not handed one).
func failsOnlyOnNil(info *types.Info, fd *ast.FuncDecl, dead [][2]token.Pos) int {
	if fd.Body == nil || !errorLast(info, fd) {
		return -1
	}
	var params []*types.Var
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			v, _ := info.Defs[n].(*types.Var)
			params = append(params, v)
		}
	}
	for _, st := range fd.Body.List {
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil {
			if syntax.HasReturn(st) {
				return -1
			}
			continue
		}
		v := nilTested(info, is.Cond)
		i := slices.Index(params, v)
		if v == nil || i < 0 {
			if syntax.HasReturn(st) {
				return -1
			}
			continue
		}
		if _, ok := v.Type().Underlying().(*types.Pointer); !ok || assigns(info, fd.Body, v, is.Pos()) {
			return -1
		}
		ok, _, all := nilErrors(info, fd.Body, append([][2]token.Pos{{is.Body.Pos(), is.Body.End()}}, dead...))
		if ok && all > 0 {
			return i
		}
		return -1
	}
	return -1
}

// nilCompared is what cond compares with the literal nil by op (== or !=), either
// side; ok is false when cond is no such comparison.
func nilCompared(info *types.Info, cond ast.Expr, op token.Token) (x ast.Expr, ok bool) {
	b, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin || b.Op != op {
		return nil, false
	}
	x, y := b.X, b.Y
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	return x, info.Types[y].IsNil()
}

// nilTested is the variable cond compares == nil, or nil.
func nilTested(info *types.Info, cond ast.Expr) *types.Var {
	x, ok := nilCompared(info, cond, token.EQL)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// assigns reports whether body assigns v, or takes its address, before the position
// before.
func assigns(info *types.Info, body ast.Node, v *types.Var, before token.Pos) bool {
	return assignsIn(info, body, v, func(p token.Pos) bool { return p < before })
}

// assignsIn reports whether body assigns v, or takes its address, at a position
// where says yes to.
func assignsIn(info *types.Info, body ast.Node, v *types.Var, where func(token.Pos) bool) bool {
	found := false
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if where(x.Pos()) && slices.ContainsFunc(x.Lhs, is) {
				found = true
			}
		case *ast.RangeStmt:
			if where(x.Pos()) && (x.Key != nil && is(x.Key) || x.Value != nil && is(x.Value)) {
				found = true
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && where(x.Pos()) && is(x.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// notNilAt reports whether the expression e, an argument of the call at pos in file
// f, is known not to be nil there: the address of something (&obj), or a local
// pointer variable that code surely run before the call dereferences (a field of it
// selected, or a method promoted through one: a nil pointer would have panicked), with
// nothing assigning it or taking its address between there and the call (nor
// anywhere in a loop that holds both). Surely run: an earlier statement of an
// enclosing statement list (an assignment, an expression, a declaration; the init and
// the first operand of the condition of an if, the tag of a switch, the expression a
// range ranges over), and the header of an enclosing if, for or range whose body holds
// the call (every && conjunct of the condition, the body running only when all hold:
// if plug.Status.Socket != nil { … f(plug) … }). Only the operands of && and || that
// always run count, and nothing in a function literal.
func notNilAt(info *types.Info, f *ast.File, e ast.Expr, pos token.Pos) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return true
	}
	id, ok := e.(*ast.Ident)
	if !ok || f == nil {
		return false
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if v == nil {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	var body ast.Node
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			body = n
		}
		if body != nil {
			break
		}
	}
	if body == nil {
		return false
	}
	end := pos // where an assignment no longer matters
	// ok says whether part, run before the call, dereferences v with nothing assigning
	// v from there to end.
	ok = false
	check := func(part ast.Node, conjuncts bool) {
		if ok || part == nil {
			return
		}
		found := false
		if c, isExpr := part.(ast.Expr); isExpr && conjuncts {
			found = derefs(info, c, v)
		} else {
			found = derefsSurely(info, part, v)
		}
		if found && !assignsIn(info, body, v, func(p token.Pos) bool { return p >= part.Pos() && p < end }) {
			ok = true
		}
	}
	for i := 1; i < len(path) && path[i] != body; i++ {
		child, n := path[i-1], path[i]
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if end < n.End() {
				end = n.End()
			}
		}
		switch x := n.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			for _, st := range syntax.Stmts(n) {
				if st == child {
					break
				}
				for _, part := range surelyRun(st) {
					check(part, false)
				}
			}
		case *ast.IfStmt:
			check(x.Init, false)
			if child == x.Body {
				check(x.Cond, true)
			} else if child != x.Cond && child != x.Init {
				check(firstOperand(x.Cond), false)
			}
		case *ast.ForStmt:
			check(x.Init, false)
			if child == x.Body && x.Cond != nil {
				check(x.Cond, true)
			}
		case *ast.RangeStmt:
			if child == x.Body {
				check(x.X, false)
			}
		case *ast.SwitchStmt:
			check(x.Init, false)
			if child == x.Body {
				check(x.Tag, false)
			}
		case *ast.TypeSwitchStmt:
			check(x.Init, false)
			if child == x.Body {
				check(x.Assign, false)
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// surelyRun are the parts of the statement st that run whenever it does, before any
// branch it holds: the statement itself when it is simple, the init and first operand
// of an if's condition, a switch's init and tag, a range's expression, a for's init.
func surelyRun(st ast.Stmt) []ast.Node {
	switch x := st.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.IncDecStmt, *ast.SendStmt:
		return []ast.Node{x}
	case *ast.IfStmt:
		return []ast.Node{x.Init, firstOperand(x.Cond)}
	case *ast.SwitchStmt:
		return []ast.Node{x.Init, x.Tag}
	case *ast.TypeSwitchStmt:
		return []ast.Node{x.Init, x.Assign}
	case *ast.RangeStmt:
		return []ast.Node{x.X}
	case *ast.ForStmt:
		return []ast.Node{x.Init}
	}
	return nil
}

// firstOperand is the part of cond that always runs: its leftmost operand of && and
// ||, down to the first that is neither.
func firstOperand(cond ast.Expr) ast.Expr {
	for {
		b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.LAND && b.Op != token.LOR {
			return cond
		}
		cond = b.X
	}
}

// derefs reports whether cond, read as && conjuncts, surely evaluates a field of the
// pointer v, each conjunct read as derefsSurely does.
func derefs(info *types.Info, cond ast.Expr, v *types.Var) bool {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return derefs(info, b.X, v) || derefs(info, b.Y, v)
	}
	return derefsSurely(info, cond, v)
}

// derefsSurely reports whether n, run, surely dereferences the pointer v: a selector
// of v's field, or of a method promoted through one, outside the right of a || or &&
// and outside function literals.
func derefsSurely(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				found = found || derefsSurely(info, x.X, v)
				return false
			}
		}
		found = found || selectsField(info, n, v)
		return !found
	})
	return found
}

// selectsField reports whether n is v.F for a field F of what the pointer v points to,
// or a method promoted through a field (v.GetName(), ObjectMeta's): selecting either
// reads through v.
func selectsField(info *types.Info, n ast.Node, v *types.Var) bool {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || info.ObjectOf(id) != v {
		return false
	}
	s := info.Selections[sel]
	return s != nil && (s.Kind() == types.FieldVal || len(s.Index()) > 1)
}

// plainMarshal reports whether call is encoding/json's Marshal or MarshalIndent of a
// value that cannot fail to encode: json fails only on a value of a type it does not
// encode (a channel, a function, a complex number), a float that is NaN or infinite,
// a cycle, or a marshaler's own error. The value is plain when its type is (below) or,
// held in an interface, when it is a composite literal whose keys and elements are
// plain, recursively (json.Marshal(map[string]any{"kind": k, "metadata":
// map[string]any{"name": n}})).
func plainMarshal(info *types.Info, fn *types.Func, call *ast.CallExpr) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "encoding/json" || fn.Name() != "Marshal" && fn.Name() != "MarshalIndent" || len(call.Args) == 0 {
		return false
	}
	return plainValue(info, call.Args[0])
}

// plainValue reports whether the expression e encodes to JSON without failing: its
// type is plain, or it is a composite literal of plain keys and values.
func plainValue(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if plainType(info.TypeOf(e), map[types.Type]bool{}) {
		return true
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	t := info.TypeOf(lit)
	if t == nil || marshaler(t) {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if !plainKey(u.Key()) {
			return false
		}
	case *types.Slice, *types.Array:
	default:
		return false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if !plainValue(info, el) {
			return false
		}
	}
	return true
}

// plainType reports whether every value of t encodes to JSON without failing: a
// string, a bool, an integer, or pointers, slices, arrays, maps keyed by strings or
// integers, and structs of such, none of them a marshaler of its own (MarshalJSON,
// MarshalText). Floats (NaN), interfaces (anything), and recursive types (a cycle)
// are not.
func plainType(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] || marshaler(t) {
		return false
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsBoolean|types.IsInteger) != 0
	case *types.Pointer:
		return plainType(u.Elem(), seen)
	case *types.Slice:
		return plainType(u.Elem(), seen)
	case *types.Array:
		return plainType(u.Elem(), seen)
	case *types.Map:
		return plainKey(u.Key()) && plainType(u.Elem(), seen)
	case *types.Struct:
		for f := range u.Fields() {
			if (f.Exported() || f.Embedded()) && !plainType(f.Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}

// plainKey reports whether a map key of type k encodes without a marshaler: a string
// or an integer kind.
func plainKey(k types.Type) bool {
	b, ok := k.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsInteger) != 0 && !marshaler(k)
}

// marshaler reports whether t or *t has a MarshalJSON or MarshalText method: its
// own code decides what encoding gives, and may fail. An addressable lookup finds
// the pointer receiver's methods too.
func marshaler(t types.Type) bool {
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}
