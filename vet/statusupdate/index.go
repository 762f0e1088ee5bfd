package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// indexHeld is what a field index of the package keeps: the objects its extractor
// indexes hold constant in the status field at path (".Status.State", relative to
// the object).
type indexHeld struct {
	path  string
	value constant.Value
}

// indexedRange reports whether the loop rs ranges, by value, over the items of a list
// that a List of the function filled through a field index (client.MatchingFields{
// key: …}) whose extractor indexes only objects whose status field holds a constant,
// when the path in the loop's body gives that field of the written element another
// constant: every element the list holds was found in that state, so the write moves
// it (a list of the failed children, each set Processing and written).
func (k keyer) indexedRange(rs *ast.RangeStmt, acc []assignment) bool {
	info := k.g.pass.TypesInfo
	if rs.Value == nil || k.key(rs.Value) != "$" {
		return false
	}
	items, ok := ast.Unparen(rs.X).(*ast.SelectorExpr)
	if !ok || items.Sel.Name != "Items" {
		return false
	}
	list, ok := ast.Unparen(items.X).(*ast.Ident)
	if !ok {
		return false
	}
	lv, ok := info.Uses[list].(*types.Var)
	if !ok {
		return false
	}
	body := syntax.DeclaringBody(k.stack, lv)
	if body == nil {
		return false
	}
	held := k.g.indexes()
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || !isList(info, call) || len(call.Args) < 2 || !refersTo(info, unaddr(call.Args[1]), lv) {
			return !found
		}
		for _, key := range k.matchingKeys(body, call.Args[2:]) {
			for _, h := range held[key] {
				fk := "$" + h.path
				if onlyGives(acc, fk, func(a assignment) bool {
					return a.lhs == fk && a.value != nil && !sameConst(a.value, h.value)
				}) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// isList reports whether call is a client's List (a method named List whose first
// parameter is a context).
func isList(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "List" {
		return false
	}
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	return ok && sig.Params().Len() >= 2 && kubetypes.IsNamed(sig.Params().At(0).Type(), "context", "Context")
}

// matchingKeys are the constant keys of the client.MatchingFields among a List's
// options: a literal, or a variable of the function assigned once from one.
func (k keyer) matchingKeys(body *ast.BlockStmt, opts []ast.Expr) []string {
	info := k.g.pass.TypesInfo
	var keys []string
	for _, o := range opts {
		o = ast.Unparen(o)
		if id, ok := o.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				o = ast.Unparen(syntax.ValueOf(k.g.pass, body, v))
			}
		}
		lit, ok := o.(*ast.CompositeLit)
		if !ok || !isMatchingFields(info.TypeOf(lit)) {
			continue
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if tv, ok := info.Types[kv.Key]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					keys = append(keys, constant.StringVal(tv.Value))
				}
			}
		}
	}
	return keys
}

func isMatchingFields(t types.Type) bool {
	return kubetypes.IsNamed(t, kubetypes.ClientPkg, "MatchingFields")
}

// indexes are the package's field indexes (an IndexField call of any indexer, its
// key a constant and its extractor a function of the package, a literal or a
// variable assigned one once) whose extractor indexes only objects holding a
// constant in a status field, by key (see extractorHeld). Computed once.
func (g *guards) indexes() map[string][]indexHeld {
	if g.indexHeld != nil {
		return g.indexHeld
	}
	g.indexHeld = map[string][]indexHeld{}
	info := g.pass.TypesInfo
	for _, f := range g.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 4 {
					return true
				}
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "IndexField" {
					return true
				}
				tv, ok := info.Types[call.Args[2]]
				if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
					return true
				}
				if params, body := g.funcOf(fd.Body, call.Args[3]); body != nil {
					if h, ok := extractorHeld(info, params, body); ok {
						key := constant.StringVal(tv.Value)
						g.indexHeld[key] = append(g.indexHeld[key], h)
					}
				}
				return true
			})
		}
	}
	return g.indexHeld
}

