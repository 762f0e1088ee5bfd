package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// This file reads a project's own copy of the conditions helpers of
// k8s.io/apimachinery/pkg/api/meta, which many operators keep beside their API types
// for a Condition type of their own (with more statuses than True, False and
// Unknown): FindCondition(list, T) returns a pointer to the element of type T or nil,
// SetCondition(&list, c) replaces the element of c's type or appends c,
// RemoveCondition(&list, T) drops it. Others take other signatures for the same:
// a find that answers an error with nil for a type not there (Get(&list, T)
// (*Condition, error)), and a merge that takes the list by value with any number of
// conditions and returns the new list (list = Merge(list, a, b), or *Merge(…) of
// one returning the list's address). They are recognized by what their bodies do,
// not by their names, and carried to other packages as the ConditionHelper fact; the
// rules read a call of one as they read the meta function it copies.

// Kinds of ConditionHelper.
const (
	findsCondition   = "find"
	setsCondition    = "set"
	removesCondition = "remove"
	mergesCondition  = "merge"
)

// ConditionHelper is the fact of a function that does what meta.FindStatusCondition
// (Kind "find"), meta.SetStatusCondition ("set", and "merge" for a set of any number
// returning the list) or meta.RemoveStatusCondition ("remove") does, to a list of a
// struct type with Type and Status fields.
type ConditionHelper struct {
	Kind string
}

// AFact marks ConditionHelper as an analysis fact.
func (*ConditionHelper) AFact() {}

func (c *ConditionHelper) String() string { return c.Kind + "s condition" }

// conditionHelper is what fn does of meta's conditions helpers: "find", "set",
// "remove" for those functions themselves and for a function with the
// ConditionHelper fact, "" otherwise.
func conditionHelper(pass *analysis.Pass, fn *types.Func) string {
	switch {
	case fn == nil:
		return ""
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "FindStatusCondition"):
		return findsCondition
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "SetStatusCondition"):
		return setsCondition
	case kubetypes.IsFunc(fn, kubetypes.MetaPkg, "RemoveStatusCondition"):
		return removesCondition
	}
	var h ConditionHelper
	if pass.ImportObjectFact(fn.Origin(), &h) {
		return h.Kind
	}
	return ""
}

// exportConditionHelpers exports the ConditionHelper fact of each function of the
// package, without receiver and with two parameters, that is
//
//   - a find: (list []E, t) or (list *[]E, t) returning *E, or *E and an error,
//     whose body ranges over list and, in an if that finds an element's Type equal
//     to t, returns its address (&list[i], or &e of the range's value; and a nil
//     error), and returns nil after the loop;
//   - a set: (list *[]E, c E), whose body appends c to *list (*list = append(*list,
//     c)) and looks for c's type in it first, by a find of (*list, c.Type) or a
//     comparison of an element's Type with c.Type;
//   - a remove: (list *[]E, t), whose body gives *list a new value, looking for t in
//     it by a comparison of an element's Type with t, and appends nothing but
//     elements of the list;
//   - a merge: (list []E, cs ...E) returning []E or *[]E, whose body ranges over cs
//     and, for each c, both replaces an element of the list with c (list[i] = c)
//     and appends c to it (list = append(list, c)), looking for c's type by a
//     comparison of an element's Type with c.Type: replace or append. One that only
//     appends the types not there keeps a condition that is there as it was, and is
//     no merge;
//
// E a struct with fields Type and Status, or a function whose body is one call of
// such a helper (or of meta's) handing it its own parameters in order (func
// SetCondition(l *[]metav1.Condition, c metav1.Condition) {
// meta.SetStatusCondition(l, c) }). Finds come first: a set may use one.
func exportConditionHelpers(pass *analysis.Pass) {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Recv == nil && fd.Type.Params.NumFields() == 2 {
				decls = append(decls, fd)
			}
		}
	}
	done := map[*types.Func]bool{}
	for _, kind := range []string{findsCondition, setsCondition, removesCondition, mergesCondition} {
		for changed := true; changed; {
			changed = false
			for _, fd := range decls {
				fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil || done[fn] || !isConditionHelper(pass, fd, fn, kind) {
					continue
				}
				pass.ExportObjectFact(fn, &ConditionHelper{Kind: kind})
				done[fn], changed = true, true
			}
		}
	}
}

