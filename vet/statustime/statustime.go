package statustime

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/consult"
	"github.com/opgen-dev/opgen/vet/internal/diff"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/entry"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
	"github.com/opgen-dev/opgen/vet/internal/watches"
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
	Requires: []*analysis.Analyzer{inspect.Analyzer, watches.Analyzer, consult.Analyzer},
	Run:      run,
	// Compares carries a field-by-field status comparison to the controllers that
	// call it from another package.
	FactTypes: []analysis.Fact{new(Compares)},
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	// report reports the clock read r written into the status of kind at target. The
	// kind is the diagnostic's category: opgen vet drops it when every controller of
	// the kind, in any package it analyzes, filters update events.
	report := func(r clock, target ast.Expr, kind types.Type) {
		what := types.ExprString(r.call.Fun) + "()"
		if r.via != nil {
			what += " through " + r.via.Name()
		}
		rep.Report(analysis.Diagnostic{Pos: r.at.Pos(), Category: kubetypes.KindCategory(kind), Message: fmt.Sprintf("%s written into status (%s): a new value on every reconcile makes every status write a change, a watch event and another reconcile (update-watch-update loop); drop the field, or set it only when something else changed and keep it out of the diff",
			what, types.ExprString(target))})
	}
	exportCompares(pass, insp)
	w := pass.ResultOf[watches.Analyzer].(*watches.Result)
	if !w.Controller {
		return nil, nil
	}
	cmp := comparisons(pass, insp)
	cons := pass.ResultOf[consult.Analyzer].(*consult.Result)
	tr := &transitions{pass: pass, insp: insp, cons: cons, calls: entry.NewCalls(pass, insp)}
	// written reports whether a clock read written into the status of kind counts:
	// not when every controller of the kind in this package filters update events,
	// since no status write then reconciles it again, nor when the package builds
	// controllers (a For, or a watch without the builder) none of which watches the
	// kind: the stamp wakes another package's controller, which does not stamp it.
	builds := len(w.Fors)+len(w.Sources) > 0
	var named map[*types.TypeName]bool // watchedByName, at the first stamp that needs it
	written := func(kind types.Type) bool {
		if kind == nil || w.FiltersUpdatesOf(kind) {
			return false
		}
		if !builds || w.WatchesKind(kind) {
			return true
		}
		if named == nil {
			named = watchedByName(pass, insp)
		}
		n := kubetypes.Named(kind)
		return n != nil && named[n.Obj()]
	}
	insp.WithStack([]ast.Node{(*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		c := &clocks{pass: pass, stack: stack}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, lhs := range n.Lhs {
				if !written(kubetypes.StatusOwner(info, lhs)) || grows(info, lhs, n.Rhs[i]) || tr.setOnChange(stack, lhs) || leftOutOfDiff(info, lhs, cmp) || oneShot(info, lhs) || tr.event(stack, lhs) {
					continue
				}
				if r, ok := c.read(n.Rhs[i], 0); ok && !tr.offLoop(stack) && !diffGated(info, stack, lhs, n.Rhs[i], r) {
					report(r, lhs, kubetypes.StatusOwner(info, lhs))
				}
			}
		case *ast.KeyValueExpr:
			key, ok := n.Key.(*ast.Ident)
			if !ok || key.Name != "Status" {
				return true
			}
			if v, ok := info.ObjectOf(key).(*types.Var); !ok || !v.IsField() {
				return true
			}
			// The Status of a custom resource's literal, not of any struct.
			lit, ok := stack[len(stack)-2].(*ast.CompositeLit)
			if !ok || !kubetypes.IsCustomResource(info.TypeOf(lit)) || !written(info.TypeOf(lit)) {
				return true
			}
			if r, ok := c.read(n.Value, 0); ok && !tr.offLoop(stack) {
				report(r, key, info.TypeOf(lit))
			}
		}
		return true
	})
	return nil, nil
}

