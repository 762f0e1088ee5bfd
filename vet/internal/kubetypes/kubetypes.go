package kubetypes

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Package paths of the APIs the analyzers match.
const (
	ClientPkg     = "sigs.k8s.io/controller-runtime/pkg/client"
	BuilderPkg    = "sigs.k8s.io/controller-runtime/pkg/builder"
	PredicatePkg  = "sigs.k8s.io/controller-runtime/pkg/predicate"
	ReconcilePkg  = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	ControllerPkg = "sigs.k8s.io/controller-runtime/pkg/controller"
	MetaV1Pkg     = "k8s.io/apimachinery/pkg/apis/meta/v1"
	MetaPkg       = "k8s.io/apimachinery/pkg/api/meta"
	EqualityPkg   = "k8s.io/apimachinery/pkg/api/equality"
	HandlerPkg    = "sigs.k8s.io/controller-runtime/pkg/handler"

	// MulticlusterBuilderPkg is multicluster-runtime's fork of the controller
	// builder: the same TypedBuilder, For, Owns, Watches, WithEventFilter, Complete
	// and WithPredicates, for controllers that reconcile kinds in many clusters.
	MulticlusterBuilderPkg = "sigs.k8s.io/multicluster-runtime/pkg/builder"
)

// builderPkgs are the packages whose TypedBuilder is a controller builder.
var builderPkgs = [...]string{BuilderPkg, MulticlusterBuilderPkg}

// IsBuilderNamed reports whether t is the type name of a controller builder's
// package (TypedBuilder, Builder, Predicates), in controller-runtime or its
// multicluster-runtime fork.
func IsBuilderNamed(t types.Type, name string) bool {
	for _, p := range builderPkgs {
		if IsNamed(t, p, name) {
			return true
		}
	}
	return false
}

// IsBuilderFunc reports whether fn is the package-level function name of a controller
// builder's package (WithPredicates).
func IsBuilderFunc(fn *types.Func, name string) bool {
	for _, p := range builderPkgs {
		if IsFunc(fn, p, name) {
			return true
		}
	}
	return false
}

// Callee is the function or method a call calls, with a generic one reduced to its
// origin; nil for a conversion, a builtin or a call of a func value.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// IsFunc reports whether fn is the package-level function pkgPath.name.
func IsFunc(fn *types.Func, pkgPath, name string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Name() != name || fn.Pkg().Path() != pkgPath {
		return false
	}
	return fn.Type().(*types.Signature).Recv() == nil
}

// IsNewClient reports whether fn is client.New or client.NewWithWatch: a client
// that reads the API server, without a cache.
func IsNewClient(fn *types.Func) bool {
	return IsFunc(fn, ClientPkg, "New") || IsFunc(fn, ClientPkg, "NewWithWatch")
}

// ChangesConditions reports whether fn is meta.SetStatusCondition,
// meta.RemoveStatusCondition or the kubernetes pod helper UpdatePodCondition
// (k8s.io/kubernetes/pkg/api/v1/pod, which controllers of pods import): each answers
// whether it changed the conditions it was handed, so its true is a diff.
func ChangesConditions(fn *types.Func) bool {
	return IsFunc(fn, MetaPkg, "SetStatusCondition") || IsFunc(fn, MetaPkg, "RemoveStatusCondition") ||
		IsFunc(fn, "k8s.io/kubernetes/pkg/api/v1/pod", "UpdatePodCondition")
}

// IsMethod reports whether fn is the method name of the type pkgPath.typeName (an
// interface, a struct or a generic type's origin), whatever it was called through.
func IsMethod(fn *types.Func, pkgPath, typeName, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	return IsNamed(recv.Type(), pkgPath, typeName)
}

// Named is t's named type after aliases and one pointer are removed, reduced to its
// generic origin; nil when t is not (a pointer to) a named type.
func Named(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	if n == nil {
		return nil
	}
	return n.Origin()
}

// IsNamed reports whether t is, or points to, the named type pkgPath.name.
func IsNamed(t types.Type, pkgPath, name string) bool {
	n := Named(t)
	return n != nil && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkgPath
}

// TypeString is t as a reader knows it: the package name and the type name, with a
// leading * for a pointer (*v1alpha1.Memcached).
func TypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// builtinAPIModules are the modules that declare Kubernetes' built-in kinds, served by
// the API server itself: a kind declared in one of them is no custom resource. A module
// path under sigs.k8s.io/ says nothing (kubebuilder's own samples, Gateway API and
// cluster-api live there and declare custom resources): the decision is per type.
var builtinAPIModules = []string{
	"k8s.io/api", "k8s.io/apimachinery", "k8s.io/apiextensions-apiserver",
	"k8s.io/kube-aggregator", "k8s.io/metrics", "k8s.io/apiserver",
}

// IsBuiltinAPIPackage reports whether path is a package of the modules that declare
// Kubernetes' built-in kinds.
func IsBuiltinAPIPackage(path string) bool {
	for _, m := range builtinAPIModules {
		if path == m || strings.HasPrefix(path, m+"/") {
			return true
		}
	}
	return false
}

// objectStruct is t's struct when t is (a pointer to) a named struct type that embeds
// metav1.ObjectMeta, as every Kubernetes kind does.
func objectStruct(t types.Type) (*types.Named, *types.Struct) {
	n := Named(t)
	if n == nil {
		return nil, nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	for f := range st.Fields() {
		if f.Embedded() && IsNamed(f.Type(), MetaV1Pkg, "ObjectMeta") {
			return n, st
		}
	}
	return nil, nil
}

// IsAPIObject reports whether t is (a pointer to) a kind: a struct embedding
// metav1.ObjectMeta, built-in or custom.
func IsAPIObject(t types.Type) bool {
	n, _ := objectStruct(t)
	return n != nil
}

// IsCustomResource reports whether t is (a pointer to) a custom resource: a kind
// declared outside the modules of Kubernetes' built-in kinds.
func IsCustomResource(t types.Type) bool {
	n, _ := objectStruct(t)
	return n != nil && n.Obj().Pkg() != nil && !IsBuiltinAPIPackage(n.Obj().Pkg().Path())
}

// HasStatusSubresource reports whether t is (a pointer to) a custom resource with a
// field named Status whose type is a struct with fields, or a pointer to one (see the
// package doc). A Status of struct{} is nothing a controller writes.
func HasStatusSubresource(t types.Type) bool {
	if !IsCustomResource(t) {
		return false
	}
	_, st := objectStruct(t)
	for f := range st.Fields() {
		if f.Name() != "Status" {
			continue
		}
		ft := types.Unalias(f.Type())
		if p, ok := ft.(*types.Pointer); ok {
			ft = p.Elem()
		}
		st, isStruct := ft.Underlying().(*types.Struct)
		return isStruct && st.NumFields() > 0
	}
	return false
}

// IsStatusWrite reports whether call writes the status subresource: Update, Patch or
// Apply of a client.SubResourceWriter (what Status() returns; before controller-runtime
// 0.14 a client.StatusWriter of its own, Update or Patch) unless it was reached
// through SubResource("<name>") for another subresource than "status".
func IsStatusWrite(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	switch {
	case IsMethod(fn, ClientPkg, "SubResourceWriter", "Update"),
		IsMethod(fn, ClientPkg, "SubResourceWriter", "Patch"),
		IsMethod(fn, ClientPkg, "SubResourceWriter", "Apply"),
		// Before controller-runtime 0.14, Status() returned a StatusWriter
		// interface of its own rather than an alias of SubResourceWriter.
		IsMethod(fn, ClientPkg, "StatusWriter", "Update"),
		IsMethod(fn, ClientPkg, "StatusWriter", "Patch"):
	default:
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || !IsMethod(Callee(info, inner), ClientPkg, "SubResourceClientConstructor", "SubResource") || len(inner.Args) != 1 {
		return true
	}
	if tv, ok := info.Types[inner.Args[0]]; ok && tv.Value != nil {
		return strings.Trim(tv.Value.ExactString(), `"`) == "status"
	}
	return true // a subresource name computed at run time: assume status
}

// patchHelpers are the patch helpers whose Patch(ctx, obj) sends, with the object's
// other changes, its status subresource: cluster-api's (and its copy kept for the
// deprecated v1beta1 API) and fluxcd's runtime's.
var patchHelpers = []struct{ pkg, typ string }{
	{"sigs.k8s.io/cluster-api/util/patch", "Helper"},
	{"sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch", "Helper"},
	{"github.com/fluxcd/pkg/runtime/patch", "Helper"},
	{"github.com/fluxcd/pkg/runtime/patch", "SerialPatcher"},
}

// IsPatchHelperPatch reports whether call is the Patch of a patch helper that writes
// the status subresource of the object it is handed whenever its status changed
// (helper.Patch(ctx, obj), often deferred): a status write, though no Status() call
// is in sight, which the controllers of the object's kind watch.
func IsPatchHelperPatch(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	for _, h := range patchHelpers {
		if IsMethod(fn, h.pkg, h.typ, "Patch") {
			return true
		}
	}
	return false
}

// IsObjectUpdate reports whether call is Update of the object itself through a
// client.Writer (Client.Update, a reconciler's embedded client's Update).
func IsObjectUpdate(info *types.Info, call *ast.CallExpr) bool {
	return IsMethod(Callee(info, call), ClientPkg, "Writer", "Update")
}

// IsStatusUpdate reports whether call is Update of the status subresource.
func IsStatusUpdate(info *types.Info, call *ast.CallExpr) bool {
	return IsStatusWrite(info, call) && Callee(info, call).Name() == "Update"
}

// IsBuilderMethod reports whether fn is the method name of controller-runtime's
// controller builder (builder.TypedBuilder, of which builder.Builder and ctrl.Builder
// are aliases) or of multicluster-runtime's fork of it.
func IsBuilderMethod(fn *types.Func, name string) bool {
	for _, p := range builderPkgs {
		if IsMethod(fn, p, "TypedBuilder", name) || IsMethod(fn, p, "Builder", name) {
			return true
		}
	}
	return false
}

// StatusOwner is the custom resource whose status e reaches, or nil: e is a selector
// chain through the Status field of a custom resource (obj.Status.X, obj.Status,
// r.obj.Status.Conditions[0].Reason) or through a pointer to a custom resource's
// status type (st := &obj.Status; st.X, func(status *FooStatus) { status.X }). A
// field named Status of something else on the way (a condition's,
// obj.Status.Conditions[i].Status) is passed over.
func StatusOwner(info *types.Info, e ast.Expr) types.Type {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == "Status" {
				if v, ok := info.ObjectOf(x.Sel).(*types.Var); ok && v.IsField() {
					if t := info.TypeOf(x.X); IsCustomResource(t) {
						return t
					}
				}
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			v, ok := info.ObjectOf(x).(*types.Var)
			if !ok {
				return nil
			}
			p, ok := types.Unalias(v.Type()).(*types.Pointer)
			if !ok {
				return nil
			}
			return KindOfStatus(p.Elem())
		default:
			return nil
		}
	}
}

// KindOfStatus is the custom resource, declared in the same package as t, whose Status
// field has the named struct type t (by value or by pointer); nil when there is none.
func KindOfStatus(t types.Type) types.Type {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !IsCustomResource(tn.Type()) {
			continue
		}
		_, st := objectStruct(tn.Type())
		for f := range st.Fields() {
			if f.Name() != "Status" {
				continue
			}
			ft := types.Unalias(f.Type())
			if p, ok := ft.(*types.Pointer); ok {
				ft = types.Unalias(p.Elem())
			}
			if types.Identical(ft, n) {
				return types.NewPointer(tn.Type())
			}
		}
	}
	return nil
}

