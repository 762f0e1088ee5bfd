package diff

import (
	"go/ast"
	"go/types"
	"reflect"
	"regexp"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// diffName is what a function or variable that compares states is called.
var diffName = regexp.MustCompile(`(?i)equal|chang|diff|modif|dirty|consistent|(needs?|should)(status)?(update|write|patch)`)

// MentionsDiff reports whether n, outside function literals, holds a diff: a call of a
// function or method that returns more than an error and whose name contains equal,
// chang, diff, modif, dirty or consistent, or needs/should (+ status) + update/write/patch, in any
// case
// (equality.Semantic.DeepEqual, statusChanged, inconsistentStatus), a call of meta.SetStatusCondition or meta.RemoveStatusCondition
// (both report whether they changed anything), a call that returns one bool and is
// handed two values of one struct type (inconsistentStatus(old.Status, obj.Status)),
// or a variable or field with such a name (changed, needsUpdate).
func MentionsDiff(info *types.Info, n ast.Node) bool {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := kubetypes.Callee(info, x)
			if fn != nil && (diffName.MatchString(fn.Name()) && !onlyError(fn) ||
				kubetypes.IsFunc(fn, kubetypes.MetaPkg, "SetStatusCondition") ||
				kubetypes.IsFunc(fn, kubetypes.MetaPkg, "RemoveStatusCondition") ||
				comparesTwo(info, x)) {
				found = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok && diffName.MatchString(v.Name()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// onlyError reports whether fn returns nothing but an error: an action named after
// changes (syncOnChanges, applyChanges), not a comparison, which answers with a bool
// (statusChanged) or a difference (cmp.Diff).
func onlyError(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	return syntax.IsError(res.At(0).Type())
}

// comparesTwo reports whether call returns one bool and is handed two arguments of
// one named struct type, by value or by pointer: a comparison of two states, whatever
// its name.
func comparesTwo(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call]
	if !ok || !types.Identical(tv.Type, types.Typ[types.Bool]) {
		return false
	}
	seen := map[*types.Named]bool{}
	for _, a := range call.Args {
		n := kubetypes.Named(info.TypeOf(a))
		if n == nil {
			continue
		}
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			continue
		}
		if seen[n] {
			return true
		}
		seen[n] = true
	}
	return false
}
