package watches

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Analyzer finds the package's For calls; see the package doc.
var Analyzer = &analysis.Analyzer{
	Name:       "watches",
	Doc:        "find the controllers the package wires with For, and whether each filters update events",
	Requires:   []*analysis.Analyzer{inspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(PassesStatusOnly), new(WrapsFor)},
}

// WrapsFor is the fact of a method of a project's own controller builder that stores
// the object it is handed in a field of its receiver (func (b *Builder) For(obj
// client.Object) *Builder { b.obj = obj; return b }), which another method of the
// type hands to controller-runtime's For with predicates that may filter updates
// (ctrl.NewControllerManagedBy(b.mgr).For(b.obj, builder.WithPredicates(p…,
// predicate.GenerationChangedPredicate{}))): a call of it, in any package, is a For
// of the object's kind that filters. A wrapper whose For passes updates is no fact:
// what its other methods add is not read, and the call is left as no controller.
type WrapsFor struct{}

// AFact marks WrapsFor as an analysis fact.
func (*WrapsFor) AFact() {}

func (*WrapsFor) String() string { return "wraps a filtered For" }

// PassesStatusOnly is the fact of a predicate's Update method, or of a function that
// returns a predicate, that cannot drop a status-only update (see passesStatusOnly):
// a predicate of one package that another package's For uses is judged by its source.
type PassesStatusOnly struct{}

// AFact marks PassesStatusOnly as an analysis fact.
func (*PassesStatusOnly) AFact() {}

func (*PassesStatusOnly) String() string { return "passes status-only updates" }

// For is one call of the controller builder's For.
type For struct {
	Call *ast.CallExpr
	// In is the function declaration the call is in (a literal's, the declaration
	// around it); nil outside one.
	In *types.Func
	// Kind is the type of the object watched.
	Kind types.Type
	// Filtered reports whether a predicate that may filter updates applies.
	Filtered bool
	// PassAll reports whether predicates are given, none of which drops a status-only
	// update.
	PassAll bool
	// Reconciler is the static type of the reconciler the controller is built with
	// (the argument of Complete or Build in the same chain, or the Reconciler of the
	// controller.Options a c.Watch's controller was made with); nil when not known.
	Reconciler types.Type
	// Handler is the event handler of a Watches call or a controller's own watch
	// (Sources); nil for For.
	Handler ast.Expr
	// Object is the object a controller's own watch (Sources) is of; nil otherwise.
	Object ast.Expr
}

// Result is the package's For calls, in source order.
type Result struct {
	Fors []For
	// Watches are the builder's Watches calls of the kind the same chain's For
	// watches (the controller's own kind), each as a For: Filtered when its handler
	// decides what to enqueue (not EnqueueRequestForObject nor a map function, neither
	// of which can tell a status-only update), a predicate may filter updates, or the
	// chain has a WithEventFilter that may.
	Watches []For
	// Sources are a controller's own watches of a kind without the builder, each as
	// a For: c.Watch(source.Kind(cache, &Foo{}, handler, predicates…)) (its Call the
	// source.Kind call), and in controller-runtime before 0.18 c.Watch(source.Kind(
	// cache, &Foo{}), handler, predicates…) or c.Watch(&source.Kind{Type: &Foo{}},
	// handler, predicates…) (its Call the Watch call); Kind its object, Filtered when a predicate may filter
	// updates or the handler is not EnqueueRequestForObject (a handler of its own
	// decides what to enqueue).
	Sources []For
	// Secondary are the builder's Owns calls and its Watches calls of other kinds than
	// the chain's For watches (a child the controller writes), each as a For (Reconciler
	// the chain's): Filtered when a predicate may filter updates, the chain has a
	// WithEventFilter that may, or a Watches handler decides what to enqueue. Owns'
	// handler enqueues the owner on every update of the child, status-only ones too.
	// They settle a kind that no For, own Watches or Sources watches in the package
	// (see FiltersUpdatesOf); unfilteredfor does not report them.
	Secondary []For
	// Controller reports whether the package holds a controller: a For call, or a
	// Reconcile method (Reconcile(context.Context, reconcile.Request)
	// (reconcile.Result, error), or Reconcile(reconcile.Request) as before
	// controller-runtime 0.7). Elsewhere (a command, a server's start-up, a library)
	// a status write is in no reconcile loop of its own.
	Controller bool
}

// WatchesKind reports whether some watch of the package — a For, a Watches, an Owns
// or a watch without the builder — is of kind t; true for a t that names no kind of
// its own (an interface several kinds implement), which any watch may stand for.
func (r *Result) WatchesKind(t types.Type) bool {
	want := kubetypes.Named(t)
	if want == nil {
		return true
	}
	if _, iface := want.Underlying().(*types.Interface); iface {
		return true
	}
	for _, f := range slices.Concat(r.Fors, r.Sources, r.Watches, r.Secondary) {
		if n := kubetypes.Named(f.Kind); n != nil && types.Identical(n, want) {
			return true
		}
	}
	return false
}