// BuilderChain is the method chain of controller builder calls that the call at the
// top of stack belongs to, innermost first:
// ctrl.NewControllerManagedBy(mgr).For(…).Owns(…).Complete(r) gives the calls of
// NewControllerManagedBy, For, Owns and Complete. whole reports whether the chain
// starts at a constructor call and ends in Complete or Build, so that no part of the
// builder's configuration can be elsewhere.
func BuilderChain(info *types.Info, stack []ast.Node) (calls []*ast.CallExpr, whole bool) {
	top := stack[len(stack)-1].(*ast.CallExpr)
	// Down the receivers.
	var down []*ast.CallExpr
	cur := top
	started := false
	for {
		sel, ok := ast.Unparen(cur.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			break
		}
		fn := Callee(info, inner)
		if isBuilderConstructor(info, inner) {
			down = append(down, inner)
			started = true
			break
		}
		if fn == nil || !isBuilderType(fn) {
			break
		}
		down = append(down, inner)
		cur = inner
	}
	for i := len(down) - 1; i >= 0; i-- {
		calls = append(calls, down[i])
	}
	calls = append(calls, top)
	// Up the parents: call.Fun is a selector whose X is the previous call.
	last := top
	for i := len(stack) - 1; i >= 2; i -= 2 {
		sel, ok := stack[i-1].(*ast.SelectorExpr)
		if !ok || ast.Unparen(sel.X) != stack[i] {
			break
		}
		call, ok := stack[i-2].(*ast.CallExpr)
		if !ok || call.Fun != sel || !isBuilderType(Callee(info, call)) {
			break
		}
		calls = append(calls, call)
		last = call
	}
	end := ""
	if fn := Callee(info, last); fn != nil {
		end = fn.Name()
	}
	return calls, started && (end == "Complete" || end == "Build")
}

// isBuilderType reports whether fn is a method of the controller builder.
func isBuilderType(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && isBuilder(recv.Type())
}

// isBuilder reports whether t is a controller builder (TypedBuilder, or Builder, its
// alias for reconcile.Request).
func isBuilder(t types.Type) bool {
	return IsBuilderNamed(t, "TypedBuilder") || IsBuilderNamed(t, "Builder")
}

// isBuilderConstructor reports whether call creates a controller builder: a call
// whose result is a *builder.TypedBuilder and that is not a method of one
// (ctrl.NewControllerManagedBy, builder.ControllerManagedBy,
// builder.TypedControllerManagedBy).
func isBuilderConstructor(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if t == nil || !isBuilder(t) {
		return false
	}
	return !isBuilderType(Callee(info, call))
}

// RetryPkg is client-go's retry package, whose functions call a function literal again
// on a conflict.
const RetryPkg = "k8s.io/client-go/util/retry"

// WaitPkg is apimachinery's polling package.
const WaitPkg = "k8s.io/apimachinery/pkg/util/wait"

// ErrorsPkg is apimachinery's package of API errors.
const ErrorsPkg = "k8s.io/apimachinery/pkg/api/errors"

// InRetry reports whether the write of obj on top of the stack is retried on a 409
// Conflict with a fresh read: the innermost function literal on the stack is called
// again on a conflict — an argument of a call of the retry package (RetryOnConflict,
// OnError), or of a polling function of the wait package whose body asks
// errors.IsConflict (a hand-written retry: on a conflict, poll again), or of a test
// library's Eventually whose attempt fails on an error — and reads obj
// again in it: a Get or List into the variable obj is rooted at, or an assignment in
// it that gives that variable a value no variable from outside holds (the result of a
// getter, old, err := r.getX(ctx, key), or a deep copy of a variable read again so:
// obj := old.DeepCopy()). Each attempt then sends what it read. A retry that resends
// the object it was given sends the same stale resourceVersion every time. So does a
// loop around the write, within the function, whose body asks errors.IsConflict and
// reads obj again. Either may instead give obj the resourceVersion of a variable it
// reads again (desired.ResourceVersion = existing.ResourceVersion, existing read in
// the literal): each attempt sends the version just read. So does a wait poll whose
// literal, after the write, reads obj again and can end the attempt not done and
// without an error (return false, nil): the next attempt sends what it read, whatever
// the write's error was (a health monitor's poll: if err := update(obj); err == nil {
// return true, nil }; c.Get(ctx, key, obj); return false, nil), or whose literal
// reads obj afresh on each attempt and ends the attempt not done and without an error
// when the write failed (fresh := &Foo{}; c.Get(ctx, key, fresh); err =
// c.Status().Update(ctx, fresh); if err == nil { return true, nil }; return false,
// nil: a retry on any error). So does a second try
// by hand after a conflict, of an object read again after it (retriedOnce).
func InRetry(info *types.Info, stack []ast.Node, obj ast.Expr) bool {
	v := syntax.Root(info, obj)
	outer := outermostBody(stack)
	if lit := conflictRetryLit(info, stack); lit != nil && (rereads(info, lit.Body, v, 0) || givenVersion(info, lit.Body, outer, v)) {
		return true
	}
	if lit := pollLit(info, stack); lit != nil && (readsAfter(info, lit.Body, v, stack[len(stack)-1].End()) && pollsAgain(info, lit) ||
		rereads(info, lit.Body, v, 0) && failedWritePollsAgain(info, stack)) {
		return true
	}
	loop := conflictRetryLoop(info, stack)
	if loop != nil && (rereads(info, loop, v, 0) || givenVersion(info, loop, outer, v)) {
		return true
	}
	return retriedOnce(info, stack, v)
}

// retriedOnce reports whether the write on top of the stack is a retry by hand: it is
// reached only when an earlier write failed with a conflict (in the body of if
// errors.IsConflict(err), alone or with && other tests, or past if
// !errors.IsConflict(err) { return … }), and v is read again between that test and
// the write (write; if !IsConflict(err) { return }; fresh := &Foo{}; c.Get(ctx, key,
// fresh); write fresh). It sends what it just read, as a conflict retry's attempt
// does.
func retriedOnce(info *types.Info, stack []ast.Node, v *types.Var) bool {
	if v == nil {
		return false
	}
	isConflict := func(e ast.Expr, want bool) bool {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.NOT {
			e, want = u.X, !want
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && want && IsFunc(Callee(info, call), ErrorsPkg, "IsConflict")
	}
	// read says whether v was read again on the way, below the node the walk is at.
	read := false
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			before := syntax.Before(p.List, stack[i+1])
			for j := len(before) - 1; j >= 0; j-- {
				if is, ok := before[j].(*ast.IfStmt); ok && read && is.Else == nil && syntax.Leaves(is.Body.List) && isConflict(is.Cond, false) {
					return true
				}
				if readsAfter(info, before[j], v, token.NoPos) {
					read = true
				}
			}
		case *ast.IfStmt:
			if read && stack[i+1] == p.Body && slices.ContainsFunc(syntax.Conjuncts(p.Cond), func(x ast.Expr) bool { return isConflict(x, true) }) {
				return true
			}
		}
	}
	return false
}

