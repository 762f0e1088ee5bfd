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
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
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
	Analyzer.Flags.DurationVar(&minAfter, "min", DefaultMin, "shortest constant RequeueAfter not reported, and the delay findings of Requeue: true ask for")
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	floor := minAfter
	nodes := []ast.Node{(*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.ReturnStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)}
	var results []*types.Tuple // result types of the enclosing functions
	readsRequeue := readsRequeueField(info, pass.Files)
	mapped := mappedSentinels(pass)
	// returned holds the Result literals returned with an error, each with the field
	// that asks for a requeue: their finding is one, at the return, whatever else
	// is wrong with the literal's Requeue.
	returned := map[*ast.CompositeLit]returnFinding{}
	insp.WithStack(nodes, func(n ast.Node, push bool, stack []ast.Node) bool {
		switch n := n.(type) {
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
				noFix := ""
				switch {
				case readsRequeue:
					noFix = "this package reads a Result's Requeue, so dropping it could change what that code does"
				case !returnedByReconcile(info, stack):
					noFix = "the Result is not returned straight to controller-runtime by a Reconcile method, so other code may read its Requeue"
				}
				d := checkLiteral(pass, rep, n, floor, noFix)
				if r, ok := returned[n]; ok {
					msg := fmt.Sprintf("%s returned with an error: controller-runtime ignores the Result when the error is not nil and retries with backoff instead", r.field)
					if d != nil {
						msg += " (and Requeue is deprecated besides)"
					}
					rd := analysis.Diagnostic{Pos: r.pos, Message: msg + "; return the error alone, or the Result with a nil error"}
					if d != nil {
						rd.SuggestedFixes = d.SuggestedFixes
					}
					rep.Report(rd)
				} else if d != nil {
					rep.Report(*d)
				}
			}
		case *ast.AssignStmt:
			if push {
				checkAssign(pass, rep, n, floor)
			}
		case *ast.ReturnStmt:
			if push && len(results) > 0 {
				if lit, f := checkReturn(pass, results[len(results)-1], n, stack, mapped); lit != nil {
					returned[lit] = returnFinding{pos: n.Pos(), field: f}
				}
			}
		}
		return true
	})
	return nil, nil
}

// returnFinding is a Result literal returned with an error: where, and the field
// that asks for a requeue.
type returnFinding struct {
	pos   token.Pos
	field string
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

// checkLiteral reports a too short constant RequeueAfter of a Result literal, and
// returns the finding of its Requeue field, nil when there is none.
func checkLiteral(pass *analysis.Pass, rep *directive.Reporter, lit *ast.CompositeLit, floor time.Duration, noFix string) *analysis.Diagnostic {
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
		return nil
	}
	d := &analysis.Diagnostic{Pos: requeue.Pos(), End: requeue.End()}
	switch {
	case !isConstTrue(info, requeue.Value) || after == nil:
		// Requeue: true alone has no equivalent: any RequeueAfter changes when the
		// object comes back, which is the author's to choose.
		d.Message = fmt.Sprintf("%s; use RequeueAfter, with a delay of %s or more", deprecated, floor)
	case noFix != "":
		d.Message = fmt.Sprintf("%s; RequeueAfter alone already requeues (no fix offered: %s)", deprecated, noFix)
	default:
		// controller-runtime ignores Requeue when RequeueAfter is set: dropping it
		// changes nothing for the one reader of this Result.
		d.Message = deprecated + "; RequeueAfter alone already requeues"
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Remove Requeue", TextEdits: []analysis.TextEdit{removeElement(lit, requeue)}}}
	}
	return d
}

// returnedByReconcile reports whether the node on top of the stack is a result of a
// return statement of a Reconcile method that implements reconcile.Reconciler
// (Reconcile(context.Context, reconcile.Request) (reconcile.Result, error)): its Result
// goes to controller-runtime, which reads Requeue only when RequeueAfter is zero.
func returnedByReconcile(info *types.Info, stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	if _, ok := stack[len(stack)-2].(*ast.ReturnStmt); !ok {
		return false
	}
	fn, _ := syntax.EnclosingFunc(stack)
	decl, ok := fn.(*ast.FuncDecl)
	if !ok || decl.Recv == nil || decl.Name.Name != "Reconcile" {
		return false
	}
	obj, ok := info.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := obj.Type().(*types.Signature)
	return sig.Params().Len() == 2 && sig.Results().Len() == 2 &&
		kubetypes.IsNamed(sig.Params().At(1).Type(), kubetypes.ReconcilePkg, "Request") &&
		isResult(sig.Results().At(0).Type())
}

// readsRequeueField reports whether any file reads the Requeue field of a Result
// (res.Requeue in an expression, not as the target of an assignment).
func readsRequeueField(info *types.Info, files []*ast.File) bool {
	found := false
	for _, f := range files {
		assigned := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					assigned[ast.Unparen(l)] = true
				}
			case *ast.SelectorExpr:
				if !assigned[x] && field(info, x.Sel) == "Requeue" {
					found = true
				}
			}
			return true
		})
	}
	return found
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

