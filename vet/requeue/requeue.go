package requeue

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/policy"
	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/importedit"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// DefaultMin is the shortest constant RequeueAfter not reported, and the delay the
// fix for Requeue: true writes.
const DefaultMin = policy.MinRequeueAfter

// Analyzer reports deprecated, too short and ignored requeues.
var Analyzer = &analysis.Analyzer{
	Name:     "requeue",
	Doc:      analyzerdoc.MustDoc(doc, "requeue"),
	URL:      "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#requeue",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// minAfter is the -min flag.
var minAfter = DefaultMin

func init() {
	Analyzer.Flags.DurationVar(&minAfter, "min", DefaultMin, "shortest constant RequeueAfter not reported, and the delay the fix for Requeue: true writes")
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	floor := minAfter
	nodes := []ast.Node{(*ast.File)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.ReturnStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}
	var file *ast.File
	var results []*types.Tuple // result types of the enclosing functions
	insp.Nodes(nodes, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.File:
			file = n
		case *ast.FuncDecl, *ast.FuncLit:
			if !push {
				results = results[:len(results)-1]
				return true
			}
			var sig *types.Signature
			if fd, ok := n.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					sig = fn.Type().(*types.Signature)
				}
			} else if t, ok := info.TypeOf(n.(*ast.FuncLit)).(*types.Signature); ok {
				sig = t
			}
			var res *types.Tuple
			if sig != nil {
				res = sig.Results()
			}
			results = append(results, res)
		case *ast.CompositeLit:
			if push && isResult(info.TypeOf(n)) {
				checkLiteral(pass, rep, file, n, floor)
			}
		case *ast.AssignStmt:
			if push {
				checkAssign(pass, rep, n, floor)
			}
		case *ast.ReturnStmt:
			if push && len(results) > 0 {
				checkReturn(pass, rep, results[len(results)-1], n)
			}
		}
		return true
	})
	return nil, nil
}

func isResult(t types.Type) bool {
	return kubetypes.IsNamed(t, kubetypes.ReconcilePkg, "Result")
}

// field is the Result field a key or selector names ("" when none).
func field(info *types.Info, id *ast.Ident) string {
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || !v.IsField() || v.Pkg() == nil || v.Pkg().Path() != kubetypes.ReconcilePkg {
		return ""
	}
	return v.Name()
}

// constDuration is e's value when it is a constant.
func constDuration(info *types.Info, e ast.Expr) (time.Duration, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	return time.Duration(v), exact
}

func isConstFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

func isConstTrue(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

const deprecated = "Requeue is deprecated: it requeues through the error rate limiter (5 ms, 10 ms, ...), polling the object many times a second"

func checkLiteral(pass *analysis.Pass, rep *directive.Reporter, file *ast.File, lit *ast.CompositeLit, floor time.Duration) {
	info := pass.TypesInfo
	var requeue, after *ast.KeyValueExpr
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		switch field(info, key) {
		case "Requeue":
			requeue = kv
		case "RequeueAfter":
			after = kv
		}
	}
	if after != nil {
		checkAfter(rep, info, after.Value, after.Pos(), floor)
	}
	if requeue == nil || isConstFalse(info, requeue.Value) {
		return
	}
	d := analysis.Diagnostic{Pos: requeue.Pos(), End: requeue.End()}
	switch {
	case !isConstTrue(info, requeue.Value):
		d.Message = deprecated + "; use RequeueAfter"
	case after != nil:
		d.Message = deprecated + "; RequeueAfter alone already requeues"
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Remove Requeue", TextEdits: []analysis.TextEdit{removeElement(lit, requeue)}}}
	default:
		d.Message = fmt.Sprintf("%s; use RequeueAfter: %s", deprecated, floor)
		name, imports := importedit.Add(info, file, "time")
		edits := append([]analysis.TextEdit{{Pos: requeue.Pos(), End: requeue.End(), NewText: []byte("RequeueAfter: " + durationExpr(name, floor))}}, imports...)
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Use RequeueAfter", TextEdits: edits}}
	}
	rep.Report(d)
}

// removeElement deletes kv from lit together with the separator after it (or before
// it, for the last element).
func removeElement(lit *ast.CompositeLit, kv *ast.KeyValueExpr) analysis.TextEdit {
	for i, elt := range lit.Elts {
		if elt != kv {
			continue
		}
		if i+1 < len(lit.Elts) {
			return analysis.TextEdit{Pos: kv.Pos(), End: lit.Elts[i+1].Pos()}
		}
		if i > 0 {
			return analysis.TextEdit{Pos: lit.Elts[i-1].End(), End: kv.End()}
		}
	}
	return analysis.TextEdit{Pos: kv.Pos(), End: kv.End()}
}

// durationExpr spells d in Go with the time package named pkg: 5 * time.Second,
// 1500 * time.Millisecond, time.Minute.
func durationExpr(pkg string, d time.Duration) string {
	units := []struct {
		name string
		d    time.Duration
	}{{"Hour", time.Hour}, {"Minute", time.Minute}, {"Second", time.Second}, {"Millisecond", time.Millisecond}, {"Microsecond", time.Microsecond}}
	for _, u := range units {
		if d%u.d == 0 {
			if d == u.d {
				return pkg + "." + u.name
			}
			return fmt.Sprintf("%d * %s.%s", d/u.d, pkg, u.name)
		}
	}
	return fmt.Sprintf("%d", int64(d))
}

func checkAfter(rep *directive.Reporter, info *types.Info, value ast.Expr, pos token.Pos, floor time.Duration) {
	d, ok := constDuration(info, value)
	if ok && d > 0 && d < floor {
		rep.Reportf(pos, "RequeueAfter of %s is below %s: a short fixed requeue reconciles every object all the time, though watches already deliver changes; requeue only for state no watch delivers, after tens of seconds or more", d, floor)
	}
}

func checkAssign(pass *analysis.Pass, rep *directive.Reporter, as *ast.AssignStmt, floor time.Duration) {
	info := pass.TypesInfo
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		switch field(info, sel.Sel) {
		case "Requeue":
			if !isConstFalse(info, as.Rhs[i]) {
				rep.Reportf(lhs.Pos(), "%s; use RequeueAfter", deprecated)
			}
		case "RequeueAfter":
			checkAfter(rep, info, as.Rhs[i], lhs.Pos(), floor)
		}
	}
}

func checkReturn(pass *analysis.Pass, rep *directive.Reporter, res *types.Tuple, ret *ast.ReturnStmt) {
	info := pass.TypesInfo
	if res == nil || res.Len() != 2 || len(ret.Results) != 2 || !isResult(res.At(0).Type()) {
		return
	}
	lit, ok := ast.Unparen(ret.Results[0]).(*ast.CompositeLit)
	if !ok || !isResult(info.TypeOf(lit)) {
		return
	}
	if tv, ok := info.Types[ret.Results[1]]; !ok || tv.IsNil() {
		return
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		f := field(info, key)
		if f == "RequeueAfter" {
			if d, ok := constDuration(info, kv.Value); ok && d == 0 {
				continue
			}
		} else if f != "Requeue" || isConstFalse(info, kv.Value) {
			continue
		}
		rep.Reportf(ret.Pos(), "%s returned with an error: controller-runtime ignores the Result when the error is not nil and retries with backoff instead; return the error alone, or the Result with a nil error", f)
		return
	}
}