// pollLit is the innermost function literal on the stack when a function of the wait
// package runs it in place (directly, or through a wrapper of the package), nil
// otherwise.
func pollLit(info *types.Info, stack []ast.Node) *ast.FuncLit {
	lit, call := inPlaceLit(info, stack)
	if lit == nil || call == nil || retryPackage(info, call) != WaitPkg {
		return nil
	}
	return lit
}

// inPlaceLit is the innermost function literal on the stack and the call that runs
// it, when it is run in place (see RunInPlace); nil, nil otherwise.
func inPlaceLit(info *types.Info, stack []ast.Node) (*ast.FuncLit, *ast.CallExpr) {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		if !RunInPlace(info, lit, stack[i-1]) {
			return nil, nil
		}
		call, _ := Runner(lit, stack[i-1])
		return lit, call
	}
	return nil, nil
}

// readsAfter reports whether body, outside the literals it holds, reads v from the
// API server or the cache (a Get or List into it, or a filler) at a call that starts
// after pos: a read that follows the write, for the next attempt.
func readsAfter(info *types.Info, body ast.Node, v *types.Var, pos token.Pos) bool {
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if n.Pos() >= pos && fillsArg(info, n, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// pollsAgain reports whether the poll's literal has a return of (false, nil), outside
// the literals it holds: an attempt that ends not done and without an error, which
// the wait package follows with another attempt.
func pollsAgain(info *types.Info, lit *ast.FuncLit) bool {
	return returnsSo(lit.Body, func(r *ast.ReturnStmt) bool { return notDoneNoError(info, r) })
}

// notDoneNoError reports whether st is return false, nil: a poll's attempt that ends
// not done and without an error.
func notDoneNoError(info *types.Info, st ast.Stmt) bool {
	r, ok := st.(*ast.ReturnStmt)
	return ok && len(r.Results) == 2 && syntax.IsConst(info, r.Results[0], "false") && syntax.IsNil(info, r.Results[1])
}

// failedWritePollsAgain reports whether the write on top of the stack, in a poll's
// literal, ends the attempt not done and without an error when it fails, so that the
// wait package makes another: its error, assigned by the statement that holds the
// write (err = W, err := W, or an if's init), is tested by an if (that one, or the
// statement right after the assignment) whose body ends in return false, nil on err
// != nil, or, on err == nil, whose body leaves and whose else, or the statement right
// after it, is return false, nil (err = c.Status().Update(ctx, fresh); if err == nil
// { return true, nil }; return false, nil).
func failedWritePollsAgain(info *types.Info, stack []ast.Node) bool {
	lastFalseNil := func(list []ast.Stmt) bool { return len(list) > 0 && notDoneNoError(info, list[len(list)-1]) }
	if len(stack) < 3 {
		return false
	}
	as, ok := stack[len(stack)-2].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != stack[len(stack)-1] {
		return false
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok || info.ObjectOf(id) == nil {
		return false
	}
	errVar := info.ObjectOf(id)
	var test *ast.IfStmt
	var next ast.Stmt // the statement after test, if any
	switch p := stack[len(stack)-3].(type) {
	case *ast.IfStmt:
		if p.Init != as {
			return false
		}
		test = p
		if len(stack) >= 4 {
			if list := syntax.Stmts(stack[len(stack)-4]); list != nil {
				if k := slices.Index(list, ast.Stmt(p)); k >= 0 && k+1 < len(list) {
					next = list[k+1]
				}
			}
		}
	default:
		list := syntax.Stmts(p)
		k := slices.Index(list, ast.Stmt(as))
		if k < 0 || k+1 >= len(list) {
			return false
		}
		test, _ = list[k+1].(*ast.IfStmt)
		if test == nil || test.Init != nil {
			return false
		}
		if k+2 < len(list) {
			next = list[k+2]
		}
	}
	b, ok := ast.Unparen(test.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, ok := ast.Unparen(b.X).(*ast.Ident)
	if !ok || info.ObjectOf(x) != errVar {
		return false
	}
	switch {
	case syntax.ErrIs(b, token.NEQ):
		return lastFalseNil(test.Body.List)
	case syntax.ErrIs(b, token.EQL):
		if !syntax.Leaves(test.Body.List) {
			return false
		}
		if els, ok := test.Else.(*ast.BlockStmt); ok {
			return lastFalseNil(els.List)
		}
		return test.Else == nil && next != nil && notDoneNoError(info, next)
	}
	return false
}

// returnsSo reports whether body, outside the function literals it holds, has a
// return that match accepts.
func returnsSo(body *ast.BlockStmt, match func(*ast.ReturnStmt) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = found || match(n)
		}
		return !found
	})
	return found
}

// conflictRetryLoop is the body of the innermost loop on the stack, within the
// function, that asks errors.IsConflict, or that leaves when the write on top of the
// stack succeeded and goes round again otherwise (if err := Update(…); err == nil {
// return }), or, a for loop, goes round again when it failed (againOnFailure): a
// retry written by hand (for attempt := 0; attempt < n; attempt++ {
// latest := …; Get(…, latest); …; if err := Update(…); IsConflict(err) { continue }
// }), on a conflict or on any error; or the loop a goto back to a label makes
// (gotoRetry). nil when there is none.
func conflictRetryLoop(info *types.Info, stack []ast.Node) *ast.BlockStmt {
	write, _ := stack[len(stack)-1].(*ast.CallExpr)
	for i := len(stack) - 1; i >= 0; i-- {
		var body *ast.BlockStmt
		switch n := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return gotoRetry(info, stack[i:])
		case *ast.ForStmt:
			body = n.Body
			if write != nil && !indexes(info, n) && againOnFailure(info, body, write) {
				return body
			}
		case *ast.RangeStmt:
			body = n.Body
		default:
			continue
		}
		if asksConflict(info, body) || write != nil && leavesOnSuccess(info, body, write) {
			return body
		}
	}
	return gotoRetry(info, stack)
}

// writeErr is the variable body, outside the literals it holds, assigns the error of
// write to (err = write, or err := write in an if's init); nil when there is none.
func writeErr(info *types.Info, body *ast.BlockStmt, write *ast.CallExpr) *types.Var {
	var errVar *types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == write {
				if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok {
					errVar, _ = info.ObjectOf(id).(*types.Var)
				}
			}
		}
		return errVar == nil
	})
	return errVar
}

// indexes reports whether the body of loop indexes with a variable its init
// statement declares (for i := 0; i < len(items); i++ { … items[i] … }): the loop
// walks a list, and going round again goes on to the next element.
func indexes(info *types.Info, loop *ast.ForStmt) bool {
	as, ok := loop.Init.(*ast.AssignStmt)
	if !ok {
		return false
	}
	vars := map[types.Object]bool{}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
			vars[info.Defs[id]] = true
		}
	}
	found := false
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			ast.Inspect(ix.Index, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && vars[info.Uses[id]] {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// againOnFailure reports whether body, a for statement's (not a range's, which goes
// on to the next element), has an if on err != nil whose body ends in a continue of
// that loop, err the error of write: a failed write goes round again (for now :=
// time.Now(); now.Before(deadline); now = time.Now() { Get(…, obj); if done(obj) {
// return nil }; …; if err = Update(…, obj); err != nil { time.Sleep(d); continue } …
// }), on a conflict as on any error; with the read again InRetry asks for, each
// attempt sends what it just read.
func againOnFailure(info *types.Info, body *ast.BlockStmt, write *ast.CallExpr) bool {
	errVar := writeErr(info, body, write)
	if errVar == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			// A continue inside another loop is that loop's; inside a switch it
			// is this loop's, but the case around it may not be the failure.
			return false
		case *ast.IfStmt:
			if !syntax.IsNotNilTest(info, n.Cond, errVar) || len(n.Body.List) == 0 {
				break
			}
			last, ok := n.Body.List[len(n.Body.List)-1].(*ast.BranchStmt)
			found = ok && last.Tok == token.CONTINUE && last.Label == nil
		}
		return !found
	})
	return found
}

// gotoRetry is the loop a label and a goto make around the write on top of the
// stack (which begins at the innermost function holding the write, or its body): the
// statements of a block on the way from a labeled statement before the write to the
// end, when they hold a goto to that
// label and ask errors.IsConflict (Retry: latest := &Foo{}; Get(…, latest); …; if
// err := Update(…, latest); err != nil { if IsConflict(err) { goto Retry }; return
// err }). nil when there is none.
func gotoRetry(info *types.Info, stack []ast.Node) *ast.BlockStmt {
	for i := len(stack) - 2; i >= 0; i-- {
		list := syntax.Stmts(stack[i])
		for j, st := range list {
			if st == stack[i+1] {
				break
			}
			ls, ok := st.(*ast.LabeledStmt)
			if !ok {
				continue
			}
			loop := &ast.BlockStmt{List: list[j:]}
			jumps := false
			ast.Inspect(loop, func(n ast.Node) bool {
				if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil && b.Label.Name == ls.Label.Name {
					jumps = true
				}
				_, lit := n.(*ast.FuncLit)
				return !jumps && !lit
			})
			if jumps && asksConflict(info, loop) {
				return loop
			}
		}
	}
	return nil
}