// FiltersUpdatesOf reports whether the package wires a controller for objects of type
// t (a kind or a pointer to one) and every such controller filters update events.
// When no controller of the package is t's own, t's secondary watches decide: the
// kind is filtered when there are some and every one filters (a child whose only
// watch is its owner's filtered Owns: its status updates wake no controller).
//
// An object of an interface type (a JobObject several kinds implement, client.Object)
// stands for every kind the package wires a controller for that implements it: it
// filters when there is one and all of them filter.
func (r *Result) FiltersUpdatesOf(t types.Type) bool {
	want := kubetypes.Named(t)
	if want == nil {
		return false
	}
	iface, _ := want.Underlying().(*types.Interface)
	for _, ws := range [][]For{slices.Concat(r.Fors, r.Sources, r.Watches), r.Secondary} {
		found := false
		for _, f := range ws {
			n := kubetypes.Named(f.Kind)
			if n == nil {
				continue
			}
			if types.Identical(n, want) || (iface != nil && kubetypes.HasStatusSubresource(f.Kind) && types.Implements(types.NewPointer(n), iface)) {
				if !f.Filtered {
					return false
				}
				found = true
			}
		}
		if found {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	info := pass.TypesInfo
	exportPassing(pass, insp)
	res := &Result{}
	filtersIn := map[ast.Node]bool{} // function -> has a WithEventFilter call, memoized
	exportWrappers(pass, insp, filtersIn)
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		call := n.(*ast.CallExpr)
		if kubetypes.IsFunc(kubetypes.Callee(info, call), SourcePkg, "Kind") && len(call.Args) >= 3 {
			_, body := syntax.EnclosingFunc(stack)
			var watch *ast.CallExpr
			if len(stack) >= 2 {
				watch, _ = stack[len(stack)-2].(*ast.CallExpr)
			}
			res.Sources = append(res.Sources, sourceKind(pass, stack, call, watch, call.Args[1], call.Args[2], call.Args[3:], body))
			return true
		}
		if obj := olderWatch(info, call); obj != nil {
			_, body := syntax.EnclosingFunc(stack)
			res.Sources = append(res.Sources, sourceKind(pass, stack, call, call, obj, call.Args[1], call.Args[2:], body))
			return true
		}
		if fn := kubetypes.Callee(info, call); fn != nil && len(call.Args) == 1 && pass.ImportObjectFact(fn.Origin(), new(WrapsFor)) {
			// A project's builder that hands the object to a filtered For.
			res.Fors = append(res.Fors, For{Call: call, In: declIn(info, stack), Kind: info.TypeOf(call.Args[0]), Filtered: true})
			return true
		}
		if !kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "For") || len(call.Args) == 0 {
			return true
		}
		f := For{Call: call, In: declIn(info, stack), Kind: info.TypeOf(call.Args[0])}
		f.Filtered = filtered(pass, stack, call, call.Args[1:], &f.PassAll, filtersIn)
		chain, _ := kubetypes.BuilderChain(info, stack)
		f.Reconciler = completedWith(info, chain)
		res.Fors = append(res.Fors, f)
		own, secondary := chainWatches(pass, stack, chain, f, filtersIn)
		res.Watches = append(res.Watches, own...)
		res.Secondary = append(res.Secondary, secondary...)
		return true
	})
	res.Controller = len(res.Fors) > 0 || hasReconcile(pass)
	return res, nil
}

// completedWith is the static type of the reconciler a builder chain is completed
// with (Complete(r), Build(r)); nil when the chain has no such call. One completed
// with reconcile.AsReconciler(c, rec) is completed with rec. A reconcile.Func
// made of a method value (Complete(reconcile.Func(r.Reconcile))) is completed with
// the method's receiver, whose methods are the controller's code; one made of
// anything else (a function literal, a function) is no reconciler that can be told,
// and nil too: the package stands for it.
func completedWith(info *types.Info, chain []*ast.CallExpr) types.Type {
	for _, c := range chain {
		fn := kubetypes.Callee(info, c)
		if (kubetypes.IsBuilderMethod(fn, "Complete") || kubetypes.IsBuilderMethod(fn, "Build")) && len(c.Args) == 1 {
			call, _ := ast.Unparen(c.Args[0]).(*ast.CallExpr)
			switch {
			case call == nil:
			case len(call.Args) == 2 && kubetypes.IsFunc(kubetypes.Callee(info, call), kubetypes.ReconcilePkg, "AsReconciler"):
				// reconcile.AsReconciler(c, rec): rec is the reconciler, handed the object.
				return info.TypeOf(call.Args[1])
			case len(call.Args) == 1 && funcAdapter(info, call.Fun):
				if sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); ok {
					if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
						return info.TypeOf(sel.X)
					}
				}
				return nil
			}
			return info.TypeOf(c.Args[0])
		}
	}
	return nil
}

// funcAdapter reports whether e names controller-runtime's reconcile.Func or
// reconcile.TypedFunc (instantiated or not): a conversion to it makes a function a
// reconciler.
func funcAdapter(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || !tv.IsType() {
		return false
	}
	n, ok := types.Unalias(tv.Type).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != kubetypes.ReconcilePkg {
		return false
	}
	return n.Obj().Name() == "Func" || n.Obj().Name() == "TypedFunc"
}

// chainWatches judges the Owns and Watches calls of a builder chain: own are the
// Watches of the kind its For watches (the controller's own kind, watched a second
// way), secondary the Owns calls and the Watches of other kinds (see
// Result.Secondary). A Watches whose handler decides what to enqueue filters; the
// owner's handler, as Owns', enqueues on every event of another kind. Otherwise the
// predicates given to the call and the chain's WithEventFilter decide, as for the For.
func chainWatches(pass *analysis.Pass, forStack []ast.Node, chain []*ast.CallExpr, f For, filtersIn map[ast.Node]bool) (own, secondary []For) {
	info := pass.TypesInfo
	want := kubetypes.Named(f.Kind)
	for _, c := range chain {
		fn := kubetypes.Callee(info, c)
		owns := kubetypes.IsBuilderMethod(fn, "Owns") && len(c.Args) >= 1
		if !owns && (!kubetypes.IsBuilderMethod(fn, "Watches") || len(c.Args) < 2) {
			continue
		}
		n := kubetypes.Named(info.TypeOf(c.Args[0]))
		if n == nil {
			continue
		}
		isOwn := !owns && want != nil && types.Identical(n, want)
		w := For{Call: c, In: f.In, Kind: info.TypeOf(c.Args[0]), Reconciler: f.Reconciler}
		opts := c.Args[1:]
		if !owns {
			w.Handler, opts = c.Args[1], c.Args[2:]
		}
		if !owns && (!enqueuesEveryEvent(pass, c.Args[1]) || isOwn && mapsOnlyOthers(pass, c.Args[1])) && (isOwn || !enqueuesOwner(info, c.Args[1])) {
			w.Filtered = true
		} else {
			w.Filtered = filtered(pass, forStack, f.Call, opts, &w.PassAll, filtersIn)
		}
		if isOwn {
			own = append(own, w)
		} else {
			secondary = append(secondary, w)
		}
	}
	return own, secondary
}