// isConditionHelper reports whether fd, of fn, is a helper of that kind (see
// exportConditionHelpers).
func isConditionHelper(pass *analysis.Pass, fd *ast.FuncDecl, fn *types.Func, kind string) bool {
	info := pass.TypesInfo
	sig := fn.Signature()
	list, second := sig.Params().At(0), sig.Params().At(1)
	if list.Name() == "" || list.Name() == "_" || second.Name() == "" || second.Name() == "_" {
		return false
	}
	if forwards(pass, fd, fn, kind) {
		return true
	}
	listPtr := false
	lt := list.Type().Underlying()
	if p, ok := lt.(*types.Pointer); ok {
		listPtr, lt = true, p.Elem().Underlying()
	}
	s, ok := lt.(*types.Slice)
	if !ok {
		return false
	}
	elem := s.Elem()
	results := sig.Results()
	switch kind {
	case findsCondition:
		if results.Len() < 1 || results.Len() > 2 || results.Len() == 2 && !syntax.IsError(results.At(1).Type()) {
			return false
		}
		p, ok := results.At(0).Type().(*types.Pointer)
		if !ok || !types.Identical(p.Elem(), elem) {
			return false
		}
	case mergesCondition:
		if listPtr || !sig.Variadic() || !types.Identical(second.Type(), types.NewSlice(elem)) || results.Len() != 1 {
			return false
		}
		r := results.At(0).Type()
		if p, ok := r.(*types.Pointer); ok {
			r = p.Elem()
		}
		if !types.Identical(r, list.Type()) {
			return false
		}
	default:
		if !listPtr || kind == setsCondition && !types.Identical(second.Type(), elem) {
			return false
		}
	}
	if !conditionStruct(elem) {
		return false
	}
	// isList reports whether e is the list: *list when it is a pointer's, list
	// otherwise.
	isList := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if listPtr {
			star, ok := e.(*ast.StarExpr)
			if !ok {
				return false
			}
			e = ast.Unparen(star.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == list
	}
	// typeOfSecond is t itself, or c.Type for a set.
	typeOfSecond := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if kind == setsCondition {
			sel, ok := e.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Type" {
				return false
			}
			e = ast.Unparen(sel.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == second
	}
	// typeTest reports whether x compares an element's Type with the second
	// parameter's type (either way round).
	typeTest := func(x ast.Expr) bool {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL && b.Op != token.NEQ {
			return false
		}
		for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			sel, ok := ast.Unparen(side[0]).(*ast.SelectorExpr)
			if ok && sel.Sel.Name == "Type" && !typeOfSecond(side[0]) && typeOfSecond(side[1]) {
				return true
			}
		}
		return false
	}
	switch kind {
	case findsCondition:
		return findBody(info, fd, results.Len(), isList, typeTest)
	case mergesCondition:
		return mergeBody(info, fd, second, isList)
	case setsCondition:
		appends, looks := false, false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == 1 && len(n.Rhs) == 1 && isList(n.Lhs[0]) {
					if c, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && syntax.IsBuiltin(info, c.Fun, "append") &&
						len(c.Args) == 2 && isList(c.Args[0]) && refersTo(info, c.Args[1], second) {
						appends = true
					}
				}
			case *ast.BinaryExpr:
				looks = looks || typeTest(n)
			case *ast.CallExpr:
				if conditionHelper(pass, kubetypes.Callee(info, n)) == findsCondition && len(n.Args) == 2 &&
					isList(n.Args[0]) && typeOfSecond(n.Args[1]) {
					looks = true
				}
			}
			return true
		})
		return appends && looks
	case removesCondition:
		assigns, looks, foreign := false, false, false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					assigns = assigns || isList(l)
				}
			case *ast.BinaryExpr:
				looks = looks || typeTest(n)
			case *ast.CallExpr:
				// An append of anything but the list's own elements (a range's
				// value or an index of the list) may add.
				if syntax.IsBuiltin(info, n.Fun, "append") && !n.Ellipsis.IsValid() {
					for _, a := range n.Args[1:] {
						foreign = foreign || !types.Identical(info.TypeOf(a), elem)
					}
				}
			}
			return true
		})
		return assigns && looks && !foreign
	}
	return false
}

