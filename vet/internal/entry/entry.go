package entry

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Sites gives the stacks of the calls of fn in the package, and whether they are all
// its uses (none hands it on as a value, which could be called anywhere).
type Sites func(fn *types.Func) (sites [][]ast.Node, ok bool)

// OffLoop reports whether the node on top of stack runs only outside the reconcile
// loop: in an entry point that no watch event drives (Loopless), or in unexported
// functions of the package whose every call (sites), followed up to depth calls, is
// in one. A function literal counts as the function that makes it (a timer armed in a
// message handler fires for that message).
func OffLoop(pass *analysis.Pass, stack []ast.Node, sites Sites, depth int) bool {
	return offLoop(pass, stack, sites, depth, map[*types.Func]bool{}, true)
}

// offLoop is OffLoop; once says the node's callee chain so far runs once per call of
// its outermost function (no loop that may not end, no function literal run more
// than once), so that a Runnable's Start at its end makes it a start-up step.
func offLoop(pass *analysis.Pass, stack []ast.Node, sites Sites, depth int, walking map[*types.Func]bool, once bool) bool {
	d := len(stack) - 1
	for ; d >= 0; d-- {
		if _, ok := stack[d].(*ast.FuncDecl); ok {
			break
		}
	}
	if d < 0 {
		return false
	}
	decl := stack[d].(*ast.FuncDecl)
	if Loopless(pass, decl) {
		return true
	}
	once = once && runsOnce(pass, stack[d:])
	if once && (startMethod(pass, decl) || inRunnableFunc(pass, stack[d:])) {
		return true
	}
	fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
	// An exported function may be called by another package's reconciler.
	if fn == nil || fn.Exported() {
		return false
	}
	// A call back into a function being walked (advance calls spawn, which calls
	// advance again) adds no way in: the walk's other calls decide.
	if walking[fn] {
		return true
	}
	if depth <= 0 {
		return false
	}
	calls, ok := sites(fn)
	if !ok || len(calls) == 0 {
		return false
	}
	walking[fn] = true
	defer delete(walking, fn)
	for _, site := range calls {
		if !offLoop(pass, site, sites, depth-1, walking, once) {
			return false
		}
	}
	return true
}

// startMethod reports whether decl is the Start(context.Context) error of a manager
// Runnable that nothing in the package calls: the manager calls it once, when it
// starts (or wins the election), whatever the type holds. What it does before it
// hands over to a loop (a migration of the objects that exist, then the controller's
// own Start) runs once per process, not once per watch event.
func startMethod(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil || decl.Name.Name != "Start" || !runnableSignature(fn.Signature()) || fn.Signature().Recv() == nil {
		return false
	}
	called := false
	for _, obj := range pass.TypesInfo.Uses {
		called = called || obj == fn
	}
	return !called
}

// runnableSignature reports whether sig is func(context.Context) error.
func runnableSignature(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		kubetypes.IsNamed(sig.Params().At(0).Type(), "context", "Context") && syntax.IsError(sig.Results().At(0).Type())
}

// inRunnableFunc reports whether path, from a function declaration down, passes
// through a function literal converted to a manager.RunnableFunc (mgr.Add(
// manager.RunnableFunc(func(ctx context.Context) error { … }))): the manager runs it
// once.
func inRunnableFunc(pass *analysis.Pass, path []ast.Node) bool {
	for i := 1; i < len(path)-1; i++ {
		lit, ok := path[i+1].(*ast.FuncLit)
		call, _ := path[i].(*ast.CallExpr)
		if ok && call != nil && runnableFunc(pass, call) && call.Args[0] == lit {
			return true
		}
	}
	return false
}

// runnableFunc reports whether call converts its one argument to a
// manager.RunnableFunc.
func runnableFunc(pass *analysis.Pass, call *ast.CallExpr) bool {
	tv, ok := pass.TypesInfo.Types[call.Fun]
	return ok && tv.IsType() && len(call.Args) == 1 && kubetypes.IsNamed(tv.Type, "sigs.k8s.io/controller-runtime/pkg/manager", "RunnableFunc")
}

// runsOnce reports whether the node at the end of path, from its function
// declaration down, runs at most once per call of that function, give or take a
// finite loop: no for loop but a counted one (init, condition and post all given),
// no range but over a slice, an array, a map, a string or an integer (a channel or an
// iterator may never end), and no function literal but one called in place, by a go
// or defer statement, or by a Go method (errgroup.Group's, sync.WaitGroup's): one
// handed anywhere else (wait.Until, an event handler) may run any number of times.
func runsOnce(pass *analysis.Pass, path []ast.Node) bool {
	for i := 1; i < len(path); i++ {
		switch n := path[i].(type) {
		case *ast.ForStmt:
			if n.Init == nil || n.Cond == nil || n.Post == nil {
				return false
			}
		case *ast.RangeStmt:
			if i+1 < len(path) && path[i+1] == ast.Node(n.X) {
				continue // the range expression is evaluated once
			}
			switch pass.TypesInfo.TypeOf(n.X).Underlying().(type) {
			case *types.Slice, *types.Array, *types.Map, *types.Basic:
			case *types.Pointer: // a pointer to an array
			default:
				return false
			}
		case *ast.FuncLit:
			call, _ := path[i-1].(*ast.CallExpr)
			if call == nil {
				return false
			}
			if call.Fun == ast.Expr(n) || runnableFunc(pass, call) { // called in place, by go or defer, or by the manager
				continue
			}
			sel, _ := call.Fun.(*ast.SelectorExpr)
			if sel == nil || sel.Sel.Name != "Go" {
				return false
			}
			recv := kubetypes.Named(pass.TypesInfo.TypeOf(sel.X))
			if recv == nil || !kubetypes.IsNamed(recv, "golang.org/x/sync/errgroup", "Group") && !kubetypes.IsNamed(recv, "sync", "WaitGroup") {
				return false
			}
		}
	}
	return true
}