// enqueuesOwner reports whether h is handler.EnqueueRequestForOwner's: it enqueues
// the owner on every event of the object, as Owns does.
func enqueuesOwner(info *types.Info, h ast.Expr) bool {
	call, ok := ast.Unparen(h).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(info, call)
	return kubetypes.IsFunc(fn, kubetypes.HandlerPkg, "EnqueueRequestForOwner") || kubetypes.IsFunc(fn, kubetypes.HandlerPkg, "TypedEnqueueRequestForOwner")
}

// enqueuesEveryEvent reports whether an event handler enqueues on every event of the
// objects it sees, status-only updates included: EnqueueRequestForObject, or
// EnqueueRequestsFromMapFunc, whose function sees one object and cannot tell an update
// that changed only the status from any other. Any other handler decides what to
// enqueue, and is trusted to.
func enqueuesEveryEvent(pass *analysis.Pass, h ast.Expr) bool {
	info := pass.TypesInfo
	t := info.TypeOf(h)
	if kubetypes.IsNamed(t, kubetypes.HandlerPkg, "TypedEnqueueRequestForObject") || kubetypes.IsNamed(t, kubetypes.HandlerPkg, "EnqueueRequestForObject") {
		return true
	}
	if call, ok := ast.Unparen(h).(*ast.CallExpr); ok {
		fn := kubetypes.Callee(info, call)
		return mapFunc(fn)
	}
	return false
}

// mapFunc reports whether fn is handler.EnqueueRequestsFromMapFunc or its typed form.
func mapFunc(fn *types.Func) bool {
	return kubetypes.IsFunc(fn, kubetypes.HandlerPkg, "EnqueueRequestsFromMapFunc") || kubetypes.IsFunc(fn, kubetypes.HandlerPkg, "TypedEnqueueRequestsFromMapFunc")
}

// mapsOnlyOthers reports whether h is EnqueueRequestsFromMapFunc of a function of the
// package (a literal, a function or a method value) that never maps an object to
// itself: every request it builds is appended, inside a range over a list, for an
// element the loop skips (continue) when its name equals the name of the object the
// function is handed (if addon.Name == changed.Name { continue }), and built from that
// element's name; every return gives nil, an empty literal or the slice so built. A
// watch of the controller's own kind through it wakes the objects that depend on the
// one that changed, never that one: its status writes come back through no loop of
// this watch.
func mapsOnlyOthers(pass *analysis.Pass, h ast.Expr) bool {
	info := pass.TypesInfo
	call, ok := ast.Unparen(h).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if !mapFunc(kubetypes.Callee(info, call)) {
		return false
	}
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	switch a := ast.Unparen(call.Args[0]).(type) {
	case *ast.FuncLit:
		ftype, body = a.Type, a.Body
	case *ast.Ident, *ast.SelectorExpr:
		fn := syntax.FuncValue(info, a)
		if fn == nil || fn.Pkg() != pass.Pkg {
			return false
		}
		decl := syntax.DeclOf(pass, fn)
		if decl == nil || decl.Body == nil {
			return false
		}
		ftype, body = decl.Type, decl.Body
	default:
		return false
	}
	// The object handed in: the last parameter, and the variables a type assertion
	// of it defines.
	params := ftype.Params.List
	if len(params) == 0 || len(params[len(params)-1].Names) == 0 {
		return false
	}
	obj, _ := info.Defs[params[len(params)-1].Names[0]].(*types.Var)
	if obj == nil {
		return false
	}
	self := map[types.Object]bool{obj: true}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); ok && isVar(info, ta.X, self) {
				if id, ok := as.Lhs[0].(*ast.Ident); ok {
					if v := info.ObjectOf(id); v != nil {
						self[v] = true
					}
				}
			}
		}
		return true
	})
	built := map[types.Object]bool{} // the slices requests are appended to
	ok = true
	appends := 0
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt:
			elem, _ := x.Value.(*ast.Ident)
			if elem == nil {
				return true
			}
			ev := info.ObjectOf(elem)
			skipped := false
			for _, st := range x.Body.List {
				if skipsSame(info, st, ev, self) {
					skipped = true
					continue
				}
				ast.Inspect(st, func(n ast.Node) bool {
					c, isCall := n.(*ast.CallExpr)
					if !isCall || !syntax.IsBuiltin(info, c.Fun, "append") || len(c.Args) < 2 {
						return true
					}
					id, isID := ast.Unparen(c.Args[0]).(*ast.Ident)
					if !isID || !skipped || !namesFrom(info, c.Args[1:], ev) {
						ok = false
						return false
					}
					built[info.ObjectOf(id)] = true
					appends++
					return true
				})
			}
			return false
		case *ast.CallExpr:
			if syntax.IsBuiltin(info, x.Fun, "append") {
				ok = false // an append outside a skipping range loop
			}
		}
		return ok
	})
	if !ok || appends == 0 {
		return false
	}
	// Every return, inside the loops too, gives nil, an empty literal, or a slice the
	// loops built.
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, e := range x.Results {
				lit, isLit := ast.Unparen(e).(*ast.CompositeLit)
				id, isID := ast.Unparen(e).(*ast.Ident)
				ok = ok && (info.Types[e].IsNil() || isLit && len(lit.Elts) == 0 || isID && built[info.ObjectOf(id)])
			}
		}
		return ok
	})
	return ok
}

