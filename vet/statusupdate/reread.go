package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// rereadOf is the object that obj, written on top of the stack, reads again: obj is a
// variable declared in a function literal that a conflict retry runs in place and that
// reads it afresh there (latest := &Foo{}; r.Get(ctx, key, latest); …; write latest),
// and it is given no other variable's status whole (handedStatus judges that shape).
// The conditions around the retry were taken on the object of the pass, the fresh read
// is that same object at a newer resourceVersion: what they found of its status is
// what the write moves (if obj.Status.Phase != Running { retry { latest.Status.Phase =
// Running; write latest } }).
//
// The object it reads again is the one its Get's key is made of
// (client.ObjectKeyFromObject(obj), types.NamespacedName{Name: obj.Name, …}), or else
// the only object of its type that the function around the literal has: a parameter,
// a variable declared outside the literal, or a field of the method's receiver (a
// reconciler that keeps the object of the pass in r.instance). nil when there is none,
// or more than one: two objects of one kind (a parent and its child) say nothing of
// which is read again.
func (g *guards) rereadOf(stack []ast.Node, obj ast.Expr) ast.Expr {
	if obj == nil {
		return nil
	}
	info := g.pass.TypesInfo
	v := syntax.Root(info, obj)
	if v == nil || text(obj) != v.Name() {
		return nil
	}
	var lit *ast.FuncLit
	var decl *ast.FuncDecl
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			if lit == nil {
				lit = f
			}
		case *ast.FuncDecl:
			decl = f
		}
		if decl != nil {
			break
		}
	}
	if lit == nil || decl == nil || decl.Body == nil || !within(lit, v.Pos()) {
		return nil
	}
	if !kubetypes.InRetry(info, stack, obj) || handedStatus(info, stack, v) != nil {
		return nil
	}
	kind := deref(v.Type())
	same := func(e ast.Expr) bool {
		t := info.TypeOf(e)
		return t != nil && types.Identical(deref(t), kind)
	}
	// A variable from around the literal that is in scope there: one declared in
	// another literal (a deferred func's original := obj.DeepCopy()) is not.
	outside := func(w *types.Var) bool {
		return w != nil && w != v && !within(lit, w.Pos()) && (w.Parent() == nil || w.Parent().Contains(lit.Pos()))
	}
	// A deep copy of an object is that object (orig := r.instance.DeepCopy(), kept
	// for a patch's base).
	canon := func(es []ast.Expr) []ast.Expr {
		out := make([]ast.Expr, len(es))
		for i, e := range es {
			out[i] = e
			if id, ok := e.(*ast.Ident); ok {
				if w, ok := info.Uses[id].(*types.Var); ok {
					if call, ok := ast.Unparen(syntax.ValueOf(g.pass, decl.Body, w)).(*ast.CallExpr); ok && copies(call) {
						out[i] = ast.Unparen(call.Fun).(*ast.SelectorExpr).X
					}
				}
			}
		}
		return out
	}

	// The key of the Get that fills it.
	var key ast.Expr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || key != nil {
			return key == nil
		}
		if kubetypes.IsMethod(kubetypes.Callee(info, call), kubetypes.ClientPkg, "Reader", "Get") && len(call.Args) > 2 && syntax.Root(info, call.Args[2]) == v {
			key = call.Args[1]
		}
		return true
	})
	if key != nil {
		if e := onlyOne(canon(objectsIn(key, same, outside, info, nil))); e != nil {
			return e
		}
	}

	// Else the only one of its kind around the literal.
	found := canon(objectsIn(decl.Body, same, outside, info, lit))
	if decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 {
		recv := decl.Recv.List[0].Names[0]
		if st, ok := deref(info.TypeOf(recv)).Underlying().(*types.Struct); ok && recv.Name != "_" {
			for i := range st.NumFields() {
				if f := st.Field(i); types.Identical(deref(f.Type()), kind) {
					// The receiver's own identifier: Root and IsReceiver find the
					// receiver through it.
					found = append(found, &ast.SelectorExpr{X: recv, Sel: ast.NewIdent(f.Name())})
				}
			}
		}
	}
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if same(name) {
				found = append(found, name)
			}
		}
	}
	return onlyOne(found)
}

// objectsIn are the expressions of n, outside skip, that are an object of the kind
// (same) rooted at a variable from outside the literal (outside): a variable, or a
// field of one (r.instance).
func objectsIn(n ast.Node, same func(ast.Expr) bool, outside func(*types.Var) bool, info *types.Info, skip ast.Node) []ast.Expr {
	var out []ast.Expr
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch e := n.(type) {
			case nil:
				return false
			case *ast.FuncLit:
				return e != skip
			case *ast.SelectorExpr:
				if id := rootIdent(e); id != nil && same(e) && outside(syntax.Root(info, e)) {
					out = append(out, e)
					return false
				}
				walk(e.X) // not e.Sel: a field's name is no variable
				return false
			case *ast.Ident:
				if w, ok := info.Uses[e].(*types.Var); ok && !w.IsField() && same(e) && outside(w) {
					out = append(out, e)
				}
			}
			return true
		})
	}
	walk(n)
	return out
}

// onlyOne is the one object es spell, however often; nil when they spell none or
// more than one.
func onlyOne(es []ast.Expr) ast.Expr {
	var one ast.Expr
	for _, e := range es {
		switch {
		case one == nil:
			one = e
		case text(one) != text(e):
			return nil
		}
	}
	return one
}

// rootIdent is the identifier a selector chain starts at; nil when it starts at no
// identifier.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// within reports whether pos is inside n.
func within(n ast.Node, pos token.Pos) bool {
	return n.Pos() <= pos && pos < n.End()
}

// deref is t without one pointer.
func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// freshReads are the local variables of the function around the write (stack) that a
// client's Get fills whole with a key made of the written object, obj, a variable of
// the same kind (var cur Foo; r.Get(ctx, types.NamespacedName{Name: obj.Name,
// Namespace: obj.Namespace}, &cur)): each is obj as the API server or the cache
// stores it.
func (g *guards) freshReads(stack []ast.Node, obj ast.Expr) []string {
	info := g.pass.TypesInfo
	root := syntax.Root(info, obj)
	_, body := syntax.EnclosingFunc(stack)
	if root == nil || body == nil || text(obj) != root.Name() {
		return nil
	}
	kind := deref(root.Type())
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 3 || !kubetypes.IsMethod(kubetypes.Callee(info, call), kubetypes.ClientPkg, "Reader", "Get") {
			return true
		}
		v := syntax.Root(info, call.Args[2])
		if v == nil || v == root || text(call.Args[2]) != v.Name() || !within(body, v.Pos()) || !types.Identical(deref(v.Type()), kind) {
			return true
		}
		keyed := false
		ast.Inspect(call.Args[1], func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == root {
				keyed = true
			}
			return !keyed
		})
		if keyed {
			out = append(out, v.Name())
		}
		return true
	})
	return out
}

// readSucceeded reports whether cond is err == nil, err a variable assigned the error
// of a client's Get.
func (k keyer) readSucceeded(cond ast.Expr) bool {
	if !syntax.ErrIs(cond, token.EQL) {
		return false
	}
	info := k.g.pass.TypesInfo
	v, ok := info.Uses[ast.Unparen(ast.Unparen(cond).(*ast.BinaryExpr).X).(*ast.Ident)].(*types.Var)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(syntax.ValueOf(k.g.pass, syntax.DeclaringBody(k.stack, v), v)).(*ast.CallExpr)
	return ok && kubetypes.IsMethod(kubetypes.Callee(info, call), kubetypes.ClientPkg, "Reader", "Get")
}