// endsLoop reports whether list ends by leaving the function or the loop around it (a
// return, a panic, a break; not a continue, which goes on to the next element).
func endsLoop(list []ast.Stmt) bool {
	if len(list) > 0 {
		if b, ok := list[len(list)-1].(*ast.BranchStmt); ok {
			return b.Tok == token.BREAK && b.Label == nil
		}
	}
	return syntax.Exits(list)
}

// leavesOnSuccess reports whether body, outside the literals it holds, has an if
// whose body ends the loop (endsLoop) on err == nil, or whose else does on err !=
// nil, err assigned the result of
// write in the if's init or in another statement of body: the loop around it ends
// when the write succeeds and tries again when it fails.
func leavesOnSuccess(info *types.Info, body *ast.BlockStmt, write *ast.CallExpr) bool {
	errVar := writeErr(info, body, write)
	if errVar == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr)
			if !ok || !syntax.IsNil(info, b.Y) {
				break
			}
			id, ok := ast.Unparen(b.X).(*ast.Ident)
			if !ok || info.ObjectOf(id) != errVar {
				break
			}
			// if err == nil { break }, or if err != nil { … } else { break }.
			switch {
			case b.Op == token.EQL && len(n.Body.List) > 0:
				found = endsLoop(n.Body.List)
			case b.Op == token.NEQ:
				if els, ok := n.Else.(*ast.BlockStmt); ok && len(els.List) > 0 {
					found = endsLoop(els.List)
				}
			}
		}
		return !found
	})
	return found
}

// givenVersion reports whether body gives v the resourceVersion of a variable it
// reads again itself (obj.ResourceVersion = latest.ResourceVersion, or
// obj.SetResourceVersion(latest.GetResourceVersion()), latest filled by a Get in
// body): each attempt sends the version just read.
func givenVersion(info *types.Info, body, outer *ast.BlockStmt, v *types.Var) bool {
	if v == nil {
		return false
	}
	found := false
	check := func(lhs, rhs ast.Expr) {
		if aliased(info, outer, syntax.Root(info, lhs)) != v {
			return
		}
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && len(call.Args) == 0 {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetResourceVersion" {
				rhs = sel.X
			}
		}
		if w := aliased(info, outer, syntax.Root(info, rhs)); w != nil && w != v && rereads(info, body, w, 0) {
			found = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "ResourceVersion" && len(n.Rhs) == len(n.Lhs) {
					check(sel.X, n.Rhs[i])
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetResourceVersion" && len(n.Args) == 1 {
				check(sel.X, n.Args[0])
			}
		}
		return !found
	})
	return found
}

// outermostBody is the body of the function declaration at the bottom of the stack
// (the literals on it included); nil when there is none.
func outermostBody(stack []ast.Node) *ast.BlockStmt {
	for _, n := range stack {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd.Body
		}
	}
	return nil
}

// aliased is the variable v stands for, in body, when v is defined once there from
// another variable as it is or through a type assertion (meta := obj; freshObj, ok :=
// fresh.(metav1.Object)) and never assigned again: the same object under another
// name. v itself otherwise.
func aliased(info *types.Info, body *ast.BlockStmt, v *types.Var) *types.Var {
	if v == nil || body == nil {
		return v
	}
	var to *types.Var
	sets := 0
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			sets++
			var rhs ast.Expr
			switch {
			case len(as.Lhs) == len(as.Rhs):
				rhs = as.Rhs[i]
			case i == 0 && len(as.Rhs) == 1:
				rhs = as.Rhs[0] // x, ok := y.(T)
			}
			if ta, ok := ast.Unparen(rhs).(*ast.TypeAssertExpr); ok {
				rhs = ta.X
			}
			if rid, ok := ast.Unparen(rhs).(*ast.Ident); ok && as.Tok == token.DEFINE {
				to, _ = info.Uses[rid].(*types.Var)
			}
		}
		return true
	})
	if sets != 1 || to == nil {
		return v
	}
	return to
}

// InConflictRetry reports whether the call on top of the stack runs in a function
// literal that is called again on a 409 Conflict (as InRetry says, without asking what
// the literal reads): a function that reads its object itself, called only so, reads
// it again on each attempt.
func InConflictRetry(info *types.Info, stack []ast.Node) bool {
	return conflictRetryLit(info, stack) != nil
}

// conflictRetryLit is the innermost function literal on the stack when it is run in
// place and called again on a 409 Conflict: handed to the retry package (or a wrapper
// of it), or to a wait poll whose literal asks errors.IsConflict. nil otherwise.
func conflictRetryLit(info *types.Info, stack []ast.Node) *ast.FuncLit {
	lit, call := inPlaceLit(info, stack)
	if lit == nil {
		return nil
	}
	if fn := Callee(info, call); eventually(fn) || anyErrorRetry(fn) {
		if !failsOnError(info, lit) {
			return nil // it passes whatever its writes answered: no retry of them
		}
		return lit
	}
	if retryPackage(info, call) != RetryPkg && !asksConflict(info, lit.Body) {
		return nil // a wait poll retries only what its function asks it to
	}
	return lit
}

// eventually reports whether fn is a test library's poll that calls its function
// again, in place, until it succeeds: testify's Eventually and EventuallyWithT
// (require, assert, or their Assertions' methods), gomega's Eventually (a function,
// or a Gomega's method), which retry on any failure, a conflict among them.
func eventually(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Name() {
	case "Eventually", "EventuallyWithT", "EventuallyWithOffset":
	default:
		return false
	}
	p := fn.Pkg().Path()
	return p == "github.com/stretchr/testify/require" || p == "github.com/stretchr/testify/assert" ||
		p == "github.com/onsi/gomega" || strings.HasPrefix(p, "github.com/onsi/gomega/")
}

// anyErrorRetry reports whether fn is a retry library's function that calls its
// function again, in place, whenever it returns an error (a 409 Conflict among
// them): avast/retry-go's Do and DoWithData, cenkalti/backoff's Retry,
// RetryNotify and their variants, sethvargo/go-retry's Do.
func anyErrorRetry(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	p := modulePath(fn.Pkg().Path())
	switch p {
	case "github.com/avast/retry-go":
		return fn.Name() == "Do" || fn.Name() == "DoWithData"
	case "github.com/cenkalti/backoff":
		return strings.HasPrefix(fn.Name(), "Retry")
	case "github.com/sethvargo/go-retry":
		return fn.Name() == "Do"
	}
	return false
}

// modulePath is an import path without a major-version suffix (/v4).
func modulePath(p string) string {
	if i := strings.LastIndex(p, "/v"); i > 0 {
		if _, err := strconv.Atoi(p[i+2:]); err == nil {
			return p[:i]
		}
	}
	return p
}

// failsOnError reports whether an attempt of the polled literal lit fails when a
// call in it returns an error: a return of it holds an error value (return err,
// return err == nil, return c.Update(…)), or it reports failures through the poll's
// own parameter (func(g Gomega) { g.Expect(err).To(Succeed()) }, testify's
// *CollectT).
func failsOnError(info *types.Info, lit *ast.FuncLit) bool {
	for _, f := range lit.Type.Params.List {
		t := info.TypeOf(f.Type)
		if IsNamed(t, "github.com/onsi/gomega/types", "Gomega") || IsNamed(t, "github.com/onsi/gomega", "Gomega") ||
			IsNamed(t, "github.com/stretchr/testify/assert", "CollectT") {
			return true
		}
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				ast.Inspect(r, func(m ast.Node) bool {
					if e, ok := m.(ast.Expr); ok && syntax.IsError(info.TypeOf(e)) {
						found = true
					}
					return !found
				})
			}
		}
		return !found
	})
	return found
}

// rereads reports whether body fills v with a Get or a List, or assigns v (or, when
// v is a pointer, what it points to: *v = latest, latest.DeepCopyInto(v)) a value
// that is new on each run of body: a call's result other than a deep copy (a getter's,
// a constructor's), a literal, or a deep copy or alias of a variable that body reads
// again itself. An alias or copy of a variable from outside body is the value the
// first attempt sent.
func rereads(info *types.Info, body *ast.BlockStmt, v *types.Var, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	found := false
	assigned := func(lhs, rhs []ast.Expr) {
		for i, l := range lhs {
			l = ast.Unparen(l)
			if star, ok := l.(*ast.StarExpr); ok {
				l = ast.Unparen(star.X)
			}
			id, ok := l.(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			if len(rhs) != len(lhs) {
				found = true // the results of one call: new on each run
				return
			}
			w := syntax.Root(info, rhs[i])
			found = w == nil || (w != v && rereads(info, body, w, depth+1))
			if found {
				return
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			assigned(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			if len(n.Values) > 0 {
				assigned(lhs, n.Values)
			}
		case *ast.CallExpr:
			found = fillsArg(info, n, v) || copiedInto(info, body, n, v, depth)
		}
		return !found
	})
	return found
}

// copiedInto reports whether call is w.DeepCopyInto(v) of a variable w that body
// reads again itself.
func copiedInto(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr, v *types.Var, depth int) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopyInto" || len(call.Args) != 1 || syntax.Root(info, call.Args[0]) != v {
		return false
	}
	w := syntax.Root(info, sel.X)
	return w != nil && w != v && rereads(info, body, w, depth+1)
}