// isVar reports whether e names one of vars.
func isVar(info *types.Info, e ast.Expr, vars map[types.Object]bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && vars[info.ObjectOf(id)]
}

// skipsSame reports whether st is if E.Name == O.Name { continue } (either side, or
// GetName()), for the element variable ev and an object of self.
func skipsSame(info *types.Info, st ast.Stmt, ev types.Object, self map[types.Object]bool) bool {
	is, ok := st.(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return false
	}
	if br, ok := is.Body.List[0].(*ast.BranchStmt); !ok || br.Tok != token.CONTINUE || br.Label != nil {
		return false
	}
	b, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	x, y := nameOf(info, b.X), nameOf(info, b.Y)
	return x == ev && self[y] || y == ev && self[x]
}

// nameOf is the variable whose name e reads: v.Name or v.GetName(); nil otherwise.
func nameOf(info *types.Info, e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 0 {
		e = c.Fun
		if sel, ok := e.(*ast.SelectorExpr); !ok || sel.Sel.Name != "GetName" {
			return nil
		}
	} else if sel, ok := e.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Name" {
		return nil
	}
	sel := e.(*ast.SelectorExpr)
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	return info.ObjectOf(id)
}

// namesFrom reports whether every Name field or name argument of the requests in es
// comes from the element ev: a composite literal whose Name values are ev.Name or
// ev.GetName() (nested: reconcile.Request{NamespacedName: types.NamespacedName{Name:
// …}}), or client.ObjectKeyFromObject of ev or &ev.
func namesFrom(info *types.Info, es []ast.Expr, ev types.Object) bool {
	for _, e := range es {
		names := 0
		good := true
		ast.Inspect(e, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && k.Name == "Name" {
					names++
					good = good && nameOf(info, x.Value) == ev
				}
			case *ast.CallExpr:
				if fn := kubetypes.Callee(info, x); fn != nil && fn.Name() == "ObjectKeyFromObject" && len(x.Args) == 1 {
					a := ast.Unparen(x.Args[0])
					if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
						a = u.X
					}
					names++
					good = good && isVar(info, a, map[types.Object]bool{ev: true})
				}
			}
			return good
		})
		if names == 0 || !good {
			return false
		}
	}
	return true
}

// declIn is the function declaration on the stack, nil when there is none.
func declIn(info *types.Info, stack []ast.Node) *types.Func {
	for _, n := range stack {
		if decl, ok := n.(*ast.FuncDecl); ok {
			fn, _ := info.Defs[decl.Name].(*types.Func)
			return fn
		}
	}
	return nil
}

// SourcePkg is controller-runtime's package of event sources.
const SourcePkg = "sigs.k8s.io/controller-runtime/pkg/source"

// sourceKind judges a controller's own watch of the object obj with the handler h
// and the predicates preds: call is the source.Kind(cache, obj, h, preds…) call of
// controller-runtime 0.18 and later, or the c.Watch(src, h, preds…) call of the
// versions before (olderWatch), and watch the c.Watch call it is handed to.
func sourceKind(pass *analysis.Pass, stack []ast.Node, call, watch *ast.CallExpr, obj, h ast.Expr, preds []ast.Expr, body *ast.BlockStmt) For {
	info := pass.TypesInfo
	f := For{Call: call, In: declIn(info, stack), Kind: info.TypeOf(obj), Handler: h, Object: obj}
	f.Reconciler = watchedBy(pass, body, watch)
	if !enqueuesForObject(info.TypeOf(h)) {
		f.Filtered = true
		return f
	}
	for _, p := range preds {
		if !passesEveryUpdate(pass, body, p) {
			f.Filtered = true
			return f
		}
	}
	f.PassAll = len(preds) > 0
	return f
}

func enqueuesForObject(h types.Type) bool {
	return kubetypes.IsNamed(h, kubetypes.HandlerPkg, "TypedEnqueueRequestForObject") || kubetypes.IsNamed(h, kubetypes.HandlerPkg, "EnqueueRequestForObject")
}

// olderWatch is the object a controller's Watch call of controller-runtime before
// 0.18 watches, which took the handler and predicates itself: c.Watch(source.Kind(
// cache, obj), h, preds…) (0.15 to 0.17) or c.Watch(&source.Kind{Type: obj}, h,
// preds…) (before 0.15). nil when call is no such watch.
func olderWatch(info *types.Info, call *ast.CallExpr) ast.Expr {
	fn := kubetypes.Callee(info, call)
	if fn == nil || fn.Name() != "Watch" || fn.Pkg() == nil || fn.Pkg().Path() != kubetypes.ControllerPkg || len(call.Args) < 2 {
		return nil
	}
	switch src := ast.Unparen(call.Args[0]).(type) {
	case *ast.CallExpr:
		if kubetypes.IsFunc(kubetypes.Callee(info, src), SourcePkg, "Kind") && len(src.Args) == 2 {
			return src.Args[1]
		}
	case *ast.UnaryExpr:
		lit, ok := ast.Unparen(src.X).(*ast.CompositeLit)
		if !ok || src.Op != token.AND || !kubetypes.IsNamed(info.TypeOf(lit), SourcePkg, "Kind") {
			return nil
		}
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Type" {
					return kv.Value
				}
			}
		}
	}
	return nil
}

