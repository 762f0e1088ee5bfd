package entry

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// Calls indexes the calls a package makes of its own functions, built on first use:
// the sites OffLoop follows, and those an analyzer follows to the callers of a
// function (what every caller did before the call).
type Calls struct {
	pass  *analysis.Pass
	insp  *inspector.Inspector
	sites map[*types.Func][][]ast.Node
	uses  map[*types.Func]int
}

// NewCalls is the index of the package's calls of its own functions.
func NewCalls(pass *analysis.Pass, insp *inspector.Inspector) *Calls {
	return &Calls{pass: pass, insp: insp}
}

// Sites are the stacks, from the file down, of fn's calls in the package; ok is false
// when fn has none or some use of it is no call (a function value handed on, which
// could be called anywhere). It is a Sites.
func (c *Calls) Sites(fn *types.Func) (sites [][]ast.Node, ok bool) {
	if c.sites == nil {
		info := c.pass.TypesInfo
		c.sites, c.uses = map[*types.Func][][]ast.Node{}, map[*types.Func]int{}
		for _, obj := range info.Uses {
			if f, ok := obj.(*types.Func); ok && f.Pkg() == c.pass.Pkg {
				c.uses[f.Origin()]++
			}
		}
		c.insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
			if !push {
				return true
			}
			if f := kubetypes.Callee(info, n.(*ast.CallExpr)); f != nil && f.Pkg() == c.pass.Pkg {
				c.sites[f] = append(c.sites[f], slices.Clone(stack))
			}
			return true
		})
	}
	sites = c.sites[fn]
	return sites, len(sites) > 0 && len(sites) == c.uses[fn]
}