// checkReturn returns the Result literal of a return that asks for a requeue together
// with an error that may not be nil, and the field that asks; nil when there is none.
// An error that is provably nil where it is returned, or a sentinel that this package
// turns into a nil error before controller-runtime sees it (mapped), asks nothing of
// controller-runtime, and is not reported.
func checkReturn(pass *analysis.Pass, res *types.Tuple, ret *ast.ReturnStmt, stack []ast.Node, mapped map[types.Object]bool) (*ast.CompositeLit, string) {
	info := pass.TypesInfo
	if res == nil || res.Len() != 2 || len(ret.Results) != 2 || !isResult(res.At(0).Type()) {
		return nil, ""
	}
	lit, ok := ast.Unparen(ret.Results[0]).(*ast.CompositeLit)
	if !ok || !isResult(info.TypeOf(lit)) {
		return nil, ""
	}
	errExpr := ret.Results[1]
	if tv, ok := info.Types[errExpr]; !ok || tv.IsNil() {
		return nil, ""
	}
	if mapped[sentinel(pass, errExpr)] || provablyNil(info, stack, errExpr) {
		return nil, ""
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
		return lit, f
	}
	return nil, ""
}

// sentinel is the package-level variable an error expression names (ErrNextLoop,
// utils.ErrNextLoop), followed through package-level variables assigned once from
// another (var ErrNextLoop = utils.ErrNextLoop); nil when it names none.
func sentinel(pass *analysis.Pass, e ast.Expr) types.Object {
	for range 4 {
		var id *ast.Ident
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			id = x.Sel
		default:
			return nil
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
			return nil
		}
		if v.Pkg() != pass.Pkg {
			return v
		}
		val := syntax.ValueOf(pass, nil, v)
		if val == nil {
			return v
		}
		if next := sentinel(pass, val); next != nil {
			return next
		}
		return v
	}
	return nil
}

// mappedSentinels are the sentinel errors that the package turns into a nil error:
// an if whose condition asks errors.Is(err, E) or err == E and whose body returns a
// nil error (if errors.Is(err, ErrNextLoop) { return result, nil }). A function of the
// package that returns (Result{RequeueAfter: d}, E) hands its caller a signal, not a
// failure, and the caller gives controller-runtime the Result alone.
func mappedSentinels(pass *analysis.Pass) map[types.Object]bool {
	info := pass.TypesInfo
	out := map[types.Object]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			is, ok := n.(*ast.IfStmt)
			if !ok || !returnsNilError(info, is.Body) {
				return true
			}
			ast.Inspect(is.Cond, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					if fn := kubetypes.Callee(info, x); fn != nil && len(x.Args) == 2 && kubetypes.IsFunc(fn, "errors", "Is") {
						if s := sentinel(pass, x.Args[1]); s != nil {
							out[s] = true
						}
					}
				case *ast.BinaryExpr:
					if x.Op == token.EQL {
						for _, side := range []ast.Expr{x.X, x.Y} {
							if s := sentinel(pass, side); s != nil {
								out[s] = true
							}
						}
					}
				}
				return true
			})
			return true
		})
	}
	return out
}

// returnsNilError reports whether a block's statements include a return whose last
// result is the literal nil.
func returnsNilError(info *types.Info, body *ast.BlockStmt) bool {
	for _, st := range body.List {
		if ret, ok := st.(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
			if tv, ok := info.Types[ret.Results[len(ret.Results)-1]]; ok && tv.IsNil() {
				return true
			}
		}
	}
	return false
}

// provablyNil reports whether the error e returned at the top of the stack is a local
// variable that is nil there: inside if err == nil (or the else of if err != nil), or
// after an if err != nil whose body leaves, with no assignment of it in between.
func provablyNil(info *types.Info, stack []ast.Node, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	// nilTest reports whether cond is v == nil (want true) or v != nil (want false).
	nilTest := func(cond ast.Expr, op token.Token) bool {
		b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok || b.Op != op {
			return false
		}
		x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
		if info.Types[x].IsNil() {
			x, y = y, x
		}
		xid, ok := x.(*ast.Ident)
		return ok && info.Uses[xid] == v && info.Types[y].IsNil()
	}
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if child == p.Body && nilTest(p.Cond, token.EQL) || child == p.Else && nilTest(p.Cond, token.NEQ) {
				return true
			}
		case *ast.BlockStmt:
			for k, st := range p.List {
				if st == child {
					break
				}
				is, ok := st.(*ast.IfStmt)
				if !ok || is.Else != nil || !syntax.Leaves(is.Body.List) || !nilTest(is.Cond, token.NEQ) {
					continue
				}
				if !assigns(info, p.List[k+1:], child, v) {
					return true
				}
			}
		}
	}
	return false
}

// assigns reports whether a statement of list before stop assigns v or takes its
// address.
func assigns(info *types.Info, list []ast.Stmt, stop ast.Node, v *types.Var) bool {
	found := false
	for _, st := range list {
		if st == stop {
			break
		}
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
						found = true
					}
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND && info.Uses[id] == v {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
