package unfilteredfor

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

// Analyzer reports For() of a kind with a status subresource without predicates.
var Analyzer = &analysis.Analyzer{
	Name:     "unfilteredfor",
	Doc:      analyzerdoc.MustDoc(doc, "unfilteredfor"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#unfilteredfor",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	filtersIn := map[ast.Node]bool{} // function -> has a WithEventFilter call, memoized
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		if !kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "For") || len(call.Args) == 0 {
			return true
		}
		if !kubetypes.HasStatusSubresource(info.TypeOf(call.Args[0])) {
			return true
		}
		for _, opt := range call.Args[1:] {
			if kubetypes.IsNamed(info.TypeOf(opt), kubetypes.BuilderPkg, "Predicates") {
				return true
			}
		}
		chain, whole := kubetypes.BuilderChain(info, stack)
		for _, c := range chain {
			if kubetypes.IsBuilderMethod(kubetypes.Callee(info, c), "WithEventFilter") {
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
		rep.Reportf(kubetypes.MethodPos(call), "For(%s) without predicates: %s has a status subresource, so every status write of this controller is an update event that reconciles it again (update-watch-update loop); add builder.WithPredicates with a generation predicate that still passes deletion and finalizer changes",
			types.ExprString(call.Args[0]), kubetypes.TypeString(info.TypeOf(call.Args[0])))
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
