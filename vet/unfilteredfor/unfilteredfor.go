package unfilteredfor

import (
	_ "embed"
	"go/ast"
	"go/token"
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

// Analyzer reports For() of a kind with a status subresource without predicates.
var Analyzer = &analysis.Analyzer{
	Name:     "unfilteredfor",
	Doc:      analyzerdoc.MustDoc(doc, "unfilteredfor"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#unfilteredfor",
	Requires: []*analysis.Analyzer{inspect.Analyzer, writes.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	wr := pass.ResultOf[writes.Analyzer].(*writes.Result)
	filtersIn := map[ast.Node]bool{} // function -> has a WithEventFilter call, memoized
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		if !kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "For") || len(call.Args) == 0 {
			return true
		}
		if !kubetypes.HasStatusSubresource(info.TypeOf(call.Args[0])) || !wr.WritesStatusOf(info.TypeOf(call.Args[0])) {
			return true
		}
		_, body := kubetypes.EnclosingFunc(stack)
		passAll := false // predicates given, each of which passes every update
		for _, opt := range call.Args[1:] {
			if kubetypes.IsNamed(info.TypeOf(opt), kubetypes.BuilderPkg, "Predicates") {
				if !passesEveryUpdate(pass, body, opt) {
					return true
				}
				passAll = true
			}
		}
		chain, whole := kubetypes.BuilderChain(info, stack)
		for _, c := range chain {
			if kubetypes.IsBuilderMethod(kubetypes.Callee(info, c), "WithEventFilter") && (len(c.Args) != 1 || !passesEveryUpdate(pass, body, c.Args[0])) {
				return true
			}
		}
		if !whole {
			fn, body := kubetypes.EnclosingFunc(stack)
			if fn != nil {
				has, ok := filtersIn[fn]
				if !ok {
					has = hasEventFilter(info, body)
					filtersIn[fn] = has
				}
				if has {
					return true
				}
			}
		}
		what := "without predicates"
		if passAll {
			what = "with predicates that pass every update"
		}
		rep.Reportf(kubetypes.MethodPos(call), "For(%s) %s: %s has a status subresource, so every status write of this controller is an update event that reconciles it again (update-watch-update loop); add builder.WithPredicates with a generation predicate that still passes deletion and finalizer changes",
			types.ExprString(call.Args[0]), what, kubetypes.TypeString(info.TypeOf(call.Args[0])))
		return true
	})
	return nil, nil
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
		if val := kubetypes.ValueOf(pass, body, v); val != nil {
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
