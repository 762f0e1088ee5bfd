package consult

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/diff"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Analyzer computes which functions of the package read the status of a parameter,
// exports that as the ReadsStatus fact, and gives the analyzers that need it a
// *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "consult",
	Doc:        "find the functions that read the status of an object they are handed, for the guards of statusupdate and statustime",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(ReadsStatus)},
}

// ReadsStatus is the fact of a function that reads the status of some of its
// parameters: their indexes, -1 for the receiver. Params are those it reads in a way
// the analyzers' own rules do not judge; Any those it reads in any way, a test of a
// field against a constant too (func (c *Cluster) IsRunning() bool { return
// c.Status.Phase == Running }).
type ReadsStatus struct{ Params, Any []int }

// AFact marks ReadsStatus as an analysis fact.
func (*ReadsStatus) AFact() {}

func (*ReadsStatus) String() string { return "reads status" }

// maxDepth bounds how many local variables a read is followed through.
const maxDepth = 3

// Result answers, for one package, whether a path consults a stored status.
type Result struct {
	pass  *analysis.Pass
	reads map[*types.Func][]int
	// any is reads for a reader that counts every read (Gated).
	any map[*types.Func][]int
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{pass: pass, reads: map[*types.Func][]int{}, any: map[*types.Func][]int{}}
	type fdecl struct {
		fn     *types.Func
		decl   *ast.FuncDecl
		params []*types.Var // receiver first, nil when the method has none named
	}
	var decls []fdecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			sig := fn.Type().(*types.Signature)
			params := []*types.Var{sig.Recv()}
			for i := range sig.Params().Len() {
				params = append(params, sig.Params().At(i))
			}
			decls = append(decls, fdecl{fn, fd, params})
		}
	}
	// A function reads a parameter's status directly, or by handing the parameter to
	// one that does: iterate until nothing more is learned (each round adds at least
	// one index, so the rounds are bounded by the number of parameters).
	for _, every := range []bool{false, true} {
		reads := r.table(every)
		for changed := true; changed; {
			changed = false
			for _, d := range decls {
				for i, p := range d.params {
					idx := i - 1
					if p == nil || slices.Contains(reads[d.fn], idx) || !r.bodyReads(d.fn, d.decl.Body, p, every) {
						continue
					}
					reads[d.fn] = append(reads[d.fn], idx)
					changed = true
				}
			}
		}
	}
	for _, d := range decls {
		params, any := r.reads[d.fn], r.any[d.fn]
		if len(params) == 0 && len(any) == 0 {
			continue
		}
		slices.Sort(params)
		slices.Sort(any)
		pass.ExportObjectFact(d.fn, &ReadsStatus{Params: params, Any: any})
	}
	return r, nil
}

// bodyReads reports whether body consults the status of p as a guard the
// analyzers cannot judge (see reader.reads): in a condition (of an if, a switch or a
// case), or, for a function that gives back a bool, in what a return gives back, or,
// for one that gives back something else, when a return gives back a status field
// (gives). An assignment to the status, or a copy of it handed on, is no
// consultation.
func (r *Result) bodyReads(fn *types.Func, body *ast.BlockStmt, p *types.Var, every bool) bool {
	info := r.pass.TypesInfo
	c := &reader{r: r, every: every, seen: map[*types.Var]bool{}, statusOf: func(e ast.Expr) bool {
		if sel, ok := e.(*ast.SelectorExpr); ok && isStatusField(info, sel) {
			return syntax.Root(info, sel.X) == p
		}
		id, ok := e.(*ast.Ident)
		return ok && info.Uses[id] == p && kubetypes.KindOfStatus(deref(p.Type())) != nil
	}, handed: func(a ast.Expr) bool { return syntax.Root(info, a) == p }}
	predicate := false
	res := fn.Type().(*types.Signature).Results()
	for i := range res.Len() {
		if b, ok := res.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			predicate = true
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			found = found || c.reads(x.Cond, maxDepth)
		case *ast.SwitchStmt:
			found = found || x.Tag != nil && (c.every || !c.plain(x.Tag)) && c.reads(x.Tag, maxDepth)
		case *ast.ReturnStmt:
			for i, e := range x.Results {
				found = found || predicate && c.reads(e, maxDepth) || !predicate && i < res.Len() && !syntax.IsError(res.At(i).Type()) && c.gives(body, e)
			}
		}
		return !found
	})
	return found
}