// grows reports whether rhs appends to the very list lhs names (lhs = append(lhs,
// entry…)): a time in the new entry is written with the entry, and the list grows with
// it, so the time never moves alone. A list rebuilt from another (append(kept, …),
// append(lhs[:0], …)) keeps its length, and a stamped entry put back on every pass
// moves only the time: that is still reported.
func grows(info *types.Info, lhs, rhs ast.Expr) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	if !syntax.IsBuiltin(info, call.Fun, "append") {
		return false
	}
	return sameVar(info, lhs, call.Args[0])
}

// sameVar reports whether a and b name the same variable through the same fields
// (obj.Status.Actions twice): identifiers resolve to the same object, selectors select
// the same field of the same operand. Index expressions, calls and slices are never
// the same.
func sameVar(info *types.Info, a, b ast.Expr) bool {
	switch x := ast.Unparen(a).(type) {
	case *ast.Ident:
		y, ok := ast.Unparen(b).(*ast.Ident)
		return ok && info.ObjectOf(x) != nil && info.ObjectOf(x) == info.ObjectOf(y)
	case *ast.SelectorExpr:
		y, ok := ast.Unparen(b).(*ast.SelectorExpr)
		return ok && info.ObjectOf(x.Sel) != nil && info.ObjectOf(x.Sel) == info.ObjectOf(y.Sel) && sameVar(info, x.X, y.X)
	case *ast.StarExpr:
		y, ok := ast.Unparen(b).(*ast.StarExpr)
		return ok && sameVar(info, x.X, y.X)
	}
	return false
}

// clock is a read of the current time found in an expression.
type clock struct {
	call *ast.CallExpr
	// via is the local variable the time came through, nil when the expression reads
	// the clock itself.
	via *types.Var
	// at is where to report: the clock read, or the variable's use.
	at ast.Node
}

// clockMethod reports whether fn is the Now method of an injected clock: a method
// named Now that takes nothing and gives a time.Time or a metav1.Time (k8s.io/utils/
// clock's Clock and PassiveClock, a clock interface of the project's own, a struct
// that wraps one). Controllers take their clock so, to test it with a fake one; in
// the running operator it is the real clock.
func clockMethod(fn *types.Func) bool {
	if fn == nil || fn.Name() != "Now" {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	t := sig.Results().At(0).Type()
	return kubetypes.IsNamed(t, "time", "Time") || kubetypes.IsNamed(t, kubetypes.MetaV1Pkg, "Time")
}

// clocks finds clock reads in the expressions of one place in the source.
type clocks struct {
	pass  *analysis.Pass
	stack []ast.Node
}

// read finds the first call in e, outside function literals, that reads the current
// time, following local variables assigned once (now := metav1.Now(); … = &now) to
// their value. The argument of time.Since or time.Until is a start, not a time
// written: it is not followed, nor is any call that gives a time.Duration
// (metav1.Now().Sub(start), the same as time.Since(start)).
func (c *clocks) read(e ast.Expr, depth int) (clock, bool) {
	info := c.pass.TypesInfo
	var found clock
	ok := false
	ast.Inspect(e, func(n ast.Node) bool {
		if ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := kubetypes.Callee(info, x)
			if kubetypes.IsFunc(fn, "time", "Now") ||
				kubetypes.IsFunc(fn, kubetypes.MetaV1Pkg, "Now") ||
				kubetypes.IsFunc(fn, kubetypes.MetaV1Pkg, "NowMicro") || clockMethod(fn) {
				found, ok = clock{call: x, at: x}, true
				return false
			}
			if kubetypes.IsFunc(fn, "time", "Since") || kubetypes.IsFunc(fn, "time", "Until") || isDuration(info.TypeOf(x)) {
				// A duration measured against the clock (time.Since(start),
				// metav1.Now().Sub(start)) is no time.
				return false
			}
			if !carriesTime(info, x, fn) {
				// A value computed from the time by some function (a count of
				// healthy targets checked at now) is no time: look at the callee
				// only.
				ast.Inspect(x.Fun, func(n ast.Node) bool { return !ok })
				return false
			}
		case *ast.SelectorExpr:
			// A field of a local literal is that field's value, not the literal's: a
			// status built with {LastUpdateTime: now, StepIndex: 1} hands on no clock
			// through its StepIndex.
			if r, hit, known := c.readField(x, depth); known {
				if hit {
					found, ok = r, true
				}
				return false
			}
		case *ast.Ident:
			v, isVar := info.Uses[x].(*types.Var)
			if !isVar || depth >= 3 || v.IsField() {
				return true
			}
			body := syntax.DeclaringBody(c.stack, v)
			if body == nil {
				return true // a parameter or a package variable: not known
			}
			if val := syntax.ValueOf(c.pass, body, v); val != nil {
				if r, hit := c.read(val, depth+1); hit {
					found, ok = clock{call: r.call, via: v, at: x}, true
					return false
				}
			}
		}
		return true
	})
	return found, ok
}

