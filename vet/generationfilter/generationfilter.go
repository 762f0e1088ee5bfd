package generationfilter

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

// Analyzer reports generation predicates that drop the changes a controller needs.
var Analyzer = &analysis.Analyzer{
	Name:     "generationfilter",
	Doc:      analyzerdoc.MustDoc(doc, "generationfilter"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#generationfilter",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// noGeneration lists the built-in kinds whose API server strategy never sets
// metadata.generation, by package path and type name.
var noGeneration = map[string]map[string]bool{
	"k8s.io/api/core/v1": {
		"ConfigMap": true, "Secret": true, "Service": true, "ServiceAccount": true, "Endpoints": true,
		"Namespace": true, "Node": true, "Event": true, "LimitRange": true,
	},
	"k8s.io/api/events/v1":       {"Event": true},
	"k8s.io/api/rbac/v1":         {"Role": true, "RoleBinding": true, "ClusterRole": true, "ClusterRoleBinding": true},
	"k8s.io/api/coordination/v1": {"Lease": true},
}

// withoutGeneration reports whether t is (a pointer to) one of those kinds.
func withoutGeneration(t types.Type) bool {
	n := kubetypes.Named(t)
	return n != nil && n.Obj().Pkg() != nil && noGeneration[n.Obj().Pkg().Path()][n.Obj().Name()]
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		fn := kubetypes.Callee(info, call)
		switch {
		case kubetypes.IsBuilderMethod(fn, "WithEventFilter"):
			for _, arg := range call.Args {
				if isGenerationPredicate(info, arg) {
					rep.Reportf(arg.Pos(), "generation predicate as a global WithEventFilter: it applies to every watch of this controller and drops owned objects' status changes, changes of kinds without a generation (ConfigMap, Secret) and the primary's finalizer changes; put it on For() with builder.WithPredicates")
				}
			}
		case kubetypes.IsBuilderFunc(fn, "WithPredicates"):
			if len(stack) < 2 {
				return true
			}
			parent, ok := stack[len(stack)-2].(*ast.CallExpr)
			if !ok || len(parent.Args) == 0 {
				return true
			}
			pfn := kubetypes.Callee(info, parent)
			if !kubetypes.IsBuilderMethod(pfn, "Owns") && !kubetypes.IsBuilderMethod(pfn, "Watches") && !kubetypes.IsBuilderMethod(pfn, "WatchesMetadata") {
				return true
			}
			obj := info.TypeOf(parent.Args[0])
			if !withoutGeneration(obj) {
				return true
			}
			for _, arg := range call.Args {
				if isGenerationPredicate(info, arg) {
					rep.Reportf(arg.Pos(), "generation predicate on %s(%s): %s has no metadata.generation, so every change to it is dropped; remove the predicate or compare what the controller reads",
						pfn.Name(), types.ExprString(parent.Args[0]), kubetypes.TypeString(obj))
				}
			}
		}
		return true
	})
	return nil, nil
}

// isGenerationPredicate reports whether e is a generation predicate, or an And/Or
// holding one.
func isGenerationPredicate(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if kubetypes.IsNamed(t, kubetypes.PredicatePkg, "TypedGenerationChangedPredicate") ||
		kubetypes.IsNamed(t, kubetypes.PredicatePkg, "GenerationChangedPredicate") {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(info, call)
	if !kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "And") && !kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "Or") {
		return false
	}
	for _, arg := range call.Args {
		if isGenerationPredicate(info, arg) {
			return true
		}
	}
	return false
}
