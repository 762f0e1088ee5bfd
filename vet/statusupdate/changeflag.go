package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/opgen-dev/opgen/vet/internal/diff"
)

// changeFlags are the package's local change flags: bools, whatever they are called,
// that are declared false (var updated bool, updated := false) and that every other
// assignment sets false, or true in the body of an if whose condition finds a
// difference (holds a diff, or compares two values with !=, neither a constant nor
// nil, alone, in each operand of || or in one of &&), with at least one such true:
//
//	updated := false
//	if !slices.Equal(cur.Nodes, nodes) { updated = true }
//	if cur.State != state { updated = true }
//	if updated { …; write }
//
// Such a flag is true only when something was found to differ: a condition on it is a
// diff whatever its name. An assignment of anything else (a call's result, updated =
// updated || x), a true set under any other condition (if err != nil, if x != "") or
// outside an if, or the flag's address taken, makes it no change flag.
func (g *guards) changeFlags() map[*types.Var]bool {
	if g.flagVars != nil {
		return g.flagVars
	}
	info := g.pass.TypesInfo
	// state: 0 declared false, 1 also set true behind a difference, -1 no flag.
	state := map[*types.Var]int{}
	local := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !types.Identical(v.Type(), types.Typ[types.Bool]) {
			return nil
		}
		return v
	}
	spoil := func(v *types.Var) {
		if v != nil {
			state[v] = -1
		}
	}
	declare := func(v *types.Var, value ast.Expr) {
		if v == nil || state[v] == -1 {
			return
		}
		if _, seen := state[v]; seen || (value != nil && !isBool(info, value, false)) {
			state[v] = -1
			return
		}
		state[v] = 0
	}
	g.insp.WithStack([]ast.Node{(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil), (*ast.RangeStmt)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		switch s := n.(type) {
		case *ast.ValueSpec:
			for i, id := range s.Names {
				var value ast.Expr
				switch {
				case len(s.Values) == len(s.Names):
					value = s.Values[i]
				case len(s.Values) > 0:
					spoil(local(id))
					continue
				}
				declare(local(id), value)
			}
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				v := local(l)
				if v == nil {
					continue
				}
				if len(s.Lhs) != len(s.Rhs) || (s.Tok != token.ASSIGN && s.Tok != token.DEFINE) {
					spoil(v)
					continue
				}
				if s.Tok == token.DEFINE && ast.Unparen(l).Pos() == v.Pos() { // local: l is v's identifier
					declare(v, s.Rhs[i])
					continue
				}
				switch {
				case state[v] == -1:
				case isBool(info, s.Rhs[i], false):
				case isBool(info, s.Rhs[i], true) && g.behindDifference(stack):
					state[v] = max(state[v], 1)
				default:
					spoil(v)
				}
			}
		case *ast.UnaryExpr:
			if s.Op == token.AND {
				spoil(local(s.X))
			}
		case *ast.RangeStmt:
			spoil(local(s.Key))
			spoil(local(s.Value))
		}
		return true
	})
	g.flagVars = map[*types.Var]bool{}
	for v, s := range state {
		if s == 1 {
			g.flagVars[v] = true
		}
	}
	return g.flagVars
}

// behindDifference reports whether the statement on top of the stack is in the body of
// an if, within its function, whose condition finds a difference: it holds a diff
// (diff.MentionsDiff), or compares two values with != (neither a constant nor nil).
func (g *guards) behindDifference(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		switch p := stack[i-1].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if stack[i] != p.Body {
				return false
			}
			return diff.MentionsDiff(g.pass.TypesInfo, p.Cond) || g.findsUnequal(p.Cond)
		}
	}
	return false
}

// findsUnequal reports whether cond, when true, finds two values unequal: a != b of
// two values neither of which is a constant or nil, such a comparison and anything
// else joined by &&, or such comparisons joined by ||.
func (g *guards) findsUnequal(cond ast.Expr) bool {
	info := g.pass.TypesInfo
	x, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch x.Op {
	case token.LAND:
		return g.findsUnequal(x.X) || g.findsUnequal(x.Y)
	case token.LOR:
		return g.findsUnequal(x.X) && g.findsUnequal(x.Y)
	case token.NEQ:
		for _, e := range []ast.Expr{x.X, x.Y} {
			if tv := info.Types[e]; tv.Value != nil || tv.IsNil() {
				return false
			}
		}
		return true
	}
	return false
}

// isBool reports whether e is the constant want.
func isBool(info *types.Info, e ast.Expr, want bool) bool {
	v := info.Types[e].Value
	return v != nil && v.Kind() == constant.Bool && constant.BoolVal(v) == want
}
