package cachedupdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/writes"
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
	Requires: []*analysis.Analyzer{inspect.Analyzer, writes.Analyzer},
	Run:      run,
}

// update is an Update of an object: the call, and the object's argument.
type update struct {
	call *ast.CallExpr
	obj  ast.Expr
	// via names the function that does the Update when the call hands the object to
	// it; empty for a direct Update.
	via string
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	wr := pass.ResultOf[writes.Analyzer].(*writes.Result)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		if fd.Body == nil {
			return
		}
		var updates []update
		cached := map[*types.Var]ast.Expr{} // variable -> the read that filled it
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if kubetypes.IsObjectUpdate(info, call) || kubetypes.IsStatusUpdate(info, call) {
				if len(call.Args) >= 2 && kubetypes.IsCustomResource(info.TypeOf(call.Args[1])) && !kubetypes.InRetry(info, stack) {
					updates = append(updates, update{call: call, obj: call.Args[1]})
				}
				return true
			}
			if f := wr.Calls[call]; f != nil && !kubetypes.InRetry(info, stack) {
				for _, j := range f.Update {
					if j < len(call.Args) && kubetypes.IsCustomResource(info.TypeOf(call.Args[j])) {
						updates = append(updates, update{call: call, obj: call.Args[j], via: types.ExprString(call.Fun)})
					}
				}
			}
			if arg := cacheRead(pass, fd.Body, call); arg != nil {
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
		for _, u := range updates {
			v := kubetypes.Root(info, u.obj)
			read, ok := cached[v]
			if v == nil || !ok {
				continue
			}
			what := fmt.Sprintf("%s of %s read from the informer cache (%s)", types.ExprString(u.call.Fun), kubetypes.TypeString(info.TypeOf(u.obj)), types.ExprString(read))
			if u.via != "" {
				what = fmt.Sprintf("%s sends %s, a %s read from the informer cache (%s), whole with Update", u.via, types.ExprString(u.obj), kubetypes.TypeString(info.TypeOf(u.obj)), types.ExprString(read))
			}
			rep.Reportf(u.call.Pos(), "%s: the cached resourceVersion is often stale, so the write gets 409 Conflict and the requeue feeds a conflict storm; write with a MergeFrom patch or Server-Side Apply", what)
		}
	})
	return nil, nil
}

// cacheRead is the argument that a Get or List through a full (cached) client fills,
// or nil.
func cacheRead(pass *analysis.Pass, body *ast.BlockStmt, call *ast.CallExpr) ast.Expr {
	info := pass.TypesInfo
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
	if uncached(pass, body, sel.X) {
		return nil
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

// uncached reports whether the client c is known to read from the API server: a
// variable (local, or of the package) that holds what client.New or
// client.NewWithWatch made, as e2e helpers and command-line tools build it.
func uncached(pass *analysis.Pass, body *ast.BlockStmt, c ast.Expr) bool {
	id, ok := ast.Unparen(c).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	val, ok := ast.Unparen(kubetypes.ValueOf(pass, body, v)).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(pass.TypesInfo, val)
	return kubetypes.IsFunc(fn, kubetypes.ClientPkg, "New") || kubetypes.IsFunc(fn, kubetypes.ClientPkg, "NewWithWatch")
}