// fillsArg reports whether call reads v from the API server or the cache into it: a
// Get or List into it, or a call of a function that does so with the parameter it is
// handed v as (func (r *R) getLatest(ctx, obj *Foo) error { return r.Get(ctx, key, obj)
// }; NoteRetryWrappers records such functions).
func fillsArg(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	fn := Callee(info, call)
	switch {
	case IsMethod(fn, ClientPkg, "Reader", "Get") && len(call.Args) > 2:
		return syntax.Root(info, call.Args[2]) == v
	case IsMethod(fn, ClientPkg, "Reader", "List") && len(call.Args) > 1:
		return syntax.Root(info, call.Args[1]) == v
	case fn != nil:
		if f, ok := fillers.Load(fn); ok {
			for _, i := range f.([]int) {
				if i < len(call.Args) && syntax.Root(info, call.Args[i]) == v {
					return true
				}
			}
		}
	}
	return false
}

// fillers holds, per function of every package analyzed in the process, the indexes of
// the pointer parameters it reads into on every call's path (NoteRetryWrappers).
var fillers sync.Map // *types.Func → []int

// noteFillers records the functions of files whose top-level statements read a
// pointer parameter from the API server or the cache: a Get or List into it, or a call
// of another such function (a return of one counts).
func noteFillers(info *types.Info, fd *ast.FuncDecl, fn *types.Func) {
	params := fn.Signature().Params()
	var idx []int
	for i := range params.Len() {
		p := params.At(i)
		if _, ok := p.Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		for _, st := range fd.Body.List {
			var call *ast.CallExpr
			switch st := st.(type) {
			case *ast.ExprStmt:
				call, _ = ast.Unparen(st.X).(*ast.CallExpr)
			case *ast.ReturnStmt:
				if len(st.Results) == 1 {
					call, _ = ast.Unparen(st.Results[0]).(*ast.CallExpr)
				}
			case *ast.AssignStmt:
				if len(st.Rhs) == 1 {
					call, _ = ast.Unparen(st.Rhs[0]).(*ast.CallExpr)
				}
			case *ast.IfStmt:
				if as, ok := st.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
					call, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				}
			}
			if call != nil && fillsArg(info, call, p) {
				idx = append(idx, i)
				break
			}
			if _, ok := st.(*ast.ReturnStmt); ok {
				break
			}
		}
	}
	if len(idx) > 0 {
		fillers.Store(fn, idx)
	}
}

// RunInPlace reports whether lit is handed to a function of client-go's retry
// package or apimachinery's wait package, which call it before they return: what
// guards the call guards the literal's body too.
func RunInPlace(info *types.Info, lit *ast.FuncLit, parent ast.Node) bool {
	call, i := Runner(lit, parent)
	if call == nil {
		return false
	}
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if p := fn.Pkg().Path(); p == RetryPkg || p == WaitPkg || eventually(fn) || anyErrorRetry(fn) {
		return true
	}
	w, ok := retryWrappers.Load(fn)
	return ok && w.(retryWrapper).param == i && w.(retryWrapper).retriesConflicts(info, call)
}

// Runner is the call lit is handed to and its index among the arguments: parent
// itself, or, for a literal held in a variable used once, as an argument (update :=
// func() error { … }; retry.RetryOnConflict(retry.DefaultRetry, update)), the call
// that variable is handed to. nil when there is none.
func Runner(lit *ast.FuncLit, parent ast.Node) (*ast.CallExpr, int) {
	if call, ok := parent.(*ast.CallExpr); ok {
		if i := slices.Index(call.Args, ast.Expr(lit)); i >= 0 {
			return call, i
		}
		return nil, -1
	}
	if h, ok := heldLiterals.Load(lit); ok {
		return h.(heldCall).call, h.(heldCall).index
	}
	return nil, -1
}

// heldLiterals holds, per function literal assigned to a variable that is then used
// once, as a call's argument, that call (NoteRetryWrappers fills it).
var heldLiterals sync.Map // *ast.FuncLit → heldCall

type heldCall struct {
	call  *ast.CallExpr
	index int
}

// retryPackage is the package — RetryPkg or WaitPkg — whose function call runs its
// literal argument: the callee's own, or, for a wrapper (NoteRetryWrappers), the one it
// hands the literal to.
func retryPackage(info *types.Info, call *ast.CallExpr) string {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if w, ok := retryWrappers.Load(fn); ok {
		if !w.(retryWrapper).retriesConflicts(info, call) {
			return ""
		}
		return w.(retryWrapper).pkg
	}
	return fn.Pkg().Path()
}

// retryWrappers holds what NoteRetryWrappers found, by function, for every package
// analyzed in the process: a wrapper of another package is known to its callers,
// since a package is analyzed after the packages it imports.
var retryWrappers sync.Map // *types.Func → retryWrapper

type retryWrapper struct {
	param int    // the func parameter it hands on
	pkg   string // RetryPkg or WaitPkg
	// predicate is the index of the func(error) bool parameter that decides which
	// errors are retried (func RetryOnError(b wait.Backoff, fn func() error, retriable
	// func(error) bool) error), -1 when the wrapper decides itself.
	predicate int
}

// retriesConflicts reports whether the call of the wrapper retries a 409: it has no
// predicate parameter, or is handed errors.IsConflict as it.
func (w retryWrapper) retriesConflicts(info *types.Info, call *ast.CallExpr) bool {
	if w.predicate < 0 {
		return true
	}
	return w.predicate < len(call.Args) && IsFunc(syntax.FuncValue(info, call.Args[w.predicate]), ErrorsPkg, "IsConflict")
}

// NoteRetryWrappers records the functions of files that hand one of their func
// parameters, as it is, to a function of the retry or wait package (func
// retryOnConflict(fn func() error) error { return retry.OnError(retry.DefaultRetry,
// apierrors.IsConflict, fn) }), or call it inside a literal they hand to one (a
// literal of the retry package's, or of wait's that asks errors.IsConflict:
// wait.ExponentialBackoff(b, func() (bool, error) { err := fn(); if IsConflict(err) {
// return false, nil }; … }), a retry on conflict whatever fn asks: a literal handed to
// such a wrapper runs in place as if handed to that package (RunInPlace, InRetry). A wrapper of a wrapper is found when
// its file comes after, or in a package analyzed later.
func NoteRetryWrappers(info *types.Info, files []*ast.File) {
	noteHeldLiterals(info, files)
	// Twice, so that a wrapper of a wrapper is found whatever the order of their
	// declarations.
	for range 2 {
		for _, f := range files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil {
					noteRetryWrapper(info, fd, fn)
					noteFillers(info, fd, fn)
				}
			}
		}
	}
}

func noteRetryWrapper(info *types.Info, fd *ast.FuncDecl, fn *types.Func) {
	params := fn.Signature().Params()
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		pkg := retryPackage(info, call)
		if pkg != RetryPkg && pkg != WaitPkg {
			return true
		}
		for _, a := range call.Args {
			if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
				predicate := -1
				if pkg == WaitPkg && !asksConflict(info, lit.Body) {
					// func() (bool, error) { err := fn(); if retriable(err) { return
					// false, nil } … }: which errors are retried is the caller's to say.
					if predicate = predicateParam(info, lit.Body, params); predicate < 0 {
						continue
					}
				}
				// wait.ExponentialBackoff(b, func() (bool, error) { err := fn();
				// if IsConflict(err) { return false, nil } … }): the wrapper
				// runs fn again on a conflict, whatever fn asks.
				ast.Inspect(lit.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						if i := funcParam(info, c.Fun, params); i >= 0 && i != predicate {
							retryWrappers.Store(fn, retryWrapper{param: i, pkg: RetryPkg, predicate: predicate})
						}
					}
					return true
				})
				continue
			}
			if i := funcParam(info, a, params); i >= 0 {
				retryWrappers.Store(fn, retryWrapper{param: i, pkg: pkg, predicate: -1})
			}
		}
		return true
	})
}

// predicateParam is the index of the func(error) bool parameter among params that body
// calls, -1 when it calls none.
func predicateParam(info *types.Info, body *ast.BlockStmt, params *types.Tuple) int {
	found := -1
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found >= 0 {
			return found < 0
		}
		i := funcParam(info, call.Fun, params)
		if i < 0 {
			return true
		}
		sig := params.At(i).Type().Underlying().(*types.Signature)
		if sig.Params().Len() == 1 && sig.Results().Len() == 1 && syntax.IsError(sig.Params().At(0).Type()) &&
			types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
			found = i
		}
		return true
	})
	return found
}

