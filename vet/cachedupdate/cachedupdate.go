package cachedupdate

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Analyzer reports Update of a custom resource read from the informer cache.
var Analyzer = &analysis.Analyzer{
	Name:     "cachedupdate",
	Doc:      analyzerdoc.MustDoc(doc, "cachedupdate"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#cachedupdate",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		if fd.Body == nil {
			return
		}
		var updates []*ast.CallExpr
		cached := map[*types.Var]ast.Expr{} // variable -> the read that filled it
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if kubetypes.IsObjectUpdate(info, call) || kubetypes.IsStatusUpdate(info, call) {
				if len(call.Args) >= 2 && kubetypes.IsCustomResource(info.TypeOf(call.Args[1])) {
					updates = append(updates, call)
				}
				return true
			}
			if arg := cacheRead(info, call); arg != nil {
				if v := kubetypes.Root(info, arg); v != nil {
					if _, seen := cached[v]; !seen {
						cached[v] = call.Fun
					}
				}
			}
			return true
		})
		if len(updates) == 0 || len(cached) == 0 {
			return
		}
		propagate(info, fd.Body, cached)
		for _, call := range updates {
			v := kubetypes.Root(info, call.Args[1])
			read, ok := cached[v]
			if v == nil || !ok {
				continue
			}
			rep.Reportf(call.Pos(), "%s of %s read from the informer cache (%s): the cached resourceVersion is often stale, so the write gets 409 Conflict and the requeue feeds a conflict storm; write with a MergeFrom patch or Server-Side Apply",
				types.ExprString(call.Fun), kubetypes.TypeString(info.TypeOf(call.Args[1])), types.ExprString(read))
		}
	})
	return nil, nil
}

// cacheRead is the argument that a Get or List through a full (cached) client fills,
// or nil.
func cacheRead(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := kubetypes.Callee(info, call)
	idx := -1
	switch {
	case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "Get"):
		idx = 2
	case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "List"):
		idx = 1
	default:
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) <= idx {
		return nil
	}
	recv := info.TypeOf(sel.X)
	if recv == nil {
		return nil
	}
	if obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, "Status"); obj == nil {
		return nil // a bare client.Reader, such as mgr.GetAPIReader(): not the cache
	}
	return call.Args[idx]
}

// propagate marks, until nothing changes, every variable assigned or ranged from a
// cached one.
func propagate(info *types.Info, body *ast.BlockStmt, cached map[*types.Var]ast.Expr) {
	mark := func(lhs ast.Expr, rhs ast.Expr) bool {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return false
		}
		dst, ok := info.ObjectOf(id).(*types.Var)
		if !ok {
			return false
		}
		if _, done := cached[dst]; done {
			return false
		}
		src := kubetypes.Root(info, rhs)
		read, ok := cached[src]
		if src == nil || !ok {
			return false
		}
		cached[dst] = read
		return true
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.AssignStmt:
				if len(s.Lhs) == len(s.Rhs) {
					for i := range s.Lhs {
						changed = mark(s.Lhs[i], s.Rhs[i]) || changed
					}
				}
			case *ast.ValueSpec:
				if len(s.Names) == len(s.Values) {
					for i := range s.Names {
						changed = mark(s.Names[i], s.Values[i]) || changed
					}
				}
			case *ast.RangeStmt:
				if s.Value != nil {
					changed = mark(s.Value, s.X) || changed
				}
			}
			return true
		})
	}
}