// readField reads v.F1.F2… where v is a local variable assigned once a composite
// literal with keyed fields: the clock read is the one in the value the literal gives
// that field (none when it gives it none), followed through nested literals. known is
// false when the selector is not such a field (a method, a parameter, a literal with
// positional or embedded fields, through which a promoted field cannot be told):
// the whole expression is then read.
func (c *clocks) readField(sel *ast.SelectorExpr, depth int) (r clock, hit, known bool) {
	info := c.pass.TypesInfo
	var path []string
	var e ast.Expr = sel
	for {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			break
		}
		if selection := info.Selections[s]; selection == nil || selection.Kind() != types.FieldVal || len(selection.Index()) != 1 {
			return clock{}, false, false
		}
		path = append([]string{s.Sel.Name}, path...)
		e = s.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || depth >= 3 {
		return clock{}, false, false
	}
	v, isVar := info.Uses[id].(*types.Var)
	if !isVar || v.IsField() {
		return clock{}, false, false
	}
	body := syntax.DeclaringBody(c.stack, v)
	if body == nil {
		return clock{}, false, false
	}
	val := syntax.ValueOf(c.pass, body, v)
	for i, name := range path {
		lit, ok := literal(val)
		if !ok {
			if i == 0 {
				return clock{}, false, false
			}
			break // a field of a value that is no literal: read that value whole
		}
		var next ast.Expr
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return clock{}, false, false
			}
			key, _ := kv.Key.(*ast.Ident)
			if key == nil {
				return clock{}, false, false
			}
			if f, ok := info.Uses[key].(*types.Var); ok && f.Embedded() {
				return clock{}, false, false
			}
			if key.Name == name {
				next = kv.Value
			}
		}
		if next == nil {
			return clock{}, false, true // the field is its zero value
		}
		val = next
	}
	if val == nil {
		return clock{}, false, false
	}
	if r, hit := c.read(val, depth+1); hit {
		return clock{call: r.call, via: v, at: sel}, true, true
	}
	return clock{}, false, true
}