// gives reports whether e, returned by a getter (a function that gives back no bool),
// is a field of the status read as it is (return obj.Status.LastRun.Time), or a local
// variable of body some assignment of which is one, or what it points at or a field
// of it (t := obj.Status.LastRun.Time; if
// t.IsZero() { t = obj.CreationTimestamp.Time }; return t): a caller's condition on
// what it gives back compares the status (if r.lastRun(obj).Before(next)).
func (c *reader) gives(body *ast.BlockStmt, e ast.Expr) bool {
	if c.plain(e) {
		return true
	}
	// What the local points at or holds a field of (*t, t.Time) is read from it.
	info := c.r.pass.TypesInfo
	v := syntax.Root(info, e)
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(lid) == v && c.plain(as.Rhs[i]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// givesValue reports whether call gives back something other than an error: a call
// whose only result is an error says whether it failed, not what the status holds.
func givesValue(info *types.Info, call *ast.CallExpr) bool {
	sig, ok := types.Unalias(info.TypeOf(call.Fun)).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Results().Len() {
		if !syntax.IsError(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// callReads reports whether call hands an argument (or a receiver) that handed
// accepts to a function that reads the status of that parameter.
func (r *Result) callReads(call *ast.CallExpr, handed func(ast.Expr) bool, every bool) bool {
	fn := kubetypes.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	params := r.paramsRead(fn, every)
	if accessor(fn) {
		params = append(params, -1)
	}
	if len(params) == 0 {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && slices.Contains(params, -1) && fn.Type().(*types.Signature).Recv() != nil && handed(sel.X) {
		return true
	}
	for i, a := range call.Args {
		if slices.Contains(params, i) && handed(a) {
			return true
		}
	}
	return false
}

// accessorName is the name of a method that gives back part of its receiver's status.
var accessorName = regexp.MustCompile(`^(Get(Status\w*|Conditions?|Phase)|(Is|Has)\w*Condition\w*)$`)

// accessor reports whether fn is a method of an interface, with no body to read,
// named as an accessor of the status (GetCondition, GetConditions, GetStatus…, GetPhase, Is…Condition…): an object
// handed over as such an interface is asked about its status.
func accessor(fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	_, iface := recv.Type().Underlying().(*types.Interface)
	return iface && accessorName.MatchString(fn.Name())
}

// paramsRead are the parameters of fn whose status it reads: computed for the
// package's own functions, the ReadsStatus fact for the others.
func (r *Result) paramsRead(fn *types.Func, every bool) []int {
	reads := r.table(every)
	if fn.Pkg() == r.pass.Pkg {
		return reads[fn]
	}
	if params, ok := reads[fn]; ok {
		return params
	}
	var f ReadsStatus
	r.reads[fn], r.any[fn] = nil, nil
	if r.pass.ImportObjectFact(fn, &f) {
		r.reads[fn], r.any[fn] = f.Params, f.Any
	}
	return reads[fn]
}

// table is the parameters each function reads the status of, in any way when every
// is set.
func (r *Result) table(every bool) map[*types.Func][]int {
	if every {
		return r.any
	}
	return r.reads
}

// Consults reports whether a condition on the path to the node on top of stack, within
// the function around it, reads the stored status of kind (an object type, pointer or
// not; nil for any custom resource). inPlace says whether a function literal, given
// its parent, runs where it stands (the walk goes on outside it); nil stops at every
// literal.
func (r *Result) Consults(stack []ast.Node, kind types.Type, inPlace func(lit *ast.FuncLit, parent ast.Node) bool) bool {
	return r.ConsultsHeld(stack, kind, nil, inPlace)
}

// ConsultsHeld is Consults for an object that holder hands out (the write sends
// holder.GetObject(), an adapter's or a wrapper's accessor without arguments): a status
// accessor of an interface called on holder (holder.GetStatusID()) reads the stored
// status of the object it holds. holder may be nil.
func (r *Result) ConsultsHeld(stack []ast.Node, kind types.Type, holder ast.Expr, inPlace func(lit *ast.FuncLit, parent ast.Node) bool) bool {
	return r.consultsHeld(stack, kind, holder, inPlace, false)
}

// Gated is ConsultsHeld counting every read of the stored status, those the
// analyzers' own rules judge too: a status field tested against a constant, for
// emptiness or as a bool, a switch on one, a condition's status asked of the meta
// package with constants, a function that does one of these to the object it is
// handed (if obj.Status.Phase == Running, case Pending:, if !obj.IsReady()). A write
// such a condition gates is reached only in some states of the stored status.
func (r *Result) Gated(stack []ast.Node, kind types.Type, holder ast.Expr, inPlace func(lit *ast.FuncLit, parent ast.Node) bool) bool {
	return r.consultsHeld(stack, kind, holder, inPlace, true)
}

func (r *Result) consultsHeld(stack []ast.Node, kind types.Type, holder ast.Expr, inPlace func(lit *ast.FuncLit, parent ast.Node) bool, every bool) bool {
	kind = deref(kind)
	held := ""
	if holder != nil {
		held = types.ExprString(ast.Unparen(holder))
	}
	info := r.pass.TypesInfo
	ofKind := func(t types.Type) bool {
		if t == nil {
			return false
		}
		if kind == nil {
			return kubetypes.IsCustomResource(t)
		}
		return types.Identical(deref(t), kind)
	}
	c := &reader{r: r, stack: stack, every: every, seen: map[*types.Var]bool{},
		statusOf: func(e ast.Expr) bool {
			if sel, ok := e.(*ast.SelectorExpr); ok && isStatusField(info, sel) {
				return ofKind(info.TypeOf(sel.X))
			}
			id, ok := e.(*ast.Ident)
			if !ok {
				return false
			}
			v, ok := info.Uses[id].(*types.Var)
			if !ok || v.IsField() {
				return false
			}
			_, ptr := types.Unalias(v.Type()).(*types.Pointer)
			k := kubetypes.KindOfStatus(deref(v.Type()))
			return ptr && k != nil && ofKind(k) // st := &obj.Status
		},
		handed: func(a ast.Expr) bool {
			return ofKind(info.TypeOf(a)) || held != "" && types.ExprString(ast.Unparen(a)) == held
		}}
	return c.consults(stack, inPlace, 0)
}

// reader judges expressions for one statement's path.
type reader struct {
	r *Result
	// statusOf reports whether an expression is the status consulted: the Status
	// field of the object, or a variable pointing at it.
	statusOf func(ast.Expr) bool
	// handed reports whether a call's argument is the object, whose status the
	// callee may read.
	handed func(ast.Expr) bool
	stack  []ast.Node
	seen   map[*types.Var]bool
	by     token.Pos
	// every counts the reads the analyzers' own rules judge too (Gated).
	every bool
}

func (c *reader) consults(stack []ast.Node, inPlace func(*ast.FuncLit, ast.Node) bool, depth int) bool {
	for i := len(stack) - 1; i > 0; i-- {
		child, parent := stack[i], stack[i-1]
		switch p := parent.(type) {
		case *ast.FuncLit:
			if inPlace != nil && i >= 2 && inPlace(p, stack[i-2]) {
				continue
			}
			return false
		case *ast.FuncDecl:
			return false
		case *ast.IfStmt:
			if (child == p.Body || child == p.Else) && c.reads(p.Cond, depth) {
				return true
			}
		case *ast.SwitchStmt:
			// A switch on a plain field has constant cases: the rules' own.
			if child == p.Body && p.Tag != nil && (c.every || !c.plain(p.Tag)) && c.reads(p.Tag, depth) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range p.List {
				if c.reads(e, depth) {
					return true
				}
			}
			if c.earlyExit(p.Body, child, depth) {
				return true
			}
		case *ast.BlockStmt:
			if c.earlyExit(p.List, child, depth) {
				return true
			}
		}
	}
	return false
}

// earlyExit reports whether an if before child in list leaves the block on a
// condition that reads the status.
func (c *reader) earlyExit(list []ast.Stmt, child ast.Node, depth int) bool {
	for _, s := range list {
		if s == child {
			return false
		}
		is, ok := s.(*ast.IfStmt)
		if !ok {
			continue
		}
		if syntax.Leaves(is.Body.List) && !c.acts(is.Body) && c.reads(is.Cond, depth) {
			return true
		}
		// if cond != nil { if cond.Reason == r { return } } is if cond != nil &&
		// cond.Reason == r { return }: an early exit whichever of the two reads. So is
		// an inner if after definitions of locals that only read (if Phase ==
		// Pending { c := meta.FindStatusCondition(…); if c != nil && c.Message == m {
		// return } }).
		body := is.Body.List
		for len(body) > 1 && c.definesOnly(body[0]) {
			body = body[1:]
		}
		if is.Else != nil || len(body) != 1 {
			continue
		}
		if in, ok := body[0].(*ast.IfStmt); ok && in.Init == nil && in.Else == nil && syntax.Leaves(in.Body.List) && !c.acts(in.Body) &&
			(c.reads(is.Cond, depth) || c.reads(in.Cond, depth)) {
			return true
		}
	}
	return false
}

// definesOnly reports whether st defines local variables (x := …, var x = …) and
// hands no call the object of the kind, nor the address of a status field of it
// (changed := meta.SetStatusCondition(&obj.Status.Conditions, c) acts; c :=
// meta.FindStatusCondition(obj.Status.Conditions, T) reads).
func (c *reader) definesOnly(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.AssignStmt:
		if st.Tok != token.DEFINE {
			return false
		}
	case *ast.DeclStmt:
		if d, ok := st.Decl.(*ast.GenDecl); !ok || d.Tok != token.VAR {
			return false
		}
	default:
		return false
	}
	only := true
	ast.Inspect(st, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !only {
			return only
		}
		for _, a := range call.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); c.handed(a) || ok && u.Op == token.AND && c.plain(u.X) {
				only = false
			}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && c.handed(sel.X) {
			only = false
		}
		return only
	})
	return only
}

// acts reports whether body does something to an object of the kind before it
// leaves: assigns its status, or hands it to a call. Such an if is a branch of its
// own (if done { obj.Status.Phase = Done; return write(obj) }), not the "nothing to
// do: stop here" that guards what follows it.
func (c *reader) acts(body *ast.BlockStmt) bool {
	info := c.r.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if c.plain(l) {
					found = true
				}
			}
		case *ast.CallExpr:
			for _, a := range x.Args {
				if c.handed(a) || c.plain(a) {
					found = true
				}
			}
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && c.handed(sel.X) {
				if fn := kubetypes.Callee(info, x); fn != nil && fn.Type().(*types.Signature).Recv() != nil {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// reads reports whether n reads the stored status of the reader's kind in a way the
// analyzers' own rules do not judge (see the package doc): a status field tested
// against a constant or nil, for emptiness, or as a bool (obj.Status.Phase ==
// Running, len(obj.Status.Conditions) == 0, !obj.Status.Ready), or switched on with
// constant cases, is theirs to judge and does not count here.
func (c *reader) reads(n ast.Node, depth int) bool {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return false
	}
	info := c.r.pass.TypesInfo
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if e, ok := n.(ast.Expr); ok && !c.every && c.plain(e) && isBool(info, e) {
			return false // if obj.Status.Ready: a bool field as it is, the rules' own
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			// A plain field tested against a constant: the rules' own.
			if !c.every && isComparison(x.Op) && (c.plain(x.X) && isConstant(info, x.Y) || c.plain(x.Y) && isConstant(info, x.X)) {
				return false
			}
		case *ast.UnaryExpr:
			if !c.every && c.plain(x.X) {
				return false
			}
		case *ast.SelectorExpr:
			if c.statusOf(x) {
				found = true
			}
		case *ast.Ident:
			if c.statusOf(x) {
				found = true
				break
			}
			v, ok := info.Uses[x].(*types.Var)
			if !ok || v.IsField() || syntax.IsError(v.Type()) {
				break // an error says whether something failed, not what the status holds
			}
			if depth < maxDepth && c.localReads(v, depth+1) {
				found = true
			}
		case *ast.CallExpr:
			if !c.every && c.conditionCall(x) {
				return false // meta.IsStatusConditionTrue(obj.Status.Conditions, "Ready"): the rules' own
			}
			if diff.NeverEqual(info, x) {
				return false // reflect.DeepEqual(&obj.Status, want): false whatever the status holds
			}
			if givesValue(info, x) && c.r.callReads(x, c.handed, c.every) {
				found = true
			}
		}
		return !found
	})
	return found
}

// plain reports whether e is a field of the status read as it is, or its length: a
// chain of selectors and indexes through the Status field of an object of the kind
// (obj.Status.Phase, obj.Status.Nodes[0].Ready), len of one, a conversion of one
// (Phase(obj.Status.Phase)), or one of those parenthesized or negated.
func (c *reader) plain(e ast.Expr) bool {
	info := c.r.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return c.plain(u.X)
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if syntax.IsBuiltin(info, call.Fun, "len") {
			e = ast.Unparen(call.Args[0])
		}
		// A conversion reads what it converts: Phase(obj.Status.Phase).
		if info.Types[call.Fun].IsType() {
			e = ast.Unparen(call.Args[0])
		}
	}
	through := false
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if c.statusOf(x) {
				through = true
			}
			if v, ok := info.ObjectOf(x.Sel).(*types.Var); !ok || !v.IsField() {
				return false
			}
			e = ast.Unparen(x.X)
		case *ast.IndexExpr:
			if !isConstant(info, x.Index) {
				return false
			}
			e = ast.Unparen(x.X)
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
		case *ast.Ident:
			return through || c.statusOf(x) || c.alias(x)
		default:
			return false
		}
	}
}