// funcOf is the function e names, its parameters and body: a literal, a variable of
// body assigned one once, or a function of the package.
func (g *guards) funcOf(body *ast.BlockStmt, e ast.Expr) (*ast.FieldList, *ast.BlockStmt) {
	info := g.pass.TypesInfo
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		switch o := info.Uses[id].(type) {
		case *types.Var:
			e = ast.Unparen(syntax.ValueOf(g.pass, body, o))
		case *types.Func:
			if decl := syntax.DeclOf(g.pass, o); decl != nil && decl.Body != nil {
				return decl.Type.Params, decl.Body
			}
			return nil, nil
		}
	}
	if lit, ok := e.(*ast.FuncLit); ok {
		return lit.Type.Params, lit.Body
	}
	return nil, nil
}

// extractorHeld reads an index's extractor (func(o client.Object) []string): when a
// statement at the top of its body, before any return of something but nil, is an
// if that returns nil when a status field of the object differs from a constant (if
// obj.Status.State != Failed { return nil }, the field read on the object, on a type
// assertion of it, or through a local assigned once from the field), every object
// the index holds has that constant there.
func extractorHeld(info *types.Info, params *ast.FieldList, body *ast.BlockStmt) (indexHeld, bool) {
	if params == nil || len(params.List) != 1 || len(params.List[0].Names) != 1 {
		return indexHeld{}, false
	}
	param, _ := info.Defs[params.List[0].Names[0]].(*types.Var)
	if param == nil {
		return indexHeld{}, false
	}
	objs := map[types.Object]bool{param: true}
	alias := map[types.Object]string{}
	path := func(e ast.Expr) string {
		e = ast.Unparen(e)
		if id, ok := e.(*ast.Ident); ok {
			return alias[info.Uses[id]]
		}
		root := e
		for {
			sel, ok := root.(*ast.SelectorExpr)
			if !ok {
				break
			}
			root = ast.Unparen(sel.X)
		}
		id, ok := root.(*ast.Ident)
		if !ok || !objs[info.Uses[id]] {
			return ""
		}
		p := strings.TrimPrefix(types.ExprString(e), id.Name)
		if !strings.HasPrefix(p, ".Status.") {
			return ""
		}
		return p
	}
	for _, st := range body.List {
		switch s := st.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				break
			}
			if len(s.Rhs) == 1 {
				if ta, ok := ast.Unparen(s.Rhs[0]).(*ast.TypeAssertExpr); ok {
					if id, ok := ast.Unparen(ta.X).(*ast.Ident); ok && objs[info.Uses[id]] {
						if lid, ok := s.Lhs[0].(*ast.Ident); ok && info.Defs[lid] != nil {
							objs[info.Defs[lid]] = true
						}
					}
					continue
				}
			}
			if len(s.Lhs) == len(s.Rhs) {
				for i, l := range s.Lhs {
					if lid, ok := l.(*ast.Ident); ok && info.Defs[lid] != nil {
						if p := path(s.Rhs[i]); p != "" && !syntax.Assigned(info, body, info.Defs[lid].(*types.Var)) {
							alias[info.Defs[lid]] = p
						}
					}
				}
			}
			continue
		case *ast.IfStmt:
			if s.Init == nil && s.Else == nil && returnsOnlyNil(info, s.Body.List) {
				if x, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr); ok && x.Op == token.NEQ {
					for _, pair := range [][2]ast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
						p := path(pair[0])
						if tv, ok := info.Types[pair[1]]; ok && p != "" && tv.Value != nil {
							return indexHeld{path: p, value: tv.Value}, true
						}
					}
				}
			}
		}
		// Any other statement may return something but nil: past it, nothing is known.
		if returnsSomething(info, st) {
			return indexHeld{}, false
		}
	}
	return indexHeld{}, false
}

// returnsOnlyNil reports whether list is one return of nil.
func returnsOnlyNil(info *types.Info, list []ast.Stmt) bool {
	if len(list) != 1 {
		return false
	}
	r, ok := list[0].(*ast.ReturnStmt)
	return ok && len(r.Results) == 1 && info.Types[r.Results[0]].IsNil()
}

// returnsSomething reports whether st holds a return of anything but nil, outside
// the function literals in it.
func returnsSomething(info *types.Info, st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch r := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(r.Results) != 1 || !info.Types[r.Results[0]].IsNil() {
				found = true
			}
		}
		return !found
	})
	return found
}

// unaddr is e without a leading &.
func unaddr(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return e
}