// literal is e as a composite literal with its fields, through & and parentheses.
func literal(e ast.Expr) (*ast.CompositeLit, bool) {
	if e == nil {
		return nil, false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	return lit, ok
}

// timePkgs are the packages whose functions hand a time on, converted or formatted:
// what they return from a time is that time.
var timePkgs = map[string]bool{
	"time": true, kubetypes.MetaV1Pkg: true, "fmt": true, "strconv": true,
	"k8s.io/utils/ptr": true, "k8s.io/utils/pointer": true,
}

// isDuration reports whether t is time.Duration.
func isDuration(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// carriesTime reports whether a call passes on a time given to it: a conversion, a
// built-in (append), or a function or method of timePkgs (metav1.NewTime(t), t.UTC(), t.Format(…),
// ptr.To(t), fmt.Sprint(t)).
func carriesTime(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true // a conversion, append(…)
	}
	return fn != nil && fn.Pkg() != nil && timePkgs[fn.Pkg().Path()]
}

// setOnChange reports whether the assignment to lhs, on top of the stack, happens only
// when something changed: under an if (or a switch case), in this function or one
// that encloses its literal, whose condition
//
//   - reads the field assigned (if obj.Status.StartTime.IsZero(), == nil: set once),
//   - compares a status value with == or != with something that is no constant (if
//     obj.Status.Phase != oldPhase; a test against "" or nil is a state, not a
//     change), or
//   - holds a diff (diff.MentionsDiff),
//
// or when the path consults the stored status of the kind in a way the rules do not
// judge (vet/internal/consult: if !due(obj), a resync gate on the stamp itself).
//
// When the function says nothing, every call of it in the package (up to maxDepth
// calls up) must: a helper that stamps a field, called only behind if
// obj.Status.MissingSince == nil, sets it once; one that rebuilds the whole status,
// called only past an early return when the stored status holds what the rebuild
// sets, stamps a change.
func (t *transitions) setOnChange(stack []ast.Node, lhs ast.Expr) bool {
	info := t.pass.TypesInfo
	return t.setOnChangeOf(stack, statusPath(info, lhs), kubetypes.StatusOwner(info, lhs), 0)
}

func (t *transitions) setOnChangeOf(stack []ast.Node, path []string, kind types.Type, depth int) bool {
	guarded, decl := setOnChange(t.pass.TypesInfo, stack, path)
	if guarded || t.cons.Consults(stack, kind, nil) {
		return true
	}
	if decl == nil || depth >= maxDepth {
		return false
	}
	sites := t.callSites(decl)
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if !t.setOnChangeOf(site, path, kind, depth+1) {
			return false
		}
	}
	return true
}

// setOnChange is the test of one function: whether a condition on the way guards the
// assignment to the status field path, and else the declaration the stack reached
// (nil when it is in no function declaration).
func setOnChange(info *types.Info, stack []ast.Node, path []string) (bool, *ast.FuncDecl) {
	guards := func(cond ast.Node) bool {
		if cond == nil {
			return false
		}
		if diff.MentionsDiff(info, cond) {
			return true
		}
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			if found {
				return false
			}
			switch x := n.(type) {
			case *ast.BinaryExpr:
				if (x.Op == token.EQL || x.Op == token.NEQ) && !isConstant(info, x.X) && !isConstant(info, x.Y) &&
					(readsStatus(info, x.X) || readsStatus(info, x.Y)) {
					found = true
				}
			case *ast.SelectorExpr:
				if p := statusPath(info, x); len(path) > 0 && slices.Equal(p, path) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	// The statement the stamp is in: when it fills a field an enclosing if found
	// empty (obj.Status = FooStatus{State: Active, Since: now} under if
	// obj.Status.State == ""), the stamp goes with the fill, however deep in the body.
	var own []ast.Stmt
	for i := len(stack) - 1; i >= 0 && own == nil; i-- {
		if as, ok := stack[i].(*ast.AssignStmt); ok {
			own = []ast.Stmt{as}
		}
	}
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncDecl:
			return false, p
		case *ast.IfStmt:
			if (child == p.Body || child == p.Else) && (guards(p.Init) || guards(p.Cond)) {
				return true, nil
			}
			if child == p.Body && p.Init == nil && (fillsTested(info, p.Cond, p.Body.List) || own != nil && fillsTested(info, p.Cond, own)) {
				return true, nil // the body runs while a field is empty, and fills it
			}
			if child == p.Body && p.Init == nil && clearsTested(info, p.Cond, p.Body.List) {
				return true, nil // the body runs while a field holds something, and empties it
			}
			if i >= 2 {
				if block, ok := stack[i-2].(*ast.BlockStmt); ok && kubetypes.CreateSucceeded(info, syntax.Before(block.List, p), p, child) {
					return true, nil // the stamp records a Create that just succeeded
				}
			}
		case *ast.CaseClause:
			for _, e := range p.List {
				if guards(e) {
					return true, nil
				}
			}
		case *ast.BlockStmt:
			// An earlier "nothing to do: stop here" (if obj.Status.StartTime != nil {
			// return }) guards what follows it in the block.
			for _, st := range p.List {
				if st == child {
					break
				}
				if is, ok := st.(*ast.IfStmt); ok && is.Else == nil && syntax.Leaves(is.Body.List) && (guards(is.Init) || guards(is.Cond)) {
					return true, nil
				}
			}
			// Past a checked Create the stamp records something done once, and so in
			// the branch that found a child absent and created it.
			if kubetypes.CheckedCreate(info, p.List, child) || kubetypes.CreatedWhenAbsent(info, stack, i-1, nil) {
				return true, nil
			}
		}
	}
	return false, nil
}

