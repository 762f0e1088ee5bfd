package statustime

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Compares is the fact of a function that compares two values of one struct type
// field by field and returns a bool (inconsistentStatus(old, new FooStatus) bool):
// the fields it reads. A controller that gates its status write on it leaves every
// other field, a timestamp among them, out of the diff.
type Compares struct {
	// Type is the compared type, as types.TypeString writes it.
	Type string
	// Fields are the fields of Type the function reads of either value.
	Fields []string
}

// AFact marks Compares as an analysis fact.
func (*Compares) AFact() {}

func (c *Compares) String() string { return fmt.Sprintf("compares %s %v", c.Type, c.Fields) }

// comparedStruct is the named struct type that two parameters of fn share, by value
// or by pointer, when fn returns one bool; nil otherwise.
func comparedStruct(fn *types.Func) (*types.Named, []*types.Var) {
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil, nil
	}
	byType := map[*types.Named][]*types.Var{}
	for v := range sig.Params().Variables() {
		n := kubetypes.Named(v.Type())
		if n == nil {
			continue
		}
		if _, ok := n.Underlying().(*types.Struct); ok {
			byType[n] = append(byType[n], v)
		}
	}
	for n, vs := range byType {
		if len(vs) == 2 {
			return n, vs
		}
	}
	return nil, nil
}

// exportCompares exports the Compares fact of each function of the package that
// compares two values of a struct type by reading their fields one by one; one that
// uses either value whole (reflect.DeepEqual(a, b)) compares every field and gets none.
func exportCompares(pass *analysis.Pass, insp *inspector.Inspector) {
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		decl := n.(*ast.FuncDecl)
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || decl.Body == nil {
			return
		}
		named, params := comparedStruct(fn)
		if named == nil {
			return
		}
		var fields []string
		whole := false
		selected := map[*ast.Ident]bool{}
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && isParam(pass.TypesInfo.Uses[id], params) {
					selected[id] = true
					if !slices.Contains(fields, x.Sel.Name) {
						fields = append(fields, x.Sel.Name)
					}
				}
			case *ast.Ident:
				if isParam(pass.TypesInfo.Uses[x], params) && !selected[x] {
					whole = true
				}
			}
			return !whole
		})
		if whole || len(fields) == 0 {
			return
		}
		slices.Sort(fields)
		pass.ExportObjectFact(fn, &Compares{Type: types.TypeString(named, nil), Fields: fields})
	})
}

func isParam(obj types.Object, params []*types.Var) bool {
	v, ok := obj.(*types.Var)
	return ok && slices.Contains(params, v)
}

// comparisons gathers the Compares facts of the functions the package calls, by
// compared type.
func comparisons(pass *analysis.Pass, insp *inspector.Inspector) map[string][]*Compares {
	out := map[string][]*Compares{}
	insp.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		fn := kubetypes.Callee(pass.TypesInfo, n.(*ast.CallExpr))
		if fn == nil {
			return
		}
		var c Compares
		if pass.ImportObjectFact(fn.Origin(), &c) {
			out[c.Type] = append(out[c.Type], &c)
		}
	})
	return out
}

// leftOutOfDiff reports whether the field lhs assigns, the first below a status
// type, is one that a field-by-field comparison of that type the package calls does
// not read: the write it gates happens only when another field changed.
func leftOutOfDiff(info *types.Info, lhs ast.Expr, cmp map[string][]*Compares) bool {
	path := statusPath(info, lhs)
	if len(path) == 0 || len(cmp) == 0 {
		return false
	}
	// Find the selector of path[0]: its operand is of the status type.
	for e := ast.Unparen(lhs); ; {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == path[0] {
				n := kubetypes.Named(info.TypeOf(x.X))
				if n == nil {
					return false
				}
				cs := cmp[types.TypeString(n, nil)]
				return len(cs) > 0 && !slices.ContainsFunc(cs, func(c *Compares) bool { return slices.Contains(c.Fields, path[0]) })
			}
			e = ast.Unparen(x.X)
		case *ast.IndexExpr:
			e = ast.Unparen(x.X)
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
		default:
			return false
		}
	}
}

