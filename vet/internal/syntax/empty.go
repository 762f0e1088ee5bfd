package syntax

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// FoundEmpty reports whether cond, true, finds a value empty and filled(x) holds for
// the value x it tests: x.IsZero(); x == nil, x == "", x == 0 (either side); len(x)
// == 0, <= 0 or < 1; tests joined by || each of which does so (found empty either
// way, so each must be filled), or by && one of which does. Only the empty value
// counts: len(x) == 32 or x == "Done" does not find x empty. The analyzers ask it
// of a branch that runs while a status field is empty and fills it, which therefore
// runs once.
func FoundEmpty(info *types.Info, cond ast.Expr, filled func(x ast.Expr) bool) bool {
	var x ast.Expr
	switch c := ast.Unparen(cond).(type) {
	case *ast.CallExpr:
		// x.Status.StartTime.IsZero(): a time (metav1.Time) never set.
		sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "IsZero" || len(c.Args) != 0 {
			return false
		}
		x = ast.Unparen(sel.X)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LOR:
			return FoundEmpty(info, c.X, filled) && FoundEmpty(info, c.Y, filled)
		case token.LAND:
			return FoundEmpty(info, c.X, filled) || FoundEmpty(info, c.Y, filled)
		case token.EQL:
		case token.LEQ, token.LSS:
			// len(x) <= 0, len(x) < 1: the same test of emptiness.
			call, ok := ast.Unparen(c.X).(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return false
			}
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "len" {
				return false
			}
			v := info.Types[c.Y].Value
			if v == nil {
				return false
			}
			n, exact := constant.Int64Val(constant.ToInt(v))
			if !exact || (c.Op == token.LEQ && n != 0) || (c.Op == token.LSS && n != 1) {
				return false
			}
		default:
			return false
		}
		var y ast.Expr
		x, y = ast.Unparen(c.X), ast.Unparen(c.Y)
		if tv := info.Types[x]; tv.Value != nil || tv.IsNil() {
			x, y = y, x
		}
		if tv := info.Types[y]; !tv.IsNil() && (tv.Value == nil || c.Op == token.EQL && !ZeroConst(tv.Value)) {
			return false
		}
		if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
				x = ast.Unparen(call.Args[0])
			}
		}
	default:
		return false
	}
	return filled(x)
}

// IsEmptyValue reports whether e is nil or the constant "", 0 or false.
func IsEmptyValue(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.IsNil() || tv.Value != nil && ZeroConst(tv.Value)
}

// IsEmptyLiteral reports whether e is the empty value (IsEmptyValue) or a composite
// literal without elements ([]string{}, FooStatus{}): what gives a field nothing.
func IsEmptyLiteral(info *types.Info, e ast.Expr) bool {
	if IsEmptyValue(info, e) {
		return true
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}

// ZeroConst reports whether v is the zero value of its kind: "", 0 or false.
func ZeroConst(v constant.Value) bool {
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Int, constant.Float:
		return constant.Sign(v) == 0
	case constant.Bool:
		return !constant.BoolVal(v)
	}
	return false
}

// Removes reports whether a function's name says it takes away what it is handed
// (meta.RemoveStatusCondition, DeleteCondition, ClearX): a call of it fills nothing.
func Removes(name string) bool {
	for _, p := range []string{"Remove", "Delete", "Clear", "Reset", "Unset", "remove", "delete", "clear", "reset", "unset"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// FoundNotEmpty reports whether cond, true, finds a value not empty and cleared(x)
// holds for the value x it tests: !x.IsZero(); x != nil, x != "", x != 0 (either
// side); len(x) > 0, != 0 or >= 1; tests joined by && one of which does so, or by ||
// each of which does. The analyzers ask it of a branch that runs while a status field
// holds something and empties it, which therefore runs once for what it held.
func FoundNotEmpty(info *types.Info, cond ast.Expr, cleared func(x ast.Expr) bool) bool {
	var x ast.Expr
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		// !x.Status.StartTime.IsZero()
		if c.Op != token.NOT {
			return false
		}
		call, ok := ast.Unparen(c.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "IsZero" {
			return false
		}
		x = ast.Unparen(sel.X)
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LAND:
			return FoundNotEmpty(info, c.X, cleared) || FoundNotEmpty(info, c.Y, cleared)
		case token.LOR:
			return FoundNotEmpty(info, c.X, cleared) && FoundNotEmpty(info, c.Y, cleared)
		case token.NEQ, token.GTR, token.GEQ:
		default:
			return false
		}
		var y ast.Expr
		x, y = ast.Unparen(c.X), ast.Unparen(c.Y)
		if tv := info.Types[x]; tv.Value != nil || tv.IsNil() {
			if c.Op != token.NEQ {
				return false // 0 < len(x) reads the other way round; left out
			}
			x, y = y, x
		}
		tv := info.Types[y]
		switch c.Op {
		case token.NEQ:
			if !tv.IsNil() && (tv.Value == nil || !ZeroConst(tv.Value)) {
				return false
			}
		case token.GTR, token.GEQ:
			if tv.Value == nil {
				return false
			}
			n, exact := constant.Int64Val(constant.ToInt(tv.Value))
			if !exact || (c.Op == token.GTR && n != 0) || (c.Op == token.GEQ && n != 1) {
				return false
			}
		}
		if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
				x = ast.Unparen(call.Args[0])
			} else if c.Op != token.NEQ {
				return false
			}
		} else if c.Op != token.NEQ {
			return false
		}
	default:
		return false
	}
	return cleared(x)
}