// fillsTested reports whether cond finds a status field empty (syntax.FoundEmpty:
// len(f) == 0, f == nil, f == "", f.IsZero(); joined by || each, or by && one of
// them) and a statement of body, not nested in another, fills that field: assigns it
// something other than nil or an empty literal, assigns a whole of it a literal that
// names it (obj.Status = FooStatus{Conditions: initial, …}), or hands its address to
// a call that removes nothing (meta.SetStatusCondition(&obj.Status.Conditions, …)).
// The body runs on the pass that finds the field empty and leaves it filled: a time
// stamped there is stamped once (if len(obj.Status.Conditions) == 0 { start :=
// metav1.Now(); obj.Status = FooStatus{Conditions: initial, StartedAt: start} }).
func fillsTested(info *types.Info, cond ast.Expr, body []ast.Stmt) bool {
	return syntax.FoundEmpty(info, cond, func(x ast.Expr) bool {
		p := statusPath(info, x)
		return len(p) > 0 && slices.ContainsFunc(body, func(st ast.Stmt) bool { return fills(info, st, p) })
	})
}

// clearsTested reports whether cond finds a status field not empty
// (syntax.FoundNotEmpty: f != nil, f != "", len(f) > 0, !f.IsZero(); joined by && one
// of them, by || each) and a statement of body, not nested in another, empties that
// field: assigns it nil, the zero constant or an empty literal. The body runs on the
// pass that finds the field set and leaves it empty: a time stamped there is stamped
// once for what the field held (if obj.Status.Active != nil && done { Active = nil;
// LastCompletionTime = now }).
func clearsTested(info *types.Info, cond ast.Expr, body []ast.Stmt) bool {
	return syntax.FoundNotEmpty(info, cond, func(x ast.Expr) bool {
		p := statusPath(info, x)
		return len(p) > 0 && slices.ContainsFunc(body, func(st ast.Stmt) bool { return empties(info, st, p) })
	})
}

// empties reports whether st, an assignment, gives the status field path nil, the
// zero constant or an empty literal.
func empties(info *types.Info, st ast.Stmt, path []string) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	for i, l := range as.Lhs {
		if slices.Equal(statusPath(info, l), path) && syntax.IsEmptyLiteral(info, as.Rhs[i]) {
			return true
		}
	}
	return false
}