// watchedBy is the static type of the reconciler of the controller whose Watch call
// is watch: c.Watch(…) where c was made by controller.New(name, mgr,
// controller.Options{Reconciler: r}) in the same function; nil when that cannot be
// read.
func watchedBy(pass *analysis.Pass, body *ast.BlockStmt, watch *ast.CallExpr) types.Type {
	info := pass.TypesInfo
	if watch == nil || body == nil {
		return nil
	}
	sel, ok := ast.Unparen(watch.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Watch" {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	newCall, ok := ast.Unparen(syntax.ValueOf(pass, body, v)).(*ast.CallExpr)
	if !ok || len(newCall.Args) < 3 {
		return nil
	}
	if fn := kubetypes.Callee(info, newCall); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != kubetypes.ControllerPkg {
		return nil
	}
	opts, ok := ast.Unparen(newCall.Args[2]).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, elt := range opts.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Reconciler" {
				return info.TypeOf(kv.Value)
			}
		}
	}
	return nil
}

func hasReconcile(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != "Reconcile" {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			// Reconcile(ctx, req), or Reconcile(req) as controller-runtime before 0.7
			// declared it (and as reconcilers a wrapper of another package calls still
			// do).
			sig := fn.Type().(*types.Signature)
			if n := sig.Params().Len(); (n == 1 || n == 2) && kubetypes.IsNamed(sig.Params().At(n-1).Type(), kubetypes.ReconcilePkg, "Request") {
				return true
			}
		}
	}
	return false
}

// filtered applies the package doc's rule to the For call on top of the stack, with
// the options opts (For's, or a Watches' of the same chain).
func filtered(pass *analysis.Pass, stack []ast.Node, call *ast.CallExpr, opts []ast.Expr, passAll *bool, filtersIn map[ast.Node]bool) bool {
	info := pass.TypesInfo
	fn, body := syntax.EnclosingFunc(stack)
	for _, opt := range opts {
		if kubetypes.IsBuilderNamed(info.TypeOf(opt), "Predicates") {
			if !passesEveryUpdate(pass, body, opt) {
				return true
			}
			*passAll = true
		}
	}
	chain, whole := kubetypes.BuilderChain(info, stack)
	for _, c := range chain {
		if kubetypes.IsBuilderMethod(kubetypes.Callee(info, c), "WithEventFilter") && (len(c.Args) != 1 || !passesEveryUpdate(pass, body, c.Args[0])) {
			return true
		}
	}
	if !whole && fn != nil {
		has, ok := filtersIn[fn]
		if !ok {
			has = hasEventFilter(pass, body)
			filtersIn[fn] = has
		}
		return has
	}
	return false
}

// hasEventFilter reports whether body calls WithEventFilter with a predicate that may
// drop a status-only update; one that passes every update
// (ResourceVersionChangedPredicate, a Funcs without UpdateFunc) filters nothing,
// wherever the call is.
func hasEventFilter(pass *analysis.Pass, body *ast.BlockStmt) bool {
	info := pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "WithEventFilter") &&
			(len(call.Args) != 1 || !passesEveryUpdate(pass, body, call.Args[0])) {
			found = true
		}
		return !found
	})
	return found
}

// passesEveryUpdate reports whether a predicate (or builder.WithPredicates(…), whose
// predicates must all pass) lets every status-only update through, as far as its
// source says (see passes). Anything else may filter, and is trusted to.
func passesEveryUpdate(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr) bool {
	return passes(pass, body, e, 0)
}

// passes reports whether the predicate e cannot drop a status-only update (an update
// whose new object differs from the old one in its status and resourceVersion only):
//
//   - predicate.Funcs without an UpdateFunc, or with one that passes (passesStatusOnly),
//     ResourceVersionChangedPredicate (every write changes the resourceVersion),
//     LabelSelectorPredicate, and NewPredicateFuncs with a filter that reads no
//     status (filterMayReadStatus; a filter of one object cannot tell what an update
//     changed), Not of a generation, label or annotation change predicate;
//   - a value of a type whose Update method passes, in this package or, through the
//     PassesStatusOnly fact, in another; a call of a function that returns one;
//   - an Or with one of those, an And of only those;
//   - a variable assigned once, followed to its value.
func passes(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr, depth int) bool {
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
		if val := syntax.ValueOf(pass, body, v); val != nil {
			return passes(pass, body, val, depth+1)
		}
		return false
	case *ast.UnaryExpr:
		return x.Op == token.AND && passes(pass, body, x.X, depth+1)
	case *ast.CompositeLit:
		t := info.TypeOf(x)
		switch {
		case kubetypes.IsNamed(t, kubetypes.PredicatePkg, "TypedResourceVersionChangedPredicate"), kubetypes.IsNamed(t, kubetypes.PredicatePkg, "ResourceVersionChangedPredicate"):
			return true
		case kubetypes.IsNamed(t, kubetypes.PredicatePkg, "TypedFuncs"), kubetypes.IsNamed(t, kubetypes.PredicatePkg, "Funcs"):
			for _, elt := range x.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					return false // positional: UpdateFunc is there, whatever it does
				}
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "UpdateFunc" {
					return updateFuncPasses(pass, kv.Value)
				}
			}
			return true // no UpdateFunc: Funcs passes every update
		}
		return typePasses(pass, t)
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, x)
		switch {
		case kubetypes.IsBuilderFunc(fn, "WithPredicates"), kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "And"):
			if len(x.Args) == 0 {
				return true
			}
			for _, a := range x.Args {
				if !passes(pass, body, a, depth+1) {
					return false
				}
			}
			return true
		case kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "Or"):
			for _, a := range x.Args {
				if passes(pass, body, a, depth+1) {
					return true
				}
			}
			return false
		case kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "Not"):
			return len(x.Args) == 1 && dropsStatusOnly(info, x.Args[0])
		case kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "NewPredicateFuncs"), kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "NewTypedPredicateFuncs"):
			return len(x.Args) == 1 && !filterMayReadStatus(pass, body, x.Args[0])
		case kubetypes.IsFunc(fn, kubetypes.PredicatePkg, "LabelSelectorPredicate"):
			return true
		case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() != kubetypes.PredicatePkg:
			return funcPasses(pass, fn)
		}
	}
	return false
}