// alias reports whether id is a local variable that holds a plain status field as it
// is: assigned once from one (cur := obj.Status.Progress), or the element of a range
// over one (for _, c := range obj.Status.Conditions).
func (c *reader) alias(id *ast.Ident) bool {
	info := c.r.pass.TypesInfo
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || c.seen[v] {
		return false
	}
	body := syntax.DeclaringBody(c.stack, v)
	if body == nil || v.Pos() < body.Pos() {
		return false
	}
	c.seen[v] = true
	defer delete(c.seen, v)
	if val := syntax.ValueOf(c.r.pass, body, v); val != nil {
		return c.plain(val)
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if rs, ok := n.(*ast.RangeStmt); ok && !found {
			if id, ok := rs.Value.(*ast.Ident); ok && info.Defs[id] == v {
				found = c.plain(rs.X)
			}
		}
		return !found
	})
	return found
}

// conditionCall reports whether call asks apimachinery's meta package, or
// cluster-api's conditions package, whether a condition holds (a bool), of a condition of a plain status field with
// constant arguments: a test the analyzers' own rules read.
func (c *reader) conditionCall(call *ast.CallExpr) bool {
	info := c.r.pass.TypesInfo
	fn := kubetypes.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "k8s.io/apimachinery/pkg/api/meta", "sigs.k8s.io/cluster-api/util/conditions":
	default:
		return false
	}
	if len(call.Args) == 0 || !isBool(info, call) {
		return false // FindStatusCondition hands back the condition, for any test
	}
	for _, a := range call.Args[1:] {
		if !isConstant(info, a) {
			return false
		}
	}
	return c.plain(call.Args[0]) || c.handed(call.Args[0])
}