// diffGated reports whether the time that r read, written through lhs (rhs its
// right-hand side), goes into a status field that a diff written out in the same
// function leaves out: the function tests two copies of the object field by field
// (if obj.Status.Units != orig.Status.Units || obj.Status.Sync.Status !=
// orig.Status.Sync.Status || !equality.Semantic.DeepEqual(obj.Status.Names,
// orig.Status.Names) { return r.Status().Update(ctx, obj) }, or the same tests with
// == joined by && in an if whose body leaves, before the write), and writes the
// status in that if's body or past it. The time's field is the one lhs names, down
// through the keys of the literal that holds the clock read (obj.Status.Sync =
// SyncStatus{LastTransitionTime: metav1.Now(), Status: s}: Sync.LastTransitionTime).
// When no test reads it, a field it lies in, or a field in it, the time is written
// only along with another change, as with a comparison function (Compares).
func diffGated(info *types.Info, stack []ast.Node, lhs, rhs ast.Expr, r clock) bool {
	path := statusPath(info, lhs)
	if path == nil && !wholeStatus(info, lhs) {
		return false
	}
	if r.via == nil {
		path = append(slices.Clip(path), literalKeys(rhs, r.call.Pos())...)
	}
	body := enclosingFuncBody(stack)
	if body == nil {
		return false
	}
	gated, reads := false, false
	bodyWrites := writesStatus(info, body)
	ast.Inspect(body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return !reads
		}
		compared, ok := diffTests(info, is.Cond)
		if !ok {
			return true
		}
		for _, p := range compared {
			if isPrefix(p, path) || isPrefix(path, p) {
				reads = true // the diff reads the time's field: a new time is a difference
			}
		}
		// The write the diff gates: in the body of an if on a difference, past an if
		// on sameness whose body leaves.
		if writesStatus(info, is.Body) || syntax.Leaves(is.Body.List) && bodyWrites {
			gated = true
		}
		return !reads
	})
	return gated && !reads
}

// diffTests are the status field paths that cond compares between two variables: a
// join by || of a.Status.P != b.Status.P and !DeepEqual(a.Status.P, b.Status.P), or
// a join by && of a.Status.P == b.Status.P and DeepEqual(a.Status.P, b.Status.P), a
// and b different variables. ok is false when cond is anything else.
func diffTests(info *types.Info, cond ast.Expr) (paths [][]string, ok bool) {
	pair := func(x, y ast.Expr) []string {
		if wholeStatus(info, x) && wholeStatus(info, y) && syntax.Root(info, x) != syntax.Root(info, y) {
			return []string{} // the whole status: every field read
		}
		px, py := statusPath(info, x), statusPath(info, y)
		rx, ry := syntax.Root(info, x), syntax.Root(info, y)
		if len(px) == 0 || !slices.Equal(px, py) || rx == nil || ry == nil || rx == ry {
			return nil
		}
		return px
	}
	deepEqual := func(e ast.Expr) []string {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "DeepEqual" {
			return nil
		}
		return pair(call.Args[0], call.Args[1])
	}
	var walk func(e ast.Expr, join token.Token) bool
	walk = func(e ast.Expr, join token.Token) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			if x.Op == join {
				return walk(x.X, join) && walk(x.Y, join)
			}
			if x.Op == token.NEQ && join == token.LOR || x.Op == token.EQL && join == token.LAND {
				if p := pair(x.X, x.Y); p != nil {
					paths = append(paths, p)
					return true
				}
			}
			return false
		case *ast.UnaryExpr:
			if x.Op == token.NOT && join == token.LOR {
				if p := deepEqual(x.X); p != nil {
					paths = append(paths, p)
					return true
				}
			}
			return false
		case *ast.CallExpr:
			if join == token.LAND {
				if p := deepEqual(x); p != nil {
					paths = append(paths, p)
					return true
				}
			}
			return false
		}
		return false
	}
	for _, join := range []token.Token{token.LOR, token.LAND} {
		paths = nil
		if walk(cond, join) && len(paths) > 0 {
			return paths, true
		}
	}
	return nil, false
}

// literalKeys are the keys, down through nested literals, of the element of the
// literal e (or its address) that holds pos: Sync.LastTransitionTime for
// SyncStatus{LastTransitionTime: metav1.Now()}'s clock read.
func literalKeys(e ast.Expr, pos token.Pos) []string {
	var keys []string
	for {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			return keys
		}
		var next ast.Expr
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok || pos < kv.Pos() || pos >= kv.End() {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); ok {
				keys = append(keys, id.Name)
				next = kv.Value
			}
		}
		if next == nil {
			return keys
		}
		e = next
	}
}

// isPrefix reports whether p is a prefix of q.
func isPrefix(p, q []string) bool {
	return len(p) <= len(q) && slices.Equal(p, q[:len(p)])
}

// enclosingFuncBody is the body of the innermost function declaration on the stack.
func enclosingFuncBody(stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 1; i >= 0; i-- {
		if fd, ok := stack[i].(*ast.FuncDecl); ok {
			return fd.Body
		}
	}
	return nil
}

// writesStatus reports whether n, outside function literals, writes a status
// subresource (Status().Update, Status().Patch).
func writesStatus(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || kubetypes.IsStatusWrite(info, x)
		}
		return !found
	})
	return found
}

// wholeStatus reports whether e is the Status field of a custom resource (obj.Status).
func wholeStatus(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Status" && kubetypes.IsCustomResource(info.TypeOf(sel.X))
}