// noteHeldLiterals fills heldLiterals from files: a function literal defined into a
// variable (update := func() error { … }) that the function uses once more, as an
// argument of a call.
func noteHeldLiterals(info *types.Info, files []*ast.File) {
	for _, f := range files {
		held := map[*types.Var]*ast.FuncLit{}
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
				if lit, ok := ast.Unparen(as.Rhs[0]).(*ast.FuncLit); ok {
					if id, ok := as.Lhs[0].(*ast.Ident); ok {
						if v, ok := info.Defs[id].(*types.Var); ok {
							held[v] = lit
						}
					}
				}
			}
			return true
		})
		if len(held) == 0 {
			continue
		}
		uses := map[*types.Var]int{}
		args := map[*types.Var]heldCall{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && held[v] != nil {
					uses[v]++
				}
			case *ast.CallExpr:
				for i, a := range n.Args {
					if id, ok := ast.Unparen(a).(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok && held[v] != nil {
							args[v] = heldCall{call: n, index: i}
						}
					}
				}
			}
			return true
		})
		for v, lit := range held {
			if h, ok := args[v]; ok && uses[v] == 1 {
				heldLiterals.Store(lit, h)
			}
		}
	}
}

// funcParam is the index of the func-typed parameter among params that e names, -1
// when it names none.
func funcParam(info *types.Info, e ast.Expr, params *types.Tuple) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			if _, isFunc := params.At(i).Type().Underlying().(*types.Signature); isFunc {
				return i
			}
		}
	}
	return -1
}

// asksConflict reports whether body calls errors.IsConflict.
func asksConflict(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && IsFunc(Callee(info, call), ErrorsPkg, "IsConflict") {
			found = true
		}
		return !found
	})
	return found
}

// Unwrapped is the wrapper whose accessor e calls, e itself otherwise: w for
// w.Unwrap() (also &w.Unwrap()), a method without arguments of a struct that holds a
// field of the pointer to a custom resource it returns (type Cluster struct{
// *api.Cluster }), which hands out the object the wrapper holds.
func Unwrapped(info *types.Info, e ast.Expr) ast.Expr {
	x := ast.Unparen(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return e
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return e
	}
	m, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || m.Signature().Recv() == nil || m.Signature().Results().Len() != 1 {
		return e
	}
	if !holdsKind(info.TypeOf(sel.X), m.Signature().Results().At(0).Type()) {
		return e
	}
	return Unwrapped(info, sel.X)
}

// StructOf is the struct t is, or points to; nil when it is neither.
func StructOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// holdsKind reports whether t is (a pointer to) a struct with a field of type kind, a
// pointer to a custom resource: a wrapper around one.
func holdsKind(t, kind types.Type) bool {
	if _, ok := kind.(*types.Pointer); !ok || !IsCustomResource(kind) || t == nil {
		return false
	}
	st := StructOf(t)
	if st == nil {
		return false
	}
	for f := range st.Fields() {
		if types.Identical(f.Type(), kind) {
			return true
		}
	}
	return false
}

// KindCategory is the category of an analyzer's finding about an object of type t:
// "kind:" and the kind's package path and name, by which opgen vet, which sees every
// package analyzed, settles what one package cannot see of another: whether every
// controller of the kind filters update events (statusupdate), whether the manager's
// cache leaves the kind out (cachedupdate). "" for an interface or an unnamed type.
func KindCategory(t types.Type) string {
	n := Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	if _, iface := n.Underlying().(*types.Interface); iface {
		return ""
	}
	return "kind:" + n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// ErrorChecked is the call whose error the early exit is leaves on: is tests err !=
// nil, err being the last result of the call in its init statement (if err := f(…);
// err != nil) or in the statement before it (v, err := f(…); if err != nil). nil when
// is is no such check.
func ErrorChecked(info *types.Info, prior []ast.Stmt, is *ast.IfStmt) *ast.CallExpr {
	cond, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return nil
	}
	id, ok := ast.Unparen(cond.X).(*ast.Ident)
	if nilID, isID := ast.Unparen(cond.Y).(*ast.Ident); !ok || !isID || nilID.Name != "nil" {
		return nil
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || !syntax.IsError(v.Type()) {
		return nil
	}
	if is.Init != nil {
		return ErrorFrom(info, is.Init, v)
	}
	if len(prior) > 0 {
		return ErrorFrom(info, prior[len(prior)-1], v)
	}
	return nil
}

// ErrorFrom is the call st assigns the error variable v from, as its last result (err
// := f(…), x, err = f(…)); nil when st is no such assignment.
func ErrorFrom(info *types.Info, st ast.Stmt, v *types.Var) *ast.CallExpr {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	last, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok || info.ObjectOf(last) != v {
		return nil
	}
	call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return call
}

// upTo is list up to child, child included (the statement of list that holds the
// write, or the write itself).
func upTo(list []ast.Stmt, child ast.Node) []ast.Stmt {
	for j, st := range list {
		if st == child {
			return list[:j+1]
		}
	}
	return list
}

// CreateSucceeded reports whether branch, the body or the else of is, runs only when
// a Create succeeded: the body of err == nil or the else of err != nil, err the last
// result of a Create assigned in is's init statement or in the statement before it
// among prior (err = c.Create(ctx, x); if err == nil { … }; if err := c.Create(ctx,
// x); err != nil { … } else { … }). The branch runs once for a name, as
// CheckedCreate's path does.
func CreateSucceeded(info *types.Info, prior []ast.Stmt, is *ast.IfStmt, branch ast.Node) bool {
	cond, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	checked := is
	var after []ast.Stmt
	switch {
	case cond.Op == token.EQL && branch == is.Body:
		flipped := *is
		flipped.Cond = &ast.BinaryExpr{X: cond.X, Op: token.NEQ, Y: cond.Y}
		checked, after = &flipped, is.Body.List
	case cond.Op == token.NEQ && branch == is.Else && is.Else != nil:
		after = syntax.Stmts(is.Else)
	default:
		return false
	}
	call := ErrorChecked(info, prior, checked)
	return call != nil && creates(info, call, checkedStmt(prior, is), after)
}

// checkedStmt is the statement that assigns the error an if on it tests: its init
// statement, or the statement before it.
func checkedStmt(prior []ast.Stmt, is *ast.IfStmt) ast.Stmt {
	if is.Init != nil {
		return is.Init
	}
	if len(prior) > 0 {
		return prior[len(prior)-1]
	}
	return nil
}

// creates reports whether call, assigned by as, creates an object, for rule 10 of
// statusupdate and statustime: a Create through a client.Writer, or a recorded create
// — a call of a function or method named create… (a remote API's CreateBucket,
// xc.CreateAPIDefinition) that returns the created thing and an error, the thing
// assigned to a variable that a statement of after, on the way to the write, reads
// (the status records what was created: its ID, its version). A create that returns
// only an error may be an idempotent helper that answers nil when the object is there
// already (createService ignoring AlreadyExists), as may one named create-or-update,
// -if-needed, -if-not-exists, -if-missing or -or-get: none is taken for a create.
func creates(info *types.Info, call *ast.CallExpr, as ast.Stmt, after []ast.Stmt) bool {
	fn := Callee(info, call)
	if IsMethod(fn, ClientPkg, "Writer", "Create") {
		return true
	}
	if fn == nil || !strings.HasPrefix(strings.ToLower(fn.Name()), "create") {
		return false
	}
	name := strings.ToLower(fn.Name())
	for _, idem := range []string{"orupdate", "orpatch", "orapply", "orreplace", "orget", "ifneed", "ifnot", "ifmissing", "ifabsent", "ensure"} {
		if strings.Contains(name, idem) {
			return false
		}
	}
	res := fn.Signature().Results()
	if res.Len() < 2 || !syntax.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	a, ok := as.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != res.Len() {
		return false
	}
	id, ok := ast.Unparen(a.Lhs[0]).(*ast.Ident)
	if !ok || id.Name == "_" {
		return false
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok {
		return false
	}
	return slices.ContainsFunc(after, func(st ast.Stmt) bool { return ReadsVar(info, st, v) })
}

// startVerbs begin the names of calls that start something each time they run: an
// object created, a remote operation begun (a BeginDelete answering a poller, a
// StartRun), a job submitted or launched.
var startVerbs = []string{"create", "start", "begin", "submit", "launch", "trigger"}

// StartedHandle reports whether the body of the if at stack[i], on the path to the
// write, runs only when the pass has just started something (statusupdate's rule 10):
// its condition finds non-nil (x != nil, alone or joined by && to other tests) a
// local variable x, assigned once in the function, with an error, from a call of a
// function or method of the package named with a start verb (create…, start…,
// begin…, submit…, launch…, trigger…, however it ends: startDeleteIfNeeded too) whose
// declaration answers x nil with a nil error on some path (return nil, nil: nothing
// to start); the error is found nil on the way (if err != nil { return … } before
// the if, or the if in that one's else); and the body reads x (it records the handle:
// a resume token, an ID). declOf gives the package's declaration of a function, nil
// for one of another package. The next pass finds the operation under way, or starts
// another with another handle: the write is no step of every pass. A getter that
// answers nil when it finds nothing (lookupOperation) has no such name, and a start
// that never answers nil may hand back the same running thing on every pass.
func StartedHandle(info *types.Info, declOf func(*types.Func) *ast.FuncDecl, stack []ast.Node, i int) bool {
	is, ok := stack[i].(*ast.IfStmt)
	if !ok {
		return false
	}
	_, body := syntax.EnclosingFunc(stack[:i+1])
	if body == nil {
		return false
	}
	for _, x := range syntax.Conjuncts(is.Cond) {
		b, ok := x.(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ || !syntax.IsNil(info, b.Y) {
			continue
		}
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		call, errVar := startAssign(info, body, v)
		if call == nil || !answersNothing(info, declOf(Callee(info, call))) || !ReadsVar(info, is.Body, v) {
			continue
		}
		if errorLeftOn(info, stack[:i+1], errVar) {
			return true
		}
	}
	return false
}

// startAssign is the call of a function named with a start verb that the only
// assignment of v in body makes, v its first result and the error its last (v, err :=
// r.startDelete(ctx, obj)), with that error variable; nil when v has another
// assignment or none such.
func startAssign(info *types.Info, body *ast.BlockStmt, v *types.Var) (*ast.CallExpr, *types.Var) {
	var call *ast.CallExpr
	var errVar *types.Var
	n := 0
	ast.Inspect(body, func(node ast.Node) bool {
		as, ok := node.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for j, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			n++
			if j != 0 || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
				continue
			}
			c, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			last, _ := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
			ev, _ := info.ObjectOf(last).(*types.Var)
			if c != nil && ev != nil && syntax.IsError(ev.Type()) {
				call, errVar = c, ev
			}
		}
		return true
	})
	if n != 1 || call == nil {
		return nil, nil
	}
	fn := Callee(info, call)
	if fn == nil {
		return nil, nil
	}
	name := strings.ToLower(fn.Name())
	if !slices.ContainsFunc(startVerbs, func(verb string) bool { return strings.HasPrefix(name, verb) }) {
		return nil, nil
	}
	return call, errVar
}

// answersNothing reports whether fd, a function of two or more results, the last an
// error, has a return that gives nil for the first and nil for the error.
func answersNothing(info *types.Info, fd *ast.FuncDecl) bool {
	return fd != nil && fd.Body != nil && returnsSo(fd.Body, func(r *ast.ReturnStmt) bool {
		return len(r.Results) >= 2 && syntax.IsNil(info, r.Results[0]) && syntax.IsNil(info, r.Results[len(r.Results)-1])
	})
}

// ReadsVar reports whether n uses v.
func ReadsVar(info *types.Info, n ast.Node, v *types.Var) bool {
	read := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == v {
			read = true
		}
		return !read
	})
	return read
}

