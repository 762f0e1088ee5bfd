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
	// use counts, for a func parameter of a declaration (fn's, at index), its calls,
	// those a condition on the status guards, and its other uses: an assignment to
	// it, or handing it on, names it outside a call's Fun too.
	type use struct {
		fn                    *types.Func
		index                 int
		calls, guarded, other int
	}
	uses := map[*types.Var]*use{}
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
		if decl == nil {
			return true
		}
		u := uses[v]
		if u == nil {
			fn, _ := info.Defs[decl.Name].(*types.Func)
			index := syntax.ParamIndex(info, decl, v)
			if fn == nil || index < 0 {
				return true
			}
			u = &use{fn: fn, index: index}
			uses[v] = u
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
	for _, u := range uses {
		if u.calls == 0 || u.other > 0 || u.guarded < u.calls {
			continue
		}
		f := facts[u.fn]
		if f == nil {
			f = &CallsGuarded{}
			facts[u.fn] = f
		}
		f.Params = append(f.Params, u.index)
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
			// Handed directly, or held in a variable the function uses once more, as
			// the argument (update := func() error { … }; helper(…, update)).
			call, idx := kubetypes.Runner(n, stack[i-1])
			if call == nil {
				return false
			}
			fn := kubetypes.Callee(info, call)
			if fn == nil {
				return false
			}
			var f CallsGuarded
			return g.pass.ImportObjectFact(fn.Origin(), &f) && slices.Contains(f.Params, idx)
		}
	}
	return false
}
