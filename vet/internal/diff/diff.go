package diff

import (
	"go/ast"
	"go/token"
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
			if NeverEqual(info, x) {
				return false // compares nothing
			}
			if fn != nil && (diffName.MatchString(fn.Name()) && !onlyError(fn) ||
				kubetypes.ChangesConditions(fn) ||
				comparesTwo(info, x)) {
				found = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok && (diffName.MatchString(v.Name()) || StatusChanged(v)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// finalizerPkg is controller-runtime's finalizer package.
const finalizerPkg = "sigs.k8s.io/controller-runtime/pkg/finalizer"

// StatusChanged reports whether v is the StatusUpdated field of the Result that
// controller-runtime's finalizer registry returns (res, err := fs.Finalize(ctx, obj);
// if res.StatusUpdated { write }): true only when a finalizer changed the object's
// status, a diff whatever its name says. Its Updated field says the metadata or the
// spec changed, nothing of the status.
func StatusChanged(v *types.Var) bool {
	return v.IsField() && v.Name() == "StatusUpdated" && v.Pkg() != nil && v.Pkg().Path() == finalizerPkg
}

// NeverEqual reports whether call is a deep comparison — reflect.DeepEqual,
// equality.Semantic.DeepEqual (conversion.Equalities' DeepEqual), cmp.Equal — of two
// values of different static types, neither an interface: a pointer to a status
// with a status (reflect.DeepEqual(&obj.Status, newStatus)), two different named
// types. Each of them answers false for values of different types, so the call finds
// a change every time, and a write behind it is sent unchanged. An interface or an
// untyped nil on either side may hold a value of the other's type, and is not
// judged.
func NeverEqual(info *types.Info, call *ast.CallExpr) bool {
	fn := kubetypes.Callee(info, call)
	if fn == nil || len(call.Args) < 2 || !(kubetypes.IsFunc(fn, "reflect", "DeepEqual") ||
		kubetypes.IsFunc(fn, "github.com/google/go-cmp/cmp", "Equal") ||
		fn.Name() == "DeepEqual" && fn.Pkg() != nil && fn.Pkg().Path() == "k8s.io/apimachinery/pkg/conversion") {
		return false
	}
	a, b := info.TypeOf(call.Args[0]), info.TypeOf(call.Args[1])
	if a == nil || b == nil || types.IsInterface(a) || types.IsInterface(b) {
		return false
	}
	if ba, ok := a.(*types.Basic); ok && ba.Info()&types.IsUntyped != 0 {
		return false
	}
	if bb, ok := b.(*types.Basic); ok && bb.Info()&types.IsUntyped != 0 {
		return false
	}
	return !types.Identical(a, b)
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

// sameName is what a comparison that is true when nothing changed is called; a name
// of diffName that is not one of these is true when something changed.
var sameName = regexp.MustCompile(`(?i)equal|consistent|same`)

// notSameName is a name of sameName turned round (inconsistent, notEqual, unequal).
var notSameName = regexp.MustCompile(`(?i)inconsistent|notequal|unequal|notsame`)

// BranchWhenSame reports whether the branch of an if on cond that the path takes
// (the then branch when then is true, the else branch otherwise) runs exactly when a
// diff found nothing changed: cond is a bool diff by name, as it is or negated, whose
// value there says so (if !needsUpdate { …; write }, if changed { … } else { write
// }, if equality.Semantic.DeepEqual(a, b) { write }). A write there is sent when
// nothing changed, and the diff guards nothing. def gives the call a bool variable
// is assigned from once, for a variable whose own name says nothing (ok :=
// reflect.DeepEqual(a, b); if ok { write }); nil for none. flag reports whether a bool
// variable is true only when something changed, whatever its name (a change flag:
// updated := false; if a != b { updated = true }); nil for none. A condition of any
// other form (a && b, a comparison) is not judged: false.
func BranchWhenSame(info *types.Info, cond ast.Expr, then bool, def func(*types.Var) *ast.CallExpr, flag func(*types.Var) bool) bool {
	neg := false
	cond = ast.Unparen(cond)
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		neg, cond = true, ast.Unparen(u.X)
	}
	if t := info.TypeOf(cond); t == nil || !types.Identical(t.Underlying(), types.Typ[types.Bool]) {
		return false
	}
	// family is 1 for a name true when something changed, -1 for one true when
	// nothing did, 0 for neither.
	family := func(name string) int {
		switch {
		case notSameName.MatchString(name):
			return 1
		case sameName.MatchString(name):
			return -1
		case diffName.MatchString(name):
			return 1
		}
		return 0
	}
	var f int
	switch x := cond.(type) {
	case *ast.Ident:
		f = family(x.Name)
		v, isVar := info.Uses[x].(*types.Var)
		if isVar && flag != nil && flag(v) {
			f = 1
		}
		if isVar && f == 0 && def != nil {
			if call := def(v); call != nil {
				if fn := kubetypes.Callee(info, call); fn != nil {
					f = family(fn.Name())
				}
			}
		}
	case *ast.SelectorExpr:
		if v, isVar := info.Uses[x.Sel].(*types.Var); isVar {
			f = family(x.Sel.Name)
			if StatusChanged(v) {
				f = 1
			}
		}
	case *ast.CallExpr:
		if fn := kubetypes.Callee(info, x); fn != nil {
			f = family(fn.Name())
		}
	}
	if f == 0 {
		return false
	}
	value := then != neg // what cond's operand is in the branch taken
	return f == 1 && !value || f == -1 && value
}
