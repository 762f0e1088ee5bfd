package statusupdate

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/switches"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// off reports whether the call turns off the callee's writes that need reqs (rule 8
// of the package doc): it hands in a constant, or a concrete writer, that a switch
// does not have, or a function the write needs a yes from that says no whenever its
// diff finds nothing changed (vetoed).
func (g *guards) off(call *ast.CallExpr, site []ast.Node, reqs []switches.Switch) bool {
	return switches.Off(g.pass, call, site, reqs) || g.vetoed(call, site, reqs)
}

// translate is switches.Translate, a vetoing function literal counting as a call
// that turns the writes off: what is left of them is guarded.
func (g *guards) translate(call *ast.CallExpr, site []ast.Node, reqs []switches.Switch) ([]switches.Switch, bool) {
	if g.vetoed(call, site, reqs) {
		return nil, true
	}
	return switches.Translate(g.pass, call, site, reqs)
}

// vetoed reports whether the call hands in, for a function the write needs a yes
// from (a Call switch: if err := mutate(); err != nil { return }), a literal that
// says no in a branch of a diff (if !meta.SetStatusCondition(…) { return
// &NoUpdateError{} }; if equality.Semantic.DeepEqual(before, obj.Status) { return
// false }): the write is sent only when that diff let it through.
func (g *guards) vetoed(call *ast.CallExpr, site []ast.Node, reqs []switches.Switch) bool {
	_, body := syntax.EnclosingFunc(site)
	for _, s := range reqs {
		if lit := switches.FuncLiteral(g.pass, call, body, s); lit != nil && g.noOnNoChange(lit) {
			return true
		}
	}
	return false
}

// noOnNoChange reports whether the literal has a return that says no (switches.SaysNo)
// in the then or else branch of an if, within the literal, whose init or condition
// holds a diff, or that runs when values it compares are equal (if
// obj.Status.Message == msg { return &NoUpdateError{} }: == joined by && for the
// then branch, != joined by || for the else branch, of two values neither of which
// is a constant or nil).
func (g *guards) noOnNoChange(lit *ast.FuncLit) bool {
	info := g.pass.TypesInfo
	found := false
	ast.PreorderStack(lit.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) > 0 && switches.SaysNo(info, r.Results[len(r.Results)-1]) {
			for i := len(stack) - 1; i > 0; i-- {
				p, ok := stack[i-1].(*ast.IfStmt)
				if !ok || stack[i] != p.Body && stack[i] != p.Else {
					continue
				}
				if g.mentionsDiff(p.Init) || g.mentionsDiff(p.Cond) || equalsAll(info, p.Cond, stack[i] == p.Body) {
					found = true
					return false
				}
			}
		}
		return true
	})
	return found
}

// holdsAt is the switch that a call through an interface's method at site needs to
// run callee, the method of a concrete type of the package that implements it: the
// receiver, a parameter of the function around the call, must hold that type (a
// retry helper handed a status writer or an object writer: w.write(ctx, obj)). None
// when the call names callee itself, or the receiver is no parameter.
func (g *guards) holdsAt(site []ast.Node, callee *types.Func) []switches.Switch {
	info := g.pass.TypesInfo
	call, ok := site[len(site)-1].(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := kubetypes.Callee(info, call)
	if fn == nil || fn == callee || fn.Signature().Recv() == nil || !types.IsInterface(fn.Signature().Recv().Type()) || callee.Signature().Recv() == nil {
		return nil
	}
	recv, ok := ast.Unparen(argAt(call, -1)).(*ast.Ident)
	if !ok {
		return nil
	}
	_, i := g.paramOf(site, recv)
	if i < 0 {
		return nil
	}
	return []switches.Switch{{Param: i, Holds: switches.HoldsKey(callee.Signature().Recv().Type())}}
}

// equalsAll reports whether cond being then (true for the then branch) means that
// values it compares are equal: == joined by && when then, != joined by || when not,
// each of two operands neither a constant nor nil.
func equalsAll(info *types.Info, cond ast.Expr, then bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch {
	case then && b.Op == token.LAND, !then && b.Op == token.LOR:
		return equalsAll(info, b.X, then) && equalsAll(info, b.Y, then)
	case then && b.Op == token.EQL, !then && b.Op == token.NEQ:
		for _, e := range []ast.Expr{b.X, b.Y} {
			if tv := info.Types[e]; tv.Value != nil || tv.IsNil() {
				return false
			}
		}
		return true
	}
	return false
}
