package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// CallsGuarded is the fact of a function that calls some of its func parameters only
// where a condition on the path reads a stored status (rule 9): a helper that decides,
// from the status it is handed, whether to run the write it is handed
// (clusters.UpdateStatus(obj, &obj.Status, cond, func() error { return
// r.Status().Update(ctx, obj) }), calling it only inside if StatusNeedsUpdate(*status,
// cond)). A write in a literal handed there is guarded by the helper's condition.
type CallsGuarded struct {
	// Params are the func parameters, by index.
	Params []int
}

// AFact marks CallsGuarded as an analysis fact.
func (*CallsGuarded) AFact() {}

func (c *CallsGuarded) String() string { return fmt.Sprintf("calls guarded %v", c.Params) }

// exportCallsGuarded finds the package's functions whose func parameters are used only
// as calls, each on a path that consults a stored status, and exports their facts.
func exportCallsGuarded(pass *analysis.Pass, g *guards) {
	info := pass.TypesInfo
	type use struct{ calls, guarded, other int }
	uses := map[*types.Var]*use{}
	owner := map[*types.Var]*types.Func{}
	g.insp.WithStack([]ast.Node{(*ast.Ident)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		v, ok := info.Uses[n.(*ast.Ident)].(*types.Var)
		if !ok {
			return true
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			return true
		}
		// Only a parameter of the declaration the use is in, not of a literal.
		var decl *ast.FuncDecl
		for i := len(stack) - 1; i >= 0 && decl == nil; i-- {
			decl, _ = stack[i].(*ast.FuncDecl)
		}
		if decl == nil || syntax.ParamIndex(info, decl, v) < 0 {
			return true
		}
		fn, _ := info.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return true
		}
		u := uses[v]
		if u == nil {
			u = &use{}
			uses[v], owner[v] = u, fn
		}
		parent := stack[len(stack)-2]
		call, isCall := parent.(*ast.CallExpr)
		if !isCall || ast.Unparen(call.Fun) != n {
			u.other++
			return true
		}
		u.calls++
		if g.consulted(stack[:len(stack)-1], nil) {
			u.guarded++
		}
		return true
	})
	facts := map[*types.Func]*CallsGuarded{}
	for v, u := range uses {
		if u.calls == 0 || u.other > 0 || u.guarded < u.calls {
			continue
		}
		fn := owner[v]
		decl := syntax.DeclOf(pass, fn)
		if decl == nil || syntax.Assigned(info, decl.Body, v) {
			continue
		}
		f := facts[fn]
		if f == nil {
			f = &CallsGuarded{}
			facts[fn] = f
		}
		f.Params = append(f.Params, syntax.ParamIndex(info, decl, v))
	}
	for fn, f := range facts {
		slices.Sort(f.Params)
		pass.ExportObjectFact(fn, f)
	}
}

// calledGuarded reports whether the write on top of the stack is in a function
// literal handed, as an argument of its own, to a function whose CallsGuarded fact
// names that argument: the function runs it only past a condition on the status.
func (g *guards) calledGuarded(stack []ast.Node) bool {
	info := g.pass.TypesInfo
	for i := len(stack) - 1; i > 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncDecl:
			return false
		case *ast.FuncLit:
			var arg ast.Expr = n
			call, ok := stack[i-1].(*ast.CallExpr)
			if !ok {
				// update := func() error { … }; helper(…, update): a literal held
				// in a variable the function uses once more, as the argument.
				call, arg = heldArgument(info, stack[:i], n)
				if call == nil {
					return false
				}
			}
			idx := slices.IndexFunc(call.Args, func(a ast.Expr) bool { return ast.Unparen(a) == arg })
			fn := kubetypes.Callee(info, call)
			if idx < 0 || fn == nil {
				return false
			}
			var f CallsGuarded
			return g.pass.ImportObjectFact(fn.Origin(), &f) && slices.Contains(f.Params, idx)
		}
	}
	return false
}

// heldArgument is the call, and its argument, that hands on lit when lit is the value
// of a variable defined by the statement on top of stack (update := func() error {
// … }) and used once more in the function, as an argument of a call; nil otherwise.
func heldArgument(info *types.Info, stack []ast.Node, lit *ast.FuncLit) (*ast.CallExpr, ast.Expr) {
	as, ok := stack[len(stack)-1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != lit {
		return nil, nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || info.Defs[id] == nil {
		return nil, nil
	}
	v := info.Defs[id]
	var body ast.Node
	for i := len(stack) - 1; i >= 0 && body == nil; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
	}
	if body == nil {
		return nil, nil
	}
	var call *ast.CallExpr
	var arg ast.Expr
	uses := 0
	var path []ast.Node
	ast.Inspect(body, func(x ast.Node) bool {
		if x == nil {
			path = path[:len(path)-1]
			return true
		}
		path = append(path, x)
		if u, ok := x.(*ast.Ident); ok && info.Uses[u] == v {
			uses++
			if c, ok := path[len(path)-2].(*ast.CallExpr); ok && ast.Unparen(c.Fun) != u {
				call, arg = c, u
			}
		}
		return true
	})
	if uses != 1 || call == nil {
		return nil, nil
	}
	return call, arg
}
