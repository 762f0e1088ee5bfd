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

// NilOnError is the fact of a function that returns nil in some of its pointer results
// whenever its error result is not nil (func (r *R) getClaim(…) (*Claim, error) { …;
// if err != nil { return nil, err }; …; return claim, nil }): a caller's write of such
// a result in the branch that found the error writes nothing.
type NilOnError struct {
	// Results are the results, by index, that are nil with an error.
	Results []int
}

// AFact marks NilOnError as an analysis fact.
func (*NilOnError) AFact() {}

func (n *NilOnError) String() string { return fmt.Sprintf("nil on error %v", n.Results) }

// exportNilOnError finds the package's functions whose last result is an error and
// whose every return gives either a nil error or nil in a pointer result; each gets
// NilOnError for those results.
func exportNilOnError(pass *analysis.Pass, g *guards) {
	info := pass.TypesInfo
	g.nilOnError = map[*types.Func][]int{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			res := fn.Signature().Results()
			if res.Len() < 2 || !syntax.IsError(res.At(res.Len()-1).Type()) {
				continue
			}
			var candidates []int
			for i := 0; i < res.Len()-1; i++ {
				if _, ptr := res.At(i).Type().Underlying().(*types.Pointer); ptr {
					candidates = append(candidates, i)
				}
			}
			ok = true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit || !ok {
					return false
				}
				ret, isRet := n.(*ast.ReturnStmt)
				if !isRet {
					return true
				}
				if len(ret.Results) != res.Len() {
					ok = false // a bare return, or a call's results handed on
					return false
				}
				if info.Types[ret.Results[res.Len()-1]].IsNil() {
					return false // no error: whatever it returns
				}
				candidates = slices.DeleteFunc(candidates, func(i int) bool { return !info.Types[ret.Results[i]].IsNil() })
				return false
			})
			if ok && len(candidates) > 0 {
				g.nilOnError[fn] = candidates
				pass.ExportObjectFact(fn, &NilOnError{Results: candidates})
			}
		}
	}
}

// nilOnFailure reports whether obj, the object the write on top of stack sends, is
// nil there: it is assigned, with an error, from a call of a NilOnError function
// (claim, err := r.getClaim(…)), and the write is in the body of an if that finds that
// error not nil (kubetypes.ErrorChecked: the error assigned in its init statement or
// in the statement before it).
func (g *guards) nilOnFailure(stack []ast.Node, obj ast.Expr) bool {
	info := g.pass.TypesInfo
	v := syntax.Root(info, obj)
	if v == nil {
		return false
	}
	for _, f := range kubetypes.FailedCalls(info, stack) {
		lhs := f.Assign.Lhs
		for _, r := range g.nilResults(kubetypes.Callee(info, f.Call)) {
			if r < len(lhs) {
				if id, ok := ast.Unparen(lhs[r]).(*ast.Ident); ok && info.ObjectOf(id) == v {
					return true
				}
			}
		}
	}
	return false
}

// nilResults are the results fn returns nil whenever it returns an error.
func (g *guards) nilResults(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	if fn.Pkg() == g.pass.Pkg {
		return g.nilOnError[fn.Origin()]
	}
	var f NilOnError
	if g.pass.ImportObjectFact(fn.Origin(), &f) {
		return f.Results
	}
	return nil
}
