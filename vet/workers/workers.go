package workers

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/policy"
	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// DefaultMax is the largest MaxConcurrentReconciles not reported.
const DefaultMax = policy.MaxWorkers

// Analyzer reports MaxConcurrentReconciles above a threshold.
var Analyzer = &analysis.Analyzer{
	Name:     "workers",
	Doc:      analyzerdoc.MustDoc(doc, "workers"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#workers",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// maxWorkers is the -max flag.
var maxWorkers = DefaultMax

func init() {
	Analyzer.Flags.IntVar(&maxWorkers, "max", DefaultMax, "largest MaxConcurrentReconciles not reported")
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	limit := int64(maxWorkers)
	check := func(id *ast.Ident, value ast.Expr, pos token.Pos) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !v.IsField() || v.Name() != "MaxConcurrentReconciles" || v.Pkg() == nil ||
			!strings.HasPrefix(v.Pkg().Path(), "sigs.k8s.io/controller-runtime") {
			return
		}
		tv, ok := info.Types[value]
		if !ok || tv.Value == nil {
			return
		}
		n, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if exact && n > limit {
			rep.Reportf(pos, "MaxConcurrentReconciles of %d is above %d: more workers do not drain a backlog of 409 Conflicts or throttling, they send more conflicting writes at once; fix the write path (Server-Side Apply, a diff before writing) first", n, limit)
		}
	}
	insp.Preorder([]ast.Node{(*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				check(id, n.Value, n.Pos())
			}
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return
			}
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
					check(sel.Sel, n.Rhs[i], lhs.Pos())
				}
			}
		}
	})
	return nil, nil
}
