package cachedupdate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Fails is the fact of a function whose one result is an error that is never nil:
// every return gives a new error (func NonRetryable(err error) error { return
// &nonRetryable{err: err} }). A return of its call fails, as a return of
// fmt.Errorf's does, so a caller's nil error comes from another return.
type Fails struct{}

// AFact marks Fails as an analysis fact.
func (*Fails) AFact() {}

func (*Fails) String() string { return "fails" }

// exportFails exports the Fails fact of each function of the package with one
// result, an error, and a body whose every return (function literals aside) gives a
// new error (newError), functions of the package that return one another's calls
// included.
func exportFails(pass *analysis.Pass) {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || fn.Signature().Results().Len() != 1 || !syntax.IsError(fn.Signature().Results().At(0).Type()) {
				continue
			}
			decls = append(decls, fd)
		}
	}
	done := map[*ast.FuncDecl]bool{}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			if done[fd] {
				continue
			}
			returns := 0
			ok := eachReturn(fd.Body.List, func(ret *ast.ReturnStmt, _ []ast.Node) bool {
				returns++
				return len(ret.Results) == 1 && newError(pass, ret.Results[0])
			})
			if ok && returns > 0 {
				pass.ExportObjectFact(pass.TypesInfo.Defs[fd.Name], &Fails{})
				done[fd], changed = true, true
			}
		}
	}
}

// newError reports whether e is an error that is never nil: a struct literal or its
// address (&myError{…}), a call of fmt.Errorf, errors.New, controller-runtime's
// reconcile.TerminalError, or of a function with the Fails fact, or a sentinel (a
// package-level variable of type error named Err… or err…).
func newError(pass *analysis.Pass, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.Ident, *ast.SelectorExpr:
		// A sentinel: a package-level error variable named Err… (errBackend,
		// apierrors.ErrNotFound), as Go's naming convention has them, set once to a
		// new error.
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && syntax.IsError(v.Type()) &&
			(strings.HasPrefix(v.Name(), "Err") || strings.HasPrefix(v.Name(), "err"))
	case *ast.CallExpr:
		fn := kubetypes.Callee(pass.TypesInfo, x)
		if fn == nil {
			return false
		}
		if kubetypes.IsFunc(fn, "fmt", "Errorf") || kubetypes.IsFunc(fn, "errors", "New") ||
			kubetypes.IsFunc(fn, "sigs.k8s.io/controller-runtime/pkg/reconcile", "TerminalError") {
			return true
		}
		return pass.ImportObjectFact(fn.Origin(), new(Fails))
	}
	return false
}
