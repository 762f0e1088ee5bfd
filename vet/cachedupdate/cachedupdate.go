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
	"github.com/opgen-dev/opgen/vet/internal/syntax"
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
	o := &origins{pass: pass, insp: insp}
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
			if arg := cacheRead(pass, o, fd, call); arg != nil {
				if v := syntax.Root(info, arg); v != nil {
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
			v := syntax.Root(info, u.obj)
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
func cacheRead(pass *analysis.Pass, o *origins, decl *ast.FuncDecl, call *ast.CallExpr) ast.Expr {
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
	if !o.cached(decl, sel.X, 0) {
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
		src := syntax.Root(info, rhs)
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

// origins judges where a client reads from, following variables and parameters.
type origins struct {
	pass *analysis.Pass
	insp *inspector.Inspector
	// sites holds, per function of the package, its calls with the declaration that
	// holds each; nil until needed.
	sites map[*types.Func][]site
	uses  map[*types.Func]int
}

type site struct {
	call *ast.CallExpr
	decl *ast.FuncDecl
}

// cached reports whether the client c, used in the declaration decl, is known to read
// from the informer cache. It is when it is the method's receiver (a reconciler that
// embeds client.Client), a field (a reconciler's Client, set from the manager), a
// manager's GetClient(), a parameter not every caller of which passes a client that
// reads from the API server, or a variable every value of which is one of those. It
// is not when it is made by client.New or client.NewWithWatch (e2e helpers and
// command-line tools, which have no cache), nor when a variable holds what some other
// function returned (a factory's client: not known).
func (o *origins) cached(decl *ast.FuncDecl, c ast.Expr, depth int) bool {
	info := o.pass.TypesInfo
	if depth > 3 {
		return true
	}
	switch x := ast.Unparen(c).(type) {
	case *ast.SelectorExpr:
		return true // a field, or a package's variable: assume the manager's client
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, x)
		return fn != nil && fn.Name() == "GetClient"
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return true
		}
		if decl.Recv != nil && len(decl.Recv.List) > 0 && len(decl.Recv.List[0].Names) > 0 && info.Defs[decl.Recv.List[0].Names[0]] == v {
			return true
		}
		if i := syntax.ParamIndex(info, decl, v); i >= 0 {
			return o.paramCached(decl, i, depth)
		}
		vals := syntax.ValuesOf(o.pass, decl.Body, v)
		if len(vals) == 0 {
			return v.Parent() == v.Pkg().Scope() // a package variable set elsewhere: assume the manager's
		}
		for _, val := range vals {
			if call, ok := ast.Unparen(val).(*ast.CallExpr); ok {
				fn := kubetypes.Callee(info, call)
				if kubetypes.IsFunc(fn, kubetypes.ClientPkg, "New") || kubetypes.IsFunc(fn, kubetypes.ClientPkg, "NewWithWatch") {
					continue
				}
			}
			if o.cached(decl, val, depth+1) {
				return true
			}
		}
		return false
	}
	return true
}

// paramCached reports whether parameter i of decl may hold a cached client: unless
// every call of the function in the package passes one that is not.
func (o *origins) paramCached(decl *ast.FuncDecl, i int, depth int) bool {
	fn, _ := o.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return true
	}
	o.collect()
	sites := o.sites[fn]
	if len(sites) == 0 || len(sites) != o.uses[fn] {
		return true
	}
	for _, s := range sites {
		if i >= len(s.call.Args) || s.decl == nil || o.cached(s.decl, s.call.Args[i], depth+1) {
			return true
		}
	}
	return false
}

func (o *origins) collect() {
	if o.sites != nil {
		return
	}
	o.sites, o.uses = map[*types.Func][]site{}, map[*types.Func]int{}
	for _, obj := range o.pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == o.pass.Pkg {
			o.uses[fn]++
		}
	}
	o.insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		fn := kubetypes.Callee(o.pass.TypesInfo, n.(*ast.CallExpr))
		if fn == nil || fn.Pkg() != o.pass.Pkg {
			return true
		}
		var decl *ast.FuncDecl
		for i := len(stack) - 1; i >= 0 && decl == nil; i-- {
			decl, _ = stack[i].(*ast.FuncDecl)
		}
		o.sites[fn] = append(o.sites[fn], site{n.(*ast.CallExpr), decl})
		return true
	})
}