// filterMayReadStatus reports whether a filter of one object (NewPredicateFuncs's)
// may decide by the object's status: its body reads a Status field, or hands the
// object whole (itself, asserted to its kind, or a variable holding that) to a
// function, which may read it (IsApproved(cr)). Such a filter drops the object once
// its status reaches a state (a final one), and the controller's own write that
// brings it there does not come back: it may filter, and is trusted to. A filter
// that reads only metadata (o.GetNamespace() == ns) passes every status-only
// update. A function declared elsewhere than the package is trusted the same.
func filterMayReadStatus(pass *analysis.Pass, body *ast.BlockStmt, e ast.Expr) bool {
	info := pass.TypesInfo
	var fbody *ast.BlockStmt
	var params *ast.FieldList
	switch f := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		fbody, params = f.Body, f.Type.Params
	default:
		fn := syntax.FuncValue(info, f)
		decl := syntax.DeclOf(pass, fn)
		if decl == nil || decl.Body == nil {
			return fn != nil // a function of another package: trusted
		}
		fbody, params = decl.Body, decl.Type.Params
	}
	if params == nil || len(params.List) != 1 || len(params.List[0].Names) != 1 {
		return true
	}
	return deletingOnly(info, fbody) || readsStatusOf(info, fbody, info.Defs[params.List[0].Names[0]], pass, 0)
}

// deletingOnly reports whether a filter's body passes an object only while it is
// being deleted: every return gives false, or a test that its deletion timestamp is
// set (o.GetDeletionTimestamp() != nil, !o.DeletionTimestamp.IsZero()), alone or as
// one side of an &&. Such a filter drops every status-only update of a live object;
// during a deletion it passes the updates that finish it, which end with the
// finalizer's removal (the deletion pass opgen's own predicate keeps).
func deletingOnly(info *types.Info, body *ast.BlockStmt) bool {
	deleting := 0
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) != 1 {
				ok = false
				break
			}
			switch r := x.Results[0]; {
			case syntax.IsConst(info, r, "false"):
			case deletionTest(r):
				deleting++
			default:
				ok = false
			}
		}
		return ok
	})
	return ok && deleting > 0
}

// alwaysTrue reports whether body has a return, and every return of it, outside
// function literals, gives the constant true.
func alwaysTrue(info *types.Info, body *ast.BlockStmt) bool {
	all, returns := true, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			if len(x.Results) != 1 || !syntax.IsConst(info, x.Results[0], "true") {
				all = false
			}
		}
		return all
	})
	return all && returns > 0
}

// deletionTest reports whether e tests that an object's deletion timestamp is set,
// alone or as one side of an &&.
func deletionTest(e ast.Expr) bool {
	isTimestamp := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
			e = call.Fun
		}
		sel, ok := e.(*ast.SelectorExpr)
		return ok && (sel.Sel.Name == "GetDeletionTimestamp" || sel.Sel.Name == "DeletionTimestamp")
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			return deletionTest(x.X) || deletionTest(x.Y)
		case token.NEQ:
			return isTimestamp(x.X) && isNil(x.Y) || isTimestamp(x.Y) && isNil(x.X)
		}
	case *ast.UnaryExpr:
		if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok && x.Op == token.NOT && len(call.Args) == 0 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsZero" {
				return isTimestamp(sel.X)
			}
		}
	}
	return false
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// readsStatusOf reports whether body may read the status of the object v holds (a
// filter's parameter, or an update event whose ObjectNew is read): a Status field, a
// method of the kind's own, or the object handed whole to a function. With pass, a
// function of the package handed the object is read in turn, three calls deep (a
// filter that asks IsManaged(o.(*Pool), cp), which compares the pool's spec with the
// provider's classes, reads no status); one of another package may read it.
func readsStatusOf(info *types.Info, fbody *ast.BlockStmt, v types.Object, pass *analysis.Pass, depth int) bool {
	obj := map[types.Object]bool{v: true}
	// Variables holding the object (cr := o.(*Foo), cr, ok := o.(*Foo)).
	ast.Inspect(fbody, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if holdsObject(info, as.Rhs[0], obj) {
				if id, ok := as.Lhs[0].(*ast.Ident); ok {
					if v := info.ObjectOf(id); v != nil {
						obj[v] = true
					}
				}
			}
		}
		return true
	})
	reads := false
	ast.Inspect(fbody, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == "Status" {
				reads = true
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			// A method of the kind's own (cr.IsReady()), not the metadata getters of
			// ObjectMeta or client.Object's.
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && holdsObject(info, sel.X, obj) {
				if m, ok := info.Uses[sel.Sel].(*types.Func); ok && m.Pkg() != nil && m.Pkg().Path() != kubetypes.MetaV1Pkg && !isInterfaceMethod(m) {
					reads = true
				}
			}
			for i, a := range x.Args {
				if holdsObject(info, a, obj) {
					reads = reads || !followedReadsNone(pass, kubetypes.Callee(info, x), i, depth)
				}
			}
		}
		return !reads
	})
	return reads
}