// Loopless reports whether decl is an entry point that no watch event of the
// package's controllers drives: main or init; an HTTP handler (a ServeHTTP method, or
// a function taking an http.ResponseWriter and an *http.Request), run once per
// request; the Get or List of a client of the package's own (readerMethod); or the
// Start method of a manager Runnable (Start(context.Context) error)
// whose type has no Reconcile method and neither holds nor uses an informer, a work
// queue or a controller-runtime source, cache, handler or controller: a loop over its
// own channels, a message bus's or a timer's, not over the objects' watch events.
func Loopless(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	info := pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil && (decl.Name.Name == "init" || decl.Name.Name == "main" && pass.Pkg.Name() == "main") {
		return true
	}
	if httpHandler(sig) || sig.Recv() != nil && decl.Name.Name == "ServeHTTP" {
		return true
	}
	if sig.Recv() != nil && readerMethod(sig, decl.Name.Name) {
		return true
	}
	if sig.Recv() == nil || decl.Name.Name != "Start" || !runnableSignature(sig) {
		return false
	}
	named := kubetypes.Named(sig.Recv().Type())
	if named == nil {
		return false
	}
	if m, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), "Reconcile"); m != nil {
		return false
	}
	return !watchesObjects(pass, named)
}

// readerMethod reports whether name and sig are those of a method of
// controller-runtime's client.Reader: Get(ctx, key client.ObjectKey, obj
// client.Object, …) or List(ctx, list client.ObjectList, …). A type of the package
// that has one is a client of its own (a test double kept beside the code, a wrapper):
// what its Get puts in the object it is handed, status included, is a read's answer
// to its caller, not a pass's write.
func readerMethod(sig *types.Signature, name string) bool {
	p := sig.Params()
	switch name {
	case "Get":
		return p.Len() >= 3 && kubetypes.IsNamed(p.At(1).Type(), "k8s.io/apimachinery/pkg/types", "NamespacedName") && kubetypes.IsNamed(p.At(2).Type(), kubetypes.ClientPkg, "Object")
	case "List":
		return p.Len() >= 2 && kubetypes.IsNamed(p.At(1).Type(), kubetypes.ClientPkg, "ObjectList")
	}
	return false
}

// httpHandler reports whether sig takes an http.ResponseWriter and an *http.Request.
func httpHandler(sig *types.Signature) bool {
	var w, r bool
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		_, ptr := t.(*types.Pointer)
		w = w || !ptr && kubetypes.IsNamed(t, "net/http", "ResponseWriter")
		r = r || ptr && kubetypes.IsNamed(t, "net/http", "Request")
	}
	return w && r
}

// watchPackages are the packages, with those under them, through which a hand-rolled
// controller takes watch events: a Runnable that uses one is a controller of its own,
// and its writes are in its loop. controllerutil, under pkg/controller, only edits
// objects (finalizers, owner references, CreateOrUpdate) and is none.
var watchPackages = []string{
	"k8s.io/client-go/tools/cache",
	"k8s.io/client-go/util/workqueue",
	"k8s.io/client-go/informers",
	"sigs.k8s.io/controller-runtime/pkg/cache",
	"sigs.k8s.io/controller-runtime/pkg/source",
	"sigs.k8s.io/controller-runtime/pkg/handler",
	"sigs.k8s.io/controller-runtime/pkg/controller",
	"sigs.k8s.io/controller-runtime/pkg/internal",
}

func watchPackage(p *types.Package) bool {
	if p == nil {
		return false
	}
	if p.Path() == kubetypes.ControllerutilPkg {
		return false
	}
	for _, w := range watchPackages {
		if p.Path() == w || strings.HasPrefix(p.Path(), w+"/") {
			return true
		}
	}
	return false
}

// watchesObjects reports whether a field of named, or anything its methods refer to,
// belongs to a watch package.
func watchesObjects(pass *analysis.Pass, named *types.Named) bool {
	if st, ok := named.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if holdsWatch(st.Field(i).Type(), 3) {
				return true
			}
		}
	}
	info := pass.TypesInfo
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil || kubetypes.Named(info.TypeOf(fd.Recv.List[0].Type)) != named {
				continue
			}
			found := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if obj := info.Uses[id]; obj != nil && watchPackage(obj.Pkg()) {
						found = true
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// holdsWatch reports whether t is, or holds through pointers, slices, maps, channels and
// up to depth struct levels, a named type of a watch package (a field of type
// workqueue.TypedRateLimitingInterface[…], []cache.SharedIndexInformer).
func holdsWatch(t types.Type, depth int) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if watchPackage(t.Obj().Pkg()) {
			return true
		}
		// The standard library's structs hold no watch.
		st, ok := t.Underlying().(*types.Struct)
		if !ok || depth == 0 || t.Obj().Pkg() == nil || !strings.Contains(t.Obj().Pkg().Path(), ".") {
			return false
		}
		for i := range st.NumFields() {
			if holdsWatch(st.Field(i).Type(), depth-1) {
				return true
			}
		}
	case *types.Pointer:
		return holdsWatch(t.Elem(), depth)
	case *types.Slice:
		return holdsWatch(t.Elem(), depth)
	case *types.Array:
		return holdsWatch(t.Elem(), depth)
	case *types.Map:
		return holdsWatch(t.Key(), depth) || holdsWatch(t.Elem(), depth)
	case *types.Chan:
		return holdsWatch(t.Elem(), depth)
	}
	return false
}
