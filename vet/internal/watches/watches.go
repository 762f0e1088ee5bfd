package watches

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Analyzer finds the package's For calls; see the package doc.
var Analyzer = &analysis.Analyzer{
	Name:       "watches",
	Doc:        "find the controllers the package wires with For, and whether each filters update events",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// For is one call of the controller builder's For.
type For struct {
	Call *ast.CallExpr
	// In is the function declaration the call is in (a literal's, the declaration
	// around it); nil outside one.
	In *types.Func
	// Kind is the type of the object watched.
	Kind types.Type
	// Filtered reports whether a predicate that may filter updates applies.
	Filtered bool
	// PassAll reports whether predicates are given, each of which passes every update.
	PassAll bool
}

// Result is the package's For calls, in source order.
type Result struct {
	Fors []For
	// Sources are the package's source.Kind calls (c.Watch(source.Kind(cache, &Foo{},
	// handler, predicates…)), a controller's own watch of a kind without the
	// builder), each as a For: Kind its object, Filtered when a predicate may filter
	// updates or the handler is not EnqueueRequestForObject (a handler of its own
	// decides what to enqueue).
	Sources []For
	// Controller reports whether the package holds a controller: a For call, or a
	// Reconcile method (Reconcile(context.Context, reconcile.Request)
	// (reconcile.Result, error)). Elsewhere (a command, a server's start-up, a
	// library) a status write is in no reconcile loop of its own.
	Controller bool
}

// FiltersUpdatesOf reports whether the package wires a controller for objects of type
// t (a kind or a pointer to one) and every such controller filters update events.
func (r *Result) FiltersUpdatesOf(t types.Type) bool {
	want := kubetypes.Named(t)
	if want == nil {
		return false
	}
	found := false
	for _, f := range slices.Concat(r.Fors, r.Sources) {
		if n := kubetypes.Named(f.Kind); n != nil && types.Identical(n, want) {
			if !f.Filtered {
				return false
			}
			found = true
		}
	}
	return found
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	info := pass.TypesInfo
	res := &Result{}
	filtersIn := map[ast.Node]bool{} // function -> has a WithEventFilter call, memoized
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		if kubetypes.IsFunc(kubetypes.Callee(info, call), SourcePkg, "Kind") && len(call.Args) >= 3 {
			res.Sources = append(res.Sources, sourceKind(pass, stack, call))
			return true
		}
		if !kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "For") || len(call.Args) == 0 {
			return true
		}
		f := For{Call: call, In: declIn(info, stack), Kind: info.TypeOf(call.Args[0])}
		f.Filtered = filtered(pass, stack, call, &f.PassAll, filtersIn)
		res.Fors = append(res.Fors, f)
		return true
	})
	res.Controller = len(res.Fors) > 0 || hasReconcile(pass)
	return res, nil
}

// declIn is the function declaration on the stack, nil when there is none.
func declIn(info *types.Info, stack []ast.Node) *types.Func {
	for _, n := range stack {
		if decl, ok := n.(*ast.FuncDecl); ok {
			fn, _ := info.Defs[decl.Name].(*types.Func)
			return fn
		}
	}
	return nil
}

// SourcePkg is controller-runtime's package of event sources.
const SourcePkg = "sigs.k8s.io/controller-runtime/pkg/source"

// sourceKind judges a source.Kind(cache, obj, handler, predicates…) call.
func sourceKind(pass *analysis.Pass, stack []ast.Node, call *ast.CallExpr) For {
	info := pass.TypesInfo
	f := For{Call: call, In: declIn(info, stack), Kind: info.TypeOf(call.Args[1])}
	h := info.TypeOf(call.Args[2])
	if !kubetypes.IsNamed(h, kubetypes.HandlerPkg, "TypedEnqueueRequestForObject") && !kubetypes.IsNamed(h, kubetypes.HandlerPkg, "EnqueueRequestForObject") {
		f.Filtered = true
		return f
	}
	_, body := syntax.EnclosingFunc(stack)
	preds := call.Args[3:]
	for _, p := range preds {
		if !passesEveryUpdate(pass, body, p) {
			f.Filtered = true
			return f
		}
	}
	f.PassAll = len(preds) > 0
	return f
}