// fills reports whether st gives the status field path a value that is not empty (see
// fillsTested).
func fills(info *types.Info, st ast.Stmt, path []string) bool {
	switch x := st.(type) {
	case *ast.AssignStmt:
		if x.Tok != token.ASSIGN || len(x.Lhs) != len(x.Rhs) {
			return false
		}
		for i, l := range x.Lhs {
			lp := statusPath(info, l)
			rhs := ast.Unparen(x.Rhs[i])
			switch {
			case len(lp) == 0 && statusWhole(info, l):
				// obj.Status = FooStatus{Conditions: …}
				if lit, ok := rhs.(*ast.CompositeLit); ok && namesField(lit, path[0]) {
					return true
				}
			case slices.Equal(lp, path):
				return !syntax.IsEmptyLiteral(info, rhs)
			case len(lp) < len(path) && slices.Equal(lp, path[:len(lp)]):
				if lit, ok := rhs.(*ast.CompositeLit); ok && namesField(lit, path[len(lp)]) {
					return true
				}
			}
		}
	case *ast.ExprStmt:
		call, ok := ast.Unparen(x.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := kubetypes.Callee(info, call)
		if fn == nil || syntax.Removes(fn.Name()) {
			return false
		}
		for _, a := range call.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && slices.Equal(statusPath(info, u.X), path) {
				return true
			}
		}
	}
	return false
}

// statusWhole reports whether e is a custom resource's Status field itself
// (obj.Status).
func statusWhole(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Status" && kubetypes.IsCustomResource(kubetypes.Named(info.TypeOf(sel.X)))
}

// namesField reports whether lit is a keyed literal that gives the field name.
func namesField(lit *ast.CompositeLit, name string) bool {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return true
			}
		}
	}
	return false
}

// oneShotName is the name of a field that marks a moment that happens once in an
// object's life: its start, its completion, its end, its creation.
var oneShotName = regexp.MustCompile(`(?i)^(start|started|completion|completed|finish|finished|end|ended|creation|created)(time|at|timestamp)$`)

// oneShot reports whether lhs assigns a status field named for a one-time moment
// (StartTime, CompletionTime, FinishedAt): set when the job starts or ends, along with
// the phase that says so, not on every pass.
func oneShot(info *types.Info, lhs ast.Expr) bool {
	path := statusPath(info, lhs)
	return len(path) > 0 && oneShotName.MatchString(path[len(path)-1])
}

// readsStatus reports whether e reads a custom resource's status.
func readsStatus(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !found && kubetypes.StatusOwner(info, x) != nil {
			found = true
		}
		return !found
	})
	return found
}

// statusPath is the chain of field names e selects after a custom resource's Status
// (obj.Status.Deletion.StartTime and status.Deletion.StartTime, for a status pointer,
// are both [Deletion StartTime]); nil when e does not go through a status. A
// conversion reads what it converts (switch State(obj.Status.State) is a switch on
// [State]).
func statusPath(info *types.Info, e ast.Expr) []string {
	var names []string
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.CallExpr:
			if len(names) > 0 || len(x.Args) != 1 || !info.Types[x.Fun].IsType() {
				return nil
			}
			e = x.Args[0]
		case *ast.SelectorExpr:
			if x.Sel.Name == "Status" && kubetypes.IsCustomResource(info.TypeOf(x.X)) {
				slices.Reverse(names)
				return names
			}
			names = append(names, x.Sel.Name)
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			if kubetypes.StatusOwner(info, x) == nil {
				return nil
			}
			slices.Reverse(names)
			return names
		default:
			return nil
		}
	}
}

// isConstant reports whether e is a constant or nil.
func isConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && (tv.Value != nil || tv.IsNil())
}

// watchedByName are the kinds handed to a call of a method named as the builder's
// watches are (For, Owns, Watches, Watch), whatever its type: a project's own builder
// (ctrlbuild.Build(mgr).For(&Foo{})) watches its kind as surely as the
// controller-runtime's, though vet/internal/watches knows only the builders it knows.
func watchedByName(pass *analysis.Pass, insp *inspector.Inspector) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	insp.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return
		}
		switch sel.Sel.Name {
		case "For", "Owns", "Watches", "Watch":
		default:
			return
		}
		for _, a := range call.Args {
			if n := kubetypes.Named(pass.TypesInfo.TypeOf(a)); n != nil {
				out[n.Obj()] = true
			}
		}
	})
	return out
}
