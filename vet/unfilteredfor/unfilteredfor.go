package unfilteredfor

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/subresource"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
	"github.com/opgen-dev/opgen/vet/internal/watches"
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
	Requires: []*analysis.Analyzer{watches.Analyzer, writes.Analyzer, subresource.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	rep := directive.NewReporter(pass)
	wr := pass.ResultOf[writes.Analyzer].(*writes.Result)
	w := pass.ResultOf[watches.Analyzer].(*watches.Result)
	sub := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	loops := func(f watches.For) bool {
		if f.Filtered || !kubetypes.HasStatusSubresource(f.Kind) || sub.Lacks(f.Kind) {
			return false
		}
		// The reconciler the controller is built with, wherever it is declared:
		// what its methods reach writes, or not, the kind's status.
		if methods := reconcilerOf(f.Reconciler); methods != nil {
			return wr.WritesStatusOfFrom(methods, f.Kind)
		}
		if !wr.WritesStatusOf(f.Kind) {
			return false
		}
		if methods := reconcilerMethods(pass, f); methods != nil && !wr.WritesStatusOfFrom(methods, f.Kind) {
			return false // this controller's reconciler writes no status of the kind: another's writes wake it, but it writes nothing back
		}
		return true
	}
	what := func(f watches.For) string {
		if f.PassAll {
			return "with predicates that pass status-only updates"
		}
		return "without predicates"
	}
	for _, f := range w.Fors {
		if loops(f) {
			rep.Reportf(syntax.MethodPos(f.Call), "For(%s) %s: %s has a status subresource, so every status write of this controller is an update event that reconciles it again (update-watch-update loop); add builder.WithPredicates with a generation predicate that still passes deletion and finalizer changes",
				types.ExprString(f.Call.Args[0]), what(f), kubetypes.TypeString(f.Kind))
		}
	}
	for _, f := range w.Watches {
		if loops(f) {
			rep.Reportf(syntax.MethodPos(f.Call), "Watches(%s, %s) %s, of the kind this controller reconciles: its handler enqueues on every update, so every status write of this controller reconciles it again (update-watch-update loop), whatever For's predicates; drop the Watches, or give it a generation predicate that still passes deletion and finalizer changes",
				types.ExprString(f.Call.Args[0]), types.ExprString(f.Handler), what(f))
		}
	}
	for _, f := range w.Sources {
		if loops(f) {
			watch := fmt.Sprintf("source.Kind(…, %s, %s)", types.ExprString(f.Object), types.ExprString(f.Handler))
			if f.Call.Args[1] == f.Handler { // c.Watch(src, handler, …) before 0.18
				src := types.ExprString(f.Call.Args[0])
				if _, call := ast.Unparen(f.Call.Args[0]).(*ast.CallExpr); !call {
					src = "&source.Kind{Type: " + types.ExprString(f.Object) + "}"
				}
				watch = fmt.Sprintf("Watch(%s, %s)", src, types.ExprString(f.Handler))
			}
			rep.Reportf(f.Call.Pos(), "%s %s: %s has a status subresource, so every status write of this controller is an update event that reconciles it again (update-watch-update loop); add a generation predicate that still passes deletion and finalizer changes",
				watch, what(f), kubetypes.TypeString(f.Kind))
		}
	}
	return nil, nil
}

// reconcilerOf is the method set of the reconciler type t — a named type, or a
// pointer to one, with a Reconcile method, declared in any package — nil when t is
// not one (an interface, a wrapper that is not known).
func reconcilerOf(t types.Type) []*types.Func {
	if t == nil {
		return nil
	}
	n := kubetypes.Named(t)
	if n == nil {
		return nil
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface {
		return nil
	}
	var methods []*types.Func
	reconciles := false
	ms := types.NewMethodSet(types.NewPointer(n))
	for sel := range ms.Methods() {
		m, ok := sel.Obj().(*types.Func)
		if !ok {
			continue
		}
		methods = append(methods, m)
		if m.Name() == "Reconcile" {
			reconciles = true
		}
	}
	if !reconciles {
		return nil
	}
	return methods
}

// reconcilerMethods are the methods of the type whose method makes the For call
// (func (r *FooReconciler) SetupWithManager), when that type has a Reconcile method
// declared in the package: the controller's own code. Nil when the reconciler cannot
// be told, and then the package stands for it.
func reconcilerMethods(pass *analysis.Pass, f watches.For) []*types.Func {
	if f.In == nil || f.In.Signature().Recv() == nil {
		return nil
	}
	recv := kubetypes.Named(f.In.Signature().Recv().Type())
	if recv == nil {
		return nil
	}
	var methods []*types.Func
	reconciles := false
	for m := range recv.Origin().Methods() {
		if m.Pkg() != pass.Pkg {
			continue
		}
		methods = append(methods, m)
		if m.Name() == "Reconcile" {
			reconciles = true
		}
	}
	if !reconciles {
		return nil
	}
	return methods
}