// findBody reports whether fd's body is a find of n results: a range over the list
// (isList) whose body holds an if on an element's type (typeTest) returning the
// element's address (and a nil error), followed at the end of the function by a
// return of nil (and any error).
func findBody(info *types.Info, fd *ast.FuncDecl, n int, isList func(ast.Expr) bool, typeTest func(ast.Expr) bool) bool {
	list := fd.Body.List
	if len(list) < 2 {
		return false
	}
	last, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(last.Results) != n || !info.Types[last.Results[0]].IsNil() {
		return false
	}
	rng, ok := list[len(list)-2].(*ast.RangeStmt)
	if !ok || !isList(rng.X) {
		return false
	}
	found := false
	for _, st := range rng.Body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || !typeTest(ifs.Cond) || len(ifs.Body.List) != 1 {
			continue
		}
		ret, ok := ifs.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != n || n == 2 && !info.Types[ret.Results[1]].IsNil() {
			continue
		}
		addr, ok := ast.Unparen(ret.Results[0]).(*ast.UnaryExpr)
		if !ok || addr.Op != token.AND {
			continue
		}
		switch x := ast.Unparen(addr.X).(type) {
		case *ast.IndexExpr: // &list[i]
			found = found || isList(x.X) && rng.Key != nil && refersTo(info, x.Index, info.Defs[rng.Key.(*ast.Ident)])
		case *ast.Ident: // &e, e the range's value: a copy, which holds what the element does
			found = found || rng.Value != nil && info.Uses[x] == info.Defs[rng.Value.(*ast.Ident)]
		}
	}
	return found
}

// mergeBody reports whether fd's body is a merge: a range over cs (the variadic
// parameter) whose value c the body both puts in place of an element of the list
// (list[i] = c) and appends to it (list = append(list, c)), after a comparison of an
// element's Type with c.Type.
func mergeBody(info *types.Info, fd *ast.FuncDecl, cs *types.Var, isList func(ast.Expr) bool) bool {
	for _, st := range fd.Body.List {
		rng, ok := st.(*ast.RangeStmt)
		if !ok || !refersTo(info, rng.X, cs) || rng.Value == nil {
			continue
		}
		c := info.Defs[rng.Value.(*ast.Ident)]
		if c == nil {
			continue
		}
		replaces, appends, looks := false, false, false
		ast.Inspect(rng.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
					return true
				}
				if ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr); ok && isList(ix.X) && refersTo(info, n.Rhs[0], c) {
					replaces = true
				}
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && isList(n.Lhs[0]) && syntax.IsBuiltin(info, call.Fun, "append") &&
					len(call.Args) == 2 && isList(call.Args[0]) && refersTo(info, call.Args[1], c) {
					appends = true
				}
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					return true
				}
				for _, side := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					a, ok1 := ast.Unparen(side[0]).(*ast.SelectorExpr)
					b, ok2 := ast.Unparen(side[1]).(*ast.SelectorExpr)
					if ok1 && ok2 && a.Sel.Name == "Type" && b.Sel.Name == "Type" && !refersTo(info, a.X, c) && refersTo(info, b.X, c) {
						looks = true
					}
				}
			}
			return true
		})
		if replaces && appends && looks {
			return true
		}
	}
	return false
}

// forwards reports whether fd's body is one call, returned or as a statement, of a
// helper of that kind handed fd's two parameters in order.
func forwards(pass *analysis.Pass, fd *ast.FuncDecl, fn *types.Func, kind string) bool {
	if len(fd.Body.List) != 1 {
		return false
	}
	var call *ast.CallExpr
	switch st := fd.Body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(st.Results) == 1 {
			call, _ = ast.Unparen(st.Results[0]).(*ast.CallExpr)
		}
	case *ast.ExprStmt:
		call, _ = ast.Unparen(st.X).(*ast.CallExpr)
	}
	if call == nil || len(call.Args) != 2 || conditionHelper(pass, kubetypes.Callee(pass.TypesInfo, call)) != kind {
		return false
	}
	params := fn.Signature().Params()
	return refersTo(pass.TypesInfo, call.Args[0], params.At(0)) && refersTo(pass.TypesInfo, call.Args[1], params.At(1))
}

// conditionStruct reports whether t is a struct with fields Type and Status.
func conditionStruct(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return false
	}
	// Fields promoted from an embedded metav1.Condition count.
	for _, name := range []string{"Type", "Status"} {
		f, _, _ := types.LookupFieldOrMethod(t, false, nil, name)
		if _, ok := f.(*types.Var); !ok {
			return false
		}
	}
	return true
}

// refersTo reports whether e is an identifier of v.
func refersTo(info *types.Info, e ast.Expr, v types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && info.Uses[id] == v
}