// errorLeftOn reports whether, on the way to the node on top of stack, the path has
// found errVar nil: it is in the else of if errVar != nil { …leaves }, or past such an
// if in an enclosing block, within the function.
func errorLeftOn(info *types.Info, stack []ast.Node, errVar *types.Var) bool {
	checks := func(is *ast.IfStmt) bool {
		return syntax.Leaves(is.Body.List) && syntax.IsNotNilTest(info, is.Cond, errVar)
	}
	for k := len(stack) - 2; k >= 0; k-- {
		switch p := stack[k].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if p.Else == stack[k+1] && checks(p) {
				return true
			}
		case *ast.BlockStmt:
			for _, st := range syntax.Before(p.List, stack[k+1]) {
				if is, ok := st.(*ast.IfStmt); ok && checks(is) {
					return true
				}
			}
		}
	}
	return false
}

// CreatedWhenAbsent reports whether the block at stack[i] is the body of an if that
// finds an object absent — apierrors.IsNotFound(err), err assigned last before the if
// from a Get through a client.Reader of an object other than written (a child) — and
// a statement of the block before stack[i+1] creates something and leaves when that
// fails (if err := r.createChild(ctx, obj); err != nil { return err }), the create
// any call named create… (one that returns only an error, or is named
// create-or-update, too) or a client Create. The next pass's Get finds the child and
// does not reach what follows: for statusupdate's and statustime's rule 10 it happens
// once. A branch that finds the child absent and creates nothing comes back on every
// pass until something else makes it.
func CreatedWhenAbsent(info *types.Info, stack []ast.Node, i int, written ast.Expr) bool {
	if i < 1 || i+1 >= len(stack) {
		return false
	}
	block, ok := stack[i].(*ast.BlockStmt)
	if !ok {
		return false
	}
	is, ok := stack[i-1].(*ast.IfStmt)
	if !ok || is.Body != block {
		return false
	}
	call, ok := ast.Unparen(is.Cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !IsFunc(Callee(info, call), "k8s.io/apimachinery/pkg/api/errors", "IsNotFound") {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return false
	}
	errVar, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	_, body := syntax.EnclosingFunc(stack[:i])
	if body == nil {
		return false
	}
	// The last assignment of the error before the if.
	var get *ast.CallExpr
	last := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Pos() >= is.Pos() || as.Pos() < last || len(as.Rhs) != 1 {
			return true
		}
		l, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
		if !ok || info.ObjectOf(l) != errVar {
			return true
		}
		last = as.Pos()
		get, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		return true
	})
	if get == nil || !IsMethod(Callee(info, get), ClientPkg, "Reader", "Get") || len(get.Args) < 3 {
		return false
	}
	if written != nil && types.ExprString(unaddr(get.Args[2])) == types.ExprString(unaddr(written)) {
		return false
	}
	for j, st := range block.List {
		if st == stack[i+1] {
			return false
		}
		leaving, ok := st.(*ast.IfStmt)
		if !ok || !syntax.Leaves(leaving.Body.List) {
			continue
		}
		c := ErrorChecked(info, block.List[:j], leaving)
		if c == nil {
			continue
		}
		fn := Callee(info, c)
		if IsMethod(fn, ClientPkg, "Writer", "Create") || fn != nil && strings.HasPrefix(strings.ToLower(fn.Name()), "create") {
			return true
		}
	}
	return false
}

// unaddr is e without a leading & or parentheses.
func unaddr(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	return e
}

// CheckedCreate reports whether a statement of list before child creates an object
// (see creates) and leaves when that fails (if err := c.Create(ctx, x); err != nil {
// return … }, or err := c.Create(…) and such an if after it; res, err :=
// api.CreateThing(…), if err != nil { return … }, then res recorded on the way to
// child): past it, the pass created something.
// A Create of one name succeeds once, and one with a generated name makes a new name
// each time: what follows is an event, not a step of every pass. An if that lets an
// error through (err != nil && !IsAlreadyExists(err)) is no such check.
func CheckedCreate(info *types.Info, list []ast.Stmt, child ast.Node) bool {
	for j, st := range list {
		if st == child {
			return false
		}
		is, ok := st.(*ast.IfStmt)
		if !ok || !syntax.Leaves(is.Body.List) {
			continue
		}
		if call := ErrorChecked(info, list[:j], is); call != nil && creates(info, call, checkedStmt(list[:j], is), upTo(list[j+1:], child)) {
			return true
		}
	}
	return false
}

// ControllerutilPkg is controller-runtime's controllerutil, whose CreateOrUpdate and
// CreateOrPatch return an OperationResult.
const ControllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

// operationResultNone is the value of controllerutil.OperationResultNone: the object
// was left as it was.
const operationResultNone = "unchanged"

// OperationDone says what cond, when it holds, finds of a controllerutil.OperationResult
// (CreateOrUpdate's or CreateOrPatch's answer, or a wrapper's of that type): done is
// true when cond holds only if the operation created or changed its object (op !=
// OperationResultNone, op == OperationResultCreated, either of two such tests joined by
// ||), false when cond holds only if it left the object as it was (op ==
// OperationResultNone); ok is false when cond is no such test. For statusupdate's rule
// 10: a write reached only when the pass created or changed a child records what the
// pass did, and the next pass, with nothing to do, does not reach it.
func OperationDone(info *types.Info, cond ast.Expr) (done, ok bool) {
	b, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin {
		return false, false
	}
	if b.Op == token.LOR {
		x, okX := OperationDone(info, b.X)
		y, okY := OperationDone(info, b.Y)
		return true, okX && okY && x && y
	}
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false, false
	}
	op, lit := b.X, b.Y
	if tv, found := info.Types[op]; found && tv.Value != nil {
		op, lit = lit, op // the constant first: OperationResultCreated == op
	}
	tv, found := info.Types[lit]
	if !isOperationResult(info.TypeOf(op)) || !found || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false, false
	}
	none := constant.StringVal(tv.Value) == operationResultNone
	// op != None and op == Created hold when something was done; op == None and
	// op != Created when nothing was, or (op != Created) something else: not a test
	// of either.
	switch {
	case b.Op == token.NEQ && none:
		return true, true
	case b.Op == token.EQL && !none:
		return true, true
	case b.Op == token.EQL && none:
		return false, true
	}
	return false, false
}

// isOperationResult reports whether t is controllerutil.OperationResult.
func isOperationResult(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "OperationResult" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == ControllerutilPkg
}