// followedReadsNone reports whether fn, a function of the package pass analyzes,
// reads no status of the object its parameter i is handed (readsStatusOf of its
// body), within three calls. false when that is not known: no pass, a function of
// another package, a variadic or unnamed parameter.
func followedReadsNone(pass *analysis.Pass, fn *types.Func, i, depth int) bool {
	if pass == nil || fn == nil || depth >= 3 {
		return false
	}
	decl := syntax.DeclOf(pass, fn)
	if decl == nil || decl.Body == nil || fn.Signature().Variadic() || i >= fn.Signature().Params().Len() {
		return false
	}
	p := fn.Signature().Params().At(i)
	if p.Name() == "" || p.Name() == "_" {
		return false
	}
	return !readsStatusOf(pass.TypesInfo, decl.Body, p, pass, depth+1)
}

// holdsObject reports whether e is one of objs, or a type assertion or conversion of
// one.
func holdsObject(info *types.Info, e ast.Expr, objs map[types.Object]bool) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return objs[info.ObjectOf(x)]
	case *ast.SelectorExpr: // an update event's new object
		return x.Sel.Name == "ObjectNew" && holdsObject(info, x.X, objs)
	case *ast.TypeAssertExpr:
		return holdsObject(info, x.X, objs)
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return holdsObject(info, x.Args[0], objs)
		}
	}
	return false
}

// isInterfaceMethod reports whether m is a method of an interface (client.Object's
// GetNamespace), which a filter of any kind may call.
func isInterfaceMethod(m *types.Func) bool {
	recv := m.Signature().Recv()
	if recv == nil {
		return false
	}
	_, ok := recv.Type().Underlying().(*types.Interface)
	return ok
}

// dropsStatusOnly reports whether e is a predicate that drops every status-only
// update: a generation, label or annotation change predicate.
func dropsStatusOnly(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	for _, name := range []string{"TypedGenerationChangedPredicate", "TypedLabelChangedPredicate", "TypedAnnotationChangedPredicate", "GenerationChangedPredicate", "LabelChangedPredicate", "AnnotationChangedPredicate"} {
		if kubetypes.IsNamed(t, kubetypes.PredicatePkg, name) {
			return true
		}
	}
	return false
}

// typePasses reports whether values of the named type t (or a pointer to it) pass
// every status-only update: its Update method is declared outside controller-runtime
// and passes (in this package, judged here; in another, its fact), or it has none of
// its own but TypedFuncs' or ResourceVersionChangedPredicate's, promoted from an
// embedded field, that the literal leaves as it is.
func typePasses(pass *analysis.Pass, t types.Type) bool {
	n := kubetypes.Named(t)
	if n == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), "Update")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	if m.Pkg() != nil && m.Pkg().Path() == kubetypes.PredicatePkg {
		return false // an embedded predicate of controller-runtime's: judged by its own type, not here
	}
	return funcPasses(pass, m)
}

// funcPasses reports whether fn, an Update method or a function returning a
// predicate, passes every status-only update: by its fact, or, in this package, by
// judging its declaration.
func funcPasses(pass *analysis.Pass, fn *types.Func) bool {
	fn = fn.Origin()
	if fn.Pkg() != pass.Pkg {
		return fn.Pkg() != nil && pass.ImportObjectFact(fn, new(PassesStatusOnly))
	}
	decl := syntax.DeclOf(pass, fn)
	return decl != nil && declPasses(pass, decl)
}

// declPasses judges a declaration: an Update(event) bool method by its body, a
// function that returns a predicate by what every return statement returns.
func declPasses(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	info := pass.TypesInfo
	if decl.Body == nil {
		return false
	}
	if ev := updateEventParam(info, decl.Type); ev != nil && decl.Name.Name == "Update" {
		return passesStatusOnly(info, decl.Body, ev)
	}
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil || fn.Signature().Results().Len() == 0 {
		return false
	}
	found := false
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) == 0 {
				ok = false
				return false
			}
			found = true
			if !passes(pass, decl.Body, x.Results[0], 1) {
				ok = false
			}
		}
		return ok
	})
	return found && ok
}

// exportPassing exports the PassesStatusOnly fact of every Update method and every
// function returning a predicate, of the package, that passes every status-only
// update.
func exportPassing(pass *analysis.Pass, insp *inspector.Inspector) {
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		decl := n.(*ast.FuncDecl)
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || !returnsPredicate(fn) && !(decl.Name.Name == "Update" && updateEventParam(pass.TypesInfo, decl.Type) != nil) {
			return
		}
		if declPasses(pass, decl) {
			pass.ExportObjectFact(fn, &PassesStatusOnly{})
		}
	})
}

// returnsPredicate reports whether fn's first result is a predicate: a type with an
// Update(event) bool method.
func returnsPredicate(fn *types.Func) bool {
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(res.At(0).Type(), true, fn.Pkg(), "Update")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	p := m.Signature().Params()
	return p.Len() == 1 && isUpdateEvent(p.At(0).Type())
}

// EventPkg is controller-runtime's package of events.
const EventPkg = "sigs.k8s.io/controller-runtime/pkg/event"

// isUpdateEvent reports whether t is controller-runtime's update event:
// TypedUpdateEvent, which UpdateEvent names since 0.18, or the UpdateEvent struct of
// the versions before, whose predicate.Funcs, ResourceVersionChangedPredicate and
// the others are structs of their own names too.
func isUpdateEvent(t types.Type) bool {
	return kubetypes.IsNamed(t, EventPkg, "TypedUpdateEvent") || kubetypes.IsNamed(t, EventPkg, "UpdateEvent")
}