func hasReconcile(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != "Reconcile" {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Params().Len() == 2 && kubetypes.IsNamed(sig.Params().At(1).Type(), kubetypes.ReconcilePkg, "Request") {
				return true
			}
		}
	}
	return false
}

// filtered applies the package doc's rule to the For call on top of the stack.
func filtered(pass *analysis.Pass, stack []ast.Node, call *ast.CallExpr, passAll *bool, filtersIn map[ast.Node]bool) bool {
	info := pass.TypesInfo
	fn, body := syntax.EnclosingFunc(stack)
	for _, opt := range call.Args[1:] {
		if kubetypes.IsNamed(info.TypeOf(opt), kubetypes.BuilderPkg, "Predicates") {
			if !passesEveryUpdate(pass, body, opt) {
				return true
			}
			*passAll = true
		}
	}
	chain, whole := kubetypes.BuilderChain(info, stack)
	for _, c := range chain {
		if kubetypes.IsBuilderMethod(kubetypes.Callee(info, c), "WithEventFilter") && (len(c.Args) != 1 || !passesEveryUpdate(pass, body, c.Args[0])) {
			return true
		}
	}
	if !whole && fn != nil {
		has, ok := filtersIn[fn]
		if !ok {
			has = hasEventFilter(info, body)
			filtersIn[fn] = has
		}
		return has
	}
	return false
}

func hasEventFilter(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "WithEventFilter") {
			found = true
		}
		return !found
	})
	return found
}

// passesEveryUpdate reports whether a predicate (or builder.WithPredicates(…), whose
// predicates must all pass) lets every update event through, as far as its source
// says: predicate.Funcs without an UpdateFunc or with one that returns true,
// ResourceVersionChangedPredicate (every update changes the resourceVersion), an Or of
// one of those, an And of only those; a local or package variable is followed to its
// value. Anything else may filter, and is trusted to.
func passesEveryUpdate(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr) bool {
	return passesAll(pass, body, e, 0)
}

func passesAll(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	info := pass.TypesInfo
	if depth > 4 {
		return false
	}
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.Ident:
		v, ok := info.ObjectOf(x).(*types.Var)
		if !ok {
			return false
		}
		if val := syntax.ValueOf(pass, body, v); val != nil {
			return passesAll(pass, body, val, depth+1)
		}
		return false
	case *ast.UnaryExpr:
		return x.Op == token.AND && passesAll(pass, body, x.X, depth+1)
	case *ast.CompositeLit:
		t := info.TypeOf(x)
		switch {
		case kubetypes.IsNamed(t, kubetypes.PredicatePkg, "TypedResourceVersionChangedPredicate"):
			return true
		case kubetypes.IsNamed(t, kubetypes.PredicatePkg, "TypedFuncs"):
			for _, elt := range x.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					return false // positional: UpdateFunc is there, whatever it does
				}
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "UpdateFunc" {
					return returnsTrue(info, kv.Value)
				}
			}
			return true // no UpdateFunc: Funcs passes every update
		}
		return false
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, x)
		switch {
		case kubetypes.IsFunc(fn, kubetypes.BuilderPkg, "WithPredicates"), kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "And"):
			if len(x.Args) == 0 {
				return true
			}
			for _, a := range x.Args {
				if !passesAll(pass, body, a, depth+1) {
					return false
				}
			}
			return true
		case kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "Or"):
			for _, a := range x.Args {
				if passesAll(pass, body, a, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// returnsTrue reports whether e is a function literal whose body is "return true".
func returnsTrue(info *types.Info, e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok || len(lit.Body.List) != 1 {
		return false
	}
	ret, ok := lit.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	tv, ok := info.Types[ret.Results[0]]
	return ok && tv.Value != nil && tv.Value.String() == "true"
}