func isBool(info *types.Info, e ast.Expr) bool {
	b, ok := types.Unalias(info.TypeOf(e)).Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return true
	}
	return false
}

// isConstant reports whether e is a constant or nil.
func isConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && (tv.Value != nil || tv.IsNil())
}

// localReads reports whether the local variable v was assigned from a read of the
// status, or under a condition that reads it, in the function that declares it.
func (c *reader) localReads(v *types.Var, depth int) bool {
	if c.seen[v] {
		return false
	}
	c.seen[v] = true
	body := syntax.DeclaringBody(c.stack, v)
	if body == nil || v.Pos() < body.Pos() {
		return false // a parameter, or declared elsewhere: what it holds is not known here
	}
	info := c.r.pass.TypesInfo
	found := false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		var values []ast.Expr
		assigned := false
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					assigned = true
					if len(x.Rhs) == len(x.Lhs) {
						values = append(values, x.Rhs[i])
					} else {
						values = append(values, x.Rhs...)
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if info.Defs[id] == v {
					assigned = true
					if i < len(x.Values) {
						values = append(values, x.Values[i])
					} else if len(x.Values) == 1 {
						values = append(values, x.Values[0])
					}
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{x.Key, x.Value} {
				if id, ok := e.(*ast.Ident); ok && info.ObjectOf(id) == v {
					assigned = true
					values = append(values, x.X)
				}
			}
		}
		if !assigned {
			return true
		}
		for _, e := range values {
			if c.reads(e, depth) {
				found = true
				return false
			}
		}
		// An assignment under a condition that reads the status carries it (changed =
		// true inside if obj.Status.X != x).
		full := append(slices.Clone(c.stack[:indexOf(c.stack, body)+1]), stack[1:]...)
		if c.consults(full, nil, depth) {
			found = true
		}
		return !found
	})
	return found
}

// indexOf is the position of body on stack, or the last position when it is not there.
func indexOf(stack []ast.Node, body *ast.BlockStmt) int {
	for i, n := range stack {
		if n == body {
			return i
		}
	}
	return len(stack) - 1
}

// isStatusField reports whether x selects a struct field named Status.
func isStatusField(info *types.Info, x *ast.SelectorExpr) bool {
	if x.Sel.Name != "Status" {
		return false
	}
	v, ok := info.ObjectOf(x.Sel).(*types.Var)
	return ok && v.IsField()
}

func deref(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