// updateEventParam is the parameter of a func(event.TypedUpdateEvent[T]) bool, nil
// when the signature is not one.
func updateEventParam(info *types.Info, ft *ast.FuncType) *types.Var {
	if ft.Params == nil || len(ft.Params.List) != 1 || len(ft.Params.List[0].Names) != 1 {
		return nil
	}
	v, ok := info.Defs[ft.Params.List[0].Names[0]].(*types.Var)
	if !ok || !isUpdateEvent(v.Type()) {
		return nil
	}
	return v
}

// updateFuncPasses judges the UpdateFunc of a predicate.Funcs: a function literal by
// its body, a function or method of the package by its declaration, one of another
// package by its fact.
func updateFuncPasses(pass *analysis.Pass, e ast.Expr) bool {
	info := pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		ev := updateEventParam(info, x.Type)
		if ev == nil {
			return returnsTrue(info, x) // an unnamed parameter: nothing of the event is read
		}
		return passesStatusOnly(info, x.Body, ev)
	case *ast.Ident, *ast.SelectorExpr:
		if fn := syntax.FuncValue(info, x); fn != nil {
			if fn.Pkg() != pass.Pkg {
				return fn.Pkg() != nil && pass.ImportObjectFact(fn.Origin(), new(PassesStatusOnly))
			}
			if decl := syntax.DeclOf(pass, fn); decl != nil && decl.Body != nil {
				if ev := updateEventParam(info, decl.Type); ev != nil {
					return passesStatusOnly(info, decl.Body, ev)
				}
			}
		}
	}
	return false
}

// oldObjectKeeps are the parts of an object that a status write changes or keeps
// alike in every update, so an update filter that compares only them cannot tell a
// status-only update from any other: a resync filter (resourceVersion), a namespace or
// name filter.
var oldObjectKeeps = map[string]bool{
	"GetResourceVersion": true, "ResourceVersion": true, "GetNamespace": true, "Namespace": true,
	"GetName": true, "Name": true, "GetUID": true, "UID": true,
}

// passesStatusOnly reports whether an update filter — the body of an UpdateFunc or
// of an Update method, whose event parameter is ev — cannot drop a status-only update:
// every return gives true (whatever it reads or records on the way), or it reads, of
// the event, only the new object (a filter of one
// object: a namespace, a label, an owner) and, of the old one, nothing but its
// resourceVersion, name, namespace or UID. A body whose every return is false drops
// everything and filters; one that hands the event, or the old object, to anything
// else may compare what it likes, and is trusted to.
func passesStatusOnly(info *types.Info, body *ast.BlockStmt, ev *types.Var) bool {
	allFalse, returns := true, 0
	ok := true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch x := n.(type) {
		case *ast.ReturnStmt:
			if len(x.Results) == 1 {
				returns++
				if !syntax.IsConst(info, x.Results[0], "false") {
					allFalse = false
				}
			}
		case *ast.Ident:
			if info.Uses[x] != ev {
				break
			}
			// ev.ObjectNew…, or ev.ObjectOld.GetResourceVersion() and the like.
			if len(stack) < 2 {
				ok = false
				break
			}
			sel, isSel := stack[len(stack)-2].(*ast.SelectorExpr)
			if !isSel || sel.X != x {
				ok = false
				break
			}
			switch sel.Sel.Name {
			case "ObjectNew":
			case "ObjectOld":
				if len(stack) < 3 {
					ok = false
					break
				}
				outer, isSel := stack[len(stack)-3].(*ast.SelectorExpr)
				if !isSel || outer.X != sel || !oldObjectKeeps[outer.Sel.Name] {
					ok = false
				}
			default:
				ok = false
			}
		}
		return ok
	})
	if returns > 0 && allFalse || deletingOnly(info, body) {
		return false
	}
	if alwaysTrue(info, body) {
		return true // whatever it reads or records on the way, it passes every update
	}
	// A filter of the new object that decides by its status may drop the update of
	// the controller's own write (see filterMayReadStatus).
	return ok && !readsStatusOf(info, body, ev, nil, 0)
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

// exportWrappers exports the WrapsFor fact of each method that stores its one
// parameter in the field of its receiver that a filtered For of the package hands to
// controller-runtime's For (see WrapsFor).
func exportWrappers(pass *analysis.Pass, insp *inspector.Inspector, filtersIn map[ast.Node]bool) {
	info := pass.TypesInfo
	fields := map[*types.Var]bool{} // fields a filtered For watches
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		call := n.(*ast.CallExpr)
		if !push || !kubetypes.IsBuilderMethod(kubetypes.Callee(info, call), "For") || len(call.Args) == 0 {
			return true
		}
		sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		field, ok := info.Uses[sel.Sel].(*types.Var)
		if !ok || !field.IsField() {
			return true
		}
		var passAll bool
		if filtered(pass, stack, call, call.Args[1:], &passAll, filtersIn) {
			fields[field] = true
		}
		return true
	})
	if len(fields) == 0 {
		return
	}
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		decl := n.(*ast.FuncDecl)
		fn, _ := info.Defs[decl.Name].(*types.Func)
		if fn == nil || decl.Recv == nil || decl.Body == nil || fn.Signature().Params().Len() != 1 {
			return
		}
		param := fn.Signature().Params().At(0)
		stores := false
		ast.Inspect(decl.Body, func(x ast.Node) bool {
			as, ok := x.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return !stores
			}
			sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
			id, isID := ast.Unparen(as.Rhs[0]).(*ast.Ident)
			if ok && isID && info.Uses[id] == param {
				if f, ok := info.Uses[sel.Sel].(*types.Var); ok && fields[f] {
					stores = true
				}
			}
			return !stores
		})
		if stores {
			pass.ExportObjectFact(fn, &WrapsFor{})
		}
	})
}
