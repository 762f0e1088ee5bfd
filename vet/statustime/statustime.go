package statustime

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
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Analyzer reports the current time written into status.
var Analyzer = &analysis.Analyzer{
	Name:     "statustime",
	Doc:      analyzerdoc.MustDoc(doc, "statustime"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#statustime",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	report := func(clock *ast.CallExpr, target ast.Expr) {
		rep.Reportf(clock.Pos(), "%s written into status (%s): a new value on every reconcile makes every status write a change, a watch event and another reconcile (update-watch-update loop); drop the field, or set it only when something else changed and keep it out of the diff",
			types.ExprString(clock.Fun)+"()", types.ExprString(target))
	}
	insp.Preorder([]ast.Node{(*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return
			}
			for i, lhs := range n.Lhs {
				if !kubetypes.ThroughStatus(info, lhs) {
					continue
				}
				if clock := clockRead(info, n.Rhs[i]); clock != nil {
					report(clock, lhs)
				}
			}
		case *ast.KeyValueExpr:
			key, ok := n.Key.(*ast.Ident)
			if !ok || key.Name != "Status" {
				return
			}
			if v, ok := info.ObjectOf(key).(*types.Var); !ok || !v.IsField() {
				return
			}
			if clock := clockRead(info, n.Value); clock != nil {
				report(clock, key)
			}
		}
	})
	return nil, nil
}

// clockRead is the first call in e, outside function literals, that reads the
// current time.
func clockRead(info *types.Info, e ast.Expr) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(e, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := kubetypes.Callee(info, x)
			if kubetypes.IsFunc(fn, "time", "Now") ||
				kubetypes.IsFunc(fn, kubetypes.MetaV1Pkg, "Now") ||
				kubetypes.IsFunc(fn, kubetypes.MetaV1Pkg, "NowMicro") {
				found = x
				return false
			}
		}
		return true
	})
	return found
}