// Forwarder reports whether call, a write of a client's (Update, Patch, Apply of a
// writer interface), is what a method standing in for that writer forwards: the
// function declaration holding it (the outermost of stack) is a method of the same
// name whose receiver implements the interface the call's method belongs to, and the
// object call writes is that method's own parameter (func (s *retryingWriter)
// Update(ctx, obj, opts…) error { return s.do(func(c client.Client) error { return
// c.Status().Update(ctx, obj, opts…) }) }). A wrapper's forwarding decides nothing: its
// callers, which call the writer interface the wrapper is handed as, write there, and
// are judged there.
func Forwarder(info *types.Info, stack []ast.Node, call *ast.CallExpr) bool {
	var fd *ast.FuncDecl
	for _, n := range stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			fd = d
			break
		}
	}
	fn := Callee(info, call)
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) == 0 || fn == nil || fd.Name.Name != fn.Name() || len(call.Args) < 2 {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	rt := info.TypeOf(fd.Recv.List[0].Type)
	if rt == nil || !(types.Implements(rt, iface) || types.Implements(types.NewPointer(rt), iface)) {
		return false
	}
	id, ok := ast.Unparen(call.Args[1]).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && syntax.ParamIndex(info, fd, v) >= 0
}

// FailedCall is a call whose error an if finds not nil, and the statement that
// assigns that error (its init statement, or the statement before it).
type FailedCall struct {
	Call   *ast.CallExpr
	Assign *ast.AssignStmt
}

// FailedCalls are the calls whose error an enclosing if finds not nil (ErrorChecked)
// with the node on top of stack in that if's body, innermost first: on that path each
// of them failed.
func FailedCalls(info *types.Info, stack []ast.Node) []FailedCall {
	var out []FailedCall
	for i := len(stack) - 2; i > 0; i-- {
		is, ok := stack[i].(*ast.IfStmt)
		if !ok || stack[i+1] != is.Body {
			continue
		}
		var prior []ast.Stmt
		if block, ok := stack[i-1].(*ast.BlockStmt); ok && is.Init == nil {
			prior = syntax.Before(block.List, is)
		}
		call := ErrorChecked(info, prior, is)
		if call == nil {
			continue
		}
		as := is.Init
		if as == nil {
			as = prior[len(prior)-1]
		}
		out = append(out, FailedCall{Call: call, Assign: as.(*ast.AssignStmt)})
	}
	return out
}

// UnnamedOnFailedRead reports whether obj, the object a write on top of stack sends,
// has no name there: the write is in the branch of an if that finds the error of the
// Get meant to fill it (if err := r.Get(ctx, key, &obj); err != nil { …; write }),
// and obj was declared with nothing in it (var obj T, obj := &T{}) and given nothing
// else on the way: a Get that fails leaves its object as it was. The client refuses
// to send an object with no name ("resource name may not be empty"), so such a write
// never reaches the API server. A call that may fill obj (it handed to a function, a
// naming method: SetName, SetObjectMeta) or an assignment to it, its ObjectMeta or its
// Name makes the answer false.
func UnnamedOnFailedRead(info *types.Info, stack []ast.Node, obj ast.Expr) bool {
	v := syntax.Root(info, obj)
	if v == nil {
		return false
	}
	body := syntax.DeclaringBody(stack, v)
	if body == nil || !declaredEmpty(info, body, v) {
		return false
	}
	var get *ast.CallExpr
	for _, f := range FailedCalls(info, stack) {
		if IsMethod(Callee(info, f.Call), ClientPkg, "Reader", "Get") && len(f.Call.Args) >= 3 && syntax.Root(info, f.Call.Args[2]) == v {
			get = f.Call
			break
		}
	}
	if get == nil {
		return false
	}
	write := stack[len(stack)-1]
	named := false
	ast.Inspect(body, func(n ast.Node) bool {
		if named || n == nil || n.Pos() >= write.Pos() {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Defs[id] == v {
					continue // its declaration, empty
				}
				if syntax.Root(info, l) == v && namesObject(l) {
					named = true
				}
			}
		case *ast.CallExpr:
			if x == get || IsStatusWrite(info, x) {
				return true
			}
			for _, a := range x.Args {
				if syntax.Root(info, a) == v && !inStatus(a) {
					named = true // handed to a call that may fill it
				}
			}
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && syntax.Root(info, sel.X) == v {
				switch sel.Sel.Name {
				case "SetName", "SetGenerateName", "SetObjectMeta", "DeepCopyInto":
					named = true
				}
			}
		}
		return true
	})
	return !named
}

// declaredEmpty reports whether v is declared in body with nothing in it: var v T, v
// := T{} or v := &T{} (or new(T)), with no other value assigned to it.
func declaredEmpty(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	empty, other := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if info.Defs[id] == v {
					if len(x.Values) == 0 {
						empty = true
					} else if i < len(x.Values) && emptyValue(info, x.Values[i]) {
						empty = true
					} else {
						other = true
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || info.ObjectOf(id) != v {
					continue
				}
				if x.Tok == token.DEFINE && len(x.Lhs) == len(x.Rhs) && info.Defs[id] == v && emptyValue(info, x.Rhs[i]) {
					empty = true
				} else {
					other = true
				}
			}
		}
		return true
	})
	return empty && !other
}

// emptyValue reports whether e is an empty composite literal of a struct, its address,
// or new(T).
func emptyValue(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		return len(lit.Elts) == 0
	}
	if call, ok := e.(*ast.CallExpr); ok && syntax.IsBuiltin(info, call.Fun, "new") {
		return true
	}
	return false
}

// inStatus reports whether e, an argument, is a part of its object's status
// (&obj.Status.Conditions): a call handed it cannot name the object.
func inStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if _, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
			return sel.Sel.Name == "Status"
		}
		e = ast.Unparen(sel.X)
	}
}

// namesObject reports whether the assignment target l may give its object a name: the
// object itself, its ObjectMeta or its Name.
func namesObject(l ast.Expr) bool {
	switch x := ast.Unparen(l).(type) {
	case *ast.Ident, *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		return x.Sel.Name == "ObjectMeta" || x.Sel.Name == "Name"
	}
	return false
}

// PatchesMetadataOnly reports whether call, the Patch of a patch helper (see
// IsPatchHelperPatch), can change nothing but the object's metadata: the helper was
// made from the same object in the same statement list (h, err := patch.NewHelper(obj,
// c)), and every statement between the two that names the object only gives it
// finalizers, labels, annotations or owner references. A patch helper sends what
// changed since it took its copy, the status subresource only when the status
// changed: such a Patch writes no status (a finalizer helper's).
func PatchesMetadataOnly(info *types.Info, stack []ast.Node, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	h := syntax.Root(info, sel.X)
	obj := syntax.Root(info, call.Args[1])
	if h == nil || obj == nil {
		return false
	}
	// The list that holds the Patch's statement.
	var list []ast.Stmt
	var st ast.Stmt
	for i := len(stack) - 2; i >= 0 && list == nil; i-- {
		switch stack[i].(type) {
		case *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt:
			return false // a deferred or handed-on Patch: what runs before it is not in sight
		}
		if b, ok := stack[i].(*ast.BlockStmt); ok {
			list, st = b.List, stack[i+1].(ast.Stmt)
		}
	}
	made := -1
	for i, s := range list {
		if s == st {
			break
		}
		if as, ok := s.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && len(as.Lhs) >= 1 {
			id, isID := ast.Unparen(as.Lhs[0]).(*ast.Ident)
			rhs, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !isID || !isCall || info.ObjectOf(id) != h {
				continue
			}
			if fn := Callee(info, rhs); fn != nil && fn.Name() == "NewHelper" && len(rhs.Args) >= 1 && syntax.Root(info, rhs.Args[0]) == obj {
				made = i
			}
		}
	}
	if made < 0 {
		return false
	}
	for _, s := range list[made+1:] {
		if s == st {
			return true
		}
		if !metadataOnly(info, s, obj) {
			return false
		}
	}
	return false
}

// metadataOnly reports whether st, between a patch helper's making and its Patch,
// changes nothing of obj but metadata: it does not name obj, or every call that names
// it adds or removes a finalizer or sets labels, annotations, finalizers or owner
// references, and every assignment to it is to one of those.
func metadataOnly(info *types.Info, st ast.Stmt, obj *types.Var) bool {
	if !ReadsVar(info, st, obj) {
		return true
	}
	ok := true
	ast.Inspect(st, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if syntax.Root(info, l) != obj {
					continue
				}
				sel, isSel := ast.Unparen(l).(*ast.SelectorExpr)
				if !isSel || !metadataField(sel.Sel.Name) {
					ok = false
				}
			}
		case *ast.CallExpr:
			if !ReadsVar(info, x, obj) {
				return false
			}
			fn := Callee(info, x)
			switch {
			case fn == nil:
				ok = false
			case IsFunc(fn, "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "AddFinalizer"),
				IsFunc(fn, "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "RemoveFinalizer"),
				IsFunc(fn, "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "ContainsFinalizer"):
			case fn.Signature().Recv() != nil && strings.HasPrefix(fn.Name(), "Set") && metadataField(strings.TrimPrefix(fn.Name(), "Set")):
			case fn.Signature().Recv() != nil && strings.HasPrefix(fn.Name(), "Get"):
			default:
				ok = false
			}
		}
		return ok
	})
	return ok
}

// metadataField reports whether name is a field of ObjectMeta that a finalizer or
// bookkeeping step sets.
func metadataField(name string) bool {
	switch name {
	case "Finalizers", "Labels", "Annotations", "OwnerReferences":
		return true
	}
	return false
}
