package cachedupdate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/opgen-dev/opgen/vet/internal/analyzerdoc"
	"github.com/opgen-dev/opgen/vet/internal/directive"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/subresource"
	"github.com/opgen-dev/opgen/vet/internal/switches"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
	"github.com/opgen-dev/opgen/vet/internal/writes"
)

// doc is the package comment of doc.go, this analyzer's one documentation.
//
//go:embed doc.go
var doc string

// Analyzer reports Update of a custom resource read from the informer cache.
var Analyzer = &analysis.Analyzer{
	Name:      "cachedupdate",
	Doc:       analyzerdoc.MustDoc(doc, "cachedupdate"),
	URL:       "https://github.com/opgen-dev/opgen/blob/main/docs/vet.md#cachedupdate",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, writes.Analyzer, subresource.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(CachedResults), new(SendsWhatItReads), new(Refreshes), new(CachedClient), new(NewClient), new(NewClientField), new(CreatesOrUpdates), new(Fails)},
}

// CachedClient is the fact of a function without parameters that returns the
// manager's client (func (b *BaseReconciler) Client() client.Client { return b.client
// }, b.client not made by client.New): a Get through what it returns reads the cache.
type CachedClient struct{}

// AFact marks CachedClient as an analysis fact.
func (*CachedClient) AFact() {}

func (*CachedClient) String() string { return "cached client" }

// NewClient is the fact of a function whose first result is a client without a
// cache: every value it returns there is client.New's or client.NewWithWatch's, or
// what another such function returns (func Client(p *Provider, s *Secret) (c
// client.Client, err error) { c, err = client.New(cfg, opts); return }). A Get
// through what a call of it returns reads the API server.
type NewClient struct{}

// AFact marks NewClient as an analysis fact.
func (*NewClient) AFact() {}

func (*NewClient) String() string { return "new client" }

// NewClientField is the fact of a struct field of a client type that its package
// fills only with clients without a cache (r.Client, err = ocp.Client(p, nil), a
// NewClient function): a Get through the field, in any package, reads the API
// server. A field may be filled in another package too; the package that declares
// it is taken to say what it holds, as for a field of the package analyzed.
type NewClientField struct{}

// AFact marks NewClientField as an analysis fact.
func (*NewClientField) AFact() {}

func (*NewClientField) String() string { return "new client field" }

// CachedResults is the fact of a function that returns an object it read from the
// informer cache (func (r *R) getCluster(ctx, req) (*Cluster, error) { r.Get(…);
// return &c, nil }): its callers hold a cached object in what they assign from it.
type CachedResults struct {
	// Results are the results, by index, that hold an object read from the cache.
	Results []int
	// Fills are the parameters, by index, that the function fills from the cache (a
	// getter's out-parameter: func (r *R) getCluster(ctx, key, out *Cluster) error {
	// return r.Get(ctx, key, out) }): what a call hands there holds a cached object.
	Fills []int
	// Clients, when set, are the client parameters, by index, the function reads
	// through and nothing in its package calls it with: the results hold a cached
	// object only where a call hands the manager's client to one of them.
	Clients []int
}

// AFact marks CachedResults as an analysis fact.
func (*CachedResults) AFact() {}

func (c *CachedResults) String() string {
	s := fmt.Sprintf("cached results %v", c.Results)
	if len(c.Fills) > 0 {
		s += fmt.Sprintf(" fills %v", c.Fills)
	}
	if len(c.Clients) > 0 {
		s += fmt.Sprintf(" through clients %v", c.Clients)
	}
	return s
}

// SendsWhatItReads is the fact of a function that reads an object through a client
// parameter and sends it whole with Update, where nothing in its package calls it (a
// helper package's func UpdateLabels(ctx, c client.Client, key) error): whether the
// read was the cache's depends on the client each caller hands in, so it is judged at
// the calls, in the callers' packages.
type SendsWhatItReads struct {
	// Clients are the client parameters, by index.
	Clients []int
}

// AFact marks SendsWhatItReads as an analysis fact.
func (*SendsWhatItReads) AFact() {}

func (c *SendsWhatItReads) String() string {
	return fmt.Sprintf("sends what it reads through clients %v", c.Clients)
}

// update is an Update of an object: the call, and the object's argument.
type update struct {
	call *ast.CallExpr
	obj  ast.Expr
	// via names the function that does the Update when the call hands the object to
	// it; empty for a direct Update.
	via string
	// statusOnly reports whether the function via sends the object only with
	// Status().Update, never with an Update of the object.
	statusOnly bool
}

// function is what one function declaration updates and reads from the cache.
type function struct {
	decl    *ast.FuncDecl
	obj     *types.Func
	updates []update
	// cached maps each variable that holds an object read from the cache to the read
	// (r.Get, or the getter r.getCluster).
	cached map[*types.Var]ast.Expr
	// results are the indexes of the results that return a cached object, fills those
	// of the parameters it fills from the cache.
	results, fills []int
	// handed are the calls that hand a cached client to a function of another package
	// that reads through it and sends what it read with Update (SendsWhatItReads).
	handed []*ast.CallExpr
	// fieldReads maps each struct field of a custom resource's type that the function
	// fills from the cache (r.Get(ctx, key, s.cluster), s.cluster = cached) to the
	// read; fieldSets holds the fields it gives a value in any way, or reads into.
	fieldReads map[*types.Var]ast.Expr
	fieldSets  map[*types.Var]bool
	// builtReads maps each such field that a literal the function builds gives a
	// cached object (&statusReconciler{resource: c}, or through a constructor of
	// the package): a method of that struct that sends the field through its
	// receiver sends the cached object.
	builtReads map[*types.Var]ast.Expr
	// live holds the variables the function also reads into from the API server
	// (mgr.GetAPIReader()): which read an Update of one sends depends on the path.
	live map[*types.Var]bool
}

// FieldKey is the key of a struct field of a client type among WithCallers' uncached:
// its package's path and its object path, the same in every load of the program; ""
// for a field that has none (of a struct type declared in a function).
func FieldKey(enc *objectpath.Encoder, v *types.Var) string {
	if v.Pkg() == nil {
		return ""
	}
	p, err := enc.For(v)
	if err != nil {
		return ""
	}
	return "field " + v.Pkg().Path() + " " + string(p)
}

func (o *origins) fieldKey(v *types.Var) string {
	if len(o.uncachedParams) == 0 {
		return ""
	}
	return FieldKey(&o.paths, v)
}

// WithCallers is Analyzer for a run that sees every package of the program, as opgen
// vet's does: uncached are the client parameters, as "<function's full name>#<index>"
// (github.com/x/y/pkg/rpaas.NewK8S#1), that every call among those packages hands a
// client without a cache (client.New's, a fake client), and the client fields
// (FieldKey) every value of which in those packages is such a client. A struct field
// the package fills only from such parameters (a constructor that keeps the client
// its callers build), or one among uncached itself, reads from the API server too.
func WithCallers(uncached map[string]bool) *analysis.Analyzer {
	a := *Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) { return runWith(pass, uncached) }
	return &a
}

func run(pass *analysis.Pass) (any, error) { return runWith(pass, nil) }

func runWith(pass *analysis.Pass, uncachedParams map[string]bool) (any, error) {
	// A package's own retry wrappers (retryOnConflict(func() error {…})) run their
	// literal as client-go's retry does.
	kubetypes.NoteRetryWrappers(pass.TypesInfo, pass.Files)
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	wr := pass.ResultOf[writes.Analyzer].(*writes.Result)
	rep := directive.NewReporter(pass)
	info := pass.TypesInfo
	// Which functions always fail, before anything asks whether a return may be nil.
	exportFails(pass)
	o := &origins{pass: pass, insp: insp, deferred: map[*types.Func][]int{}, rf: newRefresher(pass, insp), uncachedParams: uncachedParams}
	o.wr = wr
	o.rf.exportFacts()
	o.exportNewClients()
	o.exportAccessors()
	o.createOrUpdaters()
	var fns []*function
	local := map[*types.Func]*function{}
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		if fd.Body == nil {
			return
		}
		f := &function{decl: fd}
		f.obj, _ = info.Defs[fd.Name].(*types.Func)
		fns = append(fns, f)
		if f.obj != nil {
			local[f.obj] = f
		}
	})
	// getter is the indexes of the results of callee that hold a cached object, and
	// of the parameters it fills from the cache: a function of this package as far as
	// the fixed point below got, or the fact of one of another.
	getter := func(fd *ast.FuncDecl, call *ast.CallExpr) (results, fills []int) {
		callee := kubetypes.Callee(info, call)
		if callee == nil {
			return nil, nil
		}
		if impl := wr.Impls[callee]; impl != nil && local[impl] != nil {
			// A call through an interface of the package with one implementation
			// runs that implementation's method.
			callee = impl
		}
		if f, ok := local[callee]; ok {
			if o.uncachedReceiver(fd, call) {
				return nil, nil
			}
			return f.results, f.fills
		}
		var fact CachedResults
		if callee.Pkg() != pass.Pkg && pass.ImportObjectFact(callee, &fact) && (len(fact.Clients) == 0 || o.handsCached(fd, call, fact.Clients)) && !o.uncachedReceiver(fd, call) {
			return fact.Results, fact.Fills
		}
		return nil, nil
	}
	fixedPoint := func() {
		// A getter may call a getter.
		for changed := true; changed; {
			changed = false
			for _, f := range fns {
				if scan(pass, o, wr, f, getter) {
					changed = true
				}
			}
		}
	}
	fixedPoint()
	// A function whose client parameter nothing in the package hands a client to is
	// judged where it is called: scan it again taking those parameters for the
	// manager's client, and tell the callers what it then reads and sends.
	if len(o.deferred) > 0 {
		type judged struct {
			results, fills []int
			events         int
		}
		before := map[*function]judged{}
		for _, f := range fns {
			before[f] = judged{f.results, f.fills, f.events(info)}
		}
		o.judgeParams = true
		fixedPoint()
		for _, f := range fns {
			clients := o.deferred[f.obj]
			if f.obj == nil || len(clients) == 0 {
				continue
			}
			b := before[f]
			if len(b.results) == 0 && len(b.fills) == 0 && (len(f.results) > 0 || len(f.fills) > 0) {
				pass.ExportObjectFact(f.obj, &CachedResults{Results: f.results, Fills: f.fills, Clients: clients})
			}
			if f.events(info) > b.events {
				pass.ExportObjectFact(f.obj, &SendsWhatItReads{Clients: clients})
			}
		}
		o.judgeParams = false
		fixedPoint()
	}
	// The fields some function of the package fills from the cache: an Update of one
	// in another function (a wrapper's field, read by one method and sent by another)
	// sends the cached object, unless that function gives the field a value itself.
	sub := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	cachedFields, builtFields := map[*types.Var]ast.Expr{}, map[*types.Var]ast.Expr{}
	for _, f := range fns {
		for fv, read := range f.fieldReads {
			cachedFields[fv] = read
		}
		for fv, read := range f.builtReads {
			builtFields[fv] = read
		}
	}
	// An interface's method carries its one implementation's fact, for the packages
	// that call it through the interface.
	for m, impl := range wr.Impls {
		if f := local[impl]; f != nil && (len(f.results) > 0 || len(f.fills) > 0) {
			pass.ExportObjectFact(m, &CachedResults{Results: f.results, Fills: f.fills})
		}
	}
	for _, f := range fns {
		if f.obj != nil && (len(f.results) > 0 || len(f.fills) > 0) {
			pass.ExportObjectFact(f.obj, &CachedResults{Results: f.results, Fills: f.fills})
		}
		for _, call := range f.handed {
			rep.Reportf(call.Pos(), "%s reads an object through the client handed in, here the manager's (informer cache), and sends it whole with Update: the cached resourceVersion is often stale, so the write gets 409 Conflict and the requeue feeds a conflict storm; write with a MergeFrom patch or Server-Side Apply",
				types.ExprString(call.Fun))
		}
		for _, u := range f.updates {
			v := objectRoot(info, u.obj)
			read, ok := f.cached[v]
			if fv := objectField(info, u.obj); !ok && fv != nil && !f.fieldSets[fv] && v != nil {
				read, ok = cachedFields[fv]
				if !ok && u.via == "" && syntax.IsReceiver(info, f.decl, v) {
					read, ok = builtFields[fv]
				}
			}
			if v == nil || !ok || f.live[v] || o.retriedWhole(f, v) || failedRead(info, f.decl, u.call, v) {
				continue
			}
			if (u.via == "" && kubetypes.IsStatusUpdate(info, u.call) || u.statusOnly) && sub.Lacks(info.TypeOf(u.obj)) {
				continue // no status subresource: the write fails with 404 before any resourceVersion is compared
			}
			what := fmt.Sprintf("%s of %s read from the informer cache (%s)", types.ExprString(u.call.Fun), kubetypes.TypeString(info.TypeOf(u.obj)), types.ExprString(read))
			if u.via != "" {
				what = fmt.Sprintf("%s sends %s, a %s read from the informer cache (%s), whole with Update", u.via, types.ExprString(u.obj), kubetypes.TypeString(info.TypeOf(u.obj)), types.ExprString(read))
			}
			rep.Report(analysis.Diagnostic{Pos: u.call.Pos(), Category: kubetypes.KindCategory(info.TypeOf(u.obj)),
				Message: fmt.Sprintf("%s: the cached resourceVersion is often stale, so the write gets 409 Conflict and the requeue feeds a conflict storm; write with a MergeFrom patch or Server-Side Apply", what)})
		}
	}
	return nil, nil
}

// scan finds, in one function, its Updates, the variables that hold an object read
// from the cache (through a Get or List of the manager's client, a getter of this or
// another package, and variables assigned from those), and the results it returns such
// an object in; it reports whether the results changed.
func scan(pass *analysis.Pass, o *origins, wr *writes.Result, f *function, getter func(*ast.FuncDecl, *ast.CallExpr) (results, fills []int)) bool {
	info := pass.TypesInfo
	fd := f.decl
	f.updates, f.handed = nil, nil
	f.cached = map[*types.Var]ast.Expr{}
	f.fieldReads, f.fieldSets, f.live = map[*types.Var]ast.Expr{}, map[*types.Var]bool{}, map[*types.Var]bool{}
	f.builtReads = map[*types.Var]ast.Expr{}
	mark := func(e ast.Expr, read ast.Expr) {
		if v := objectRoot(info, e); v != nil {
			if _, seen := f.cached[v]; !seen {
				f.cached[v] = read
			}
		}
		if fv := objectField(info, e); fv != nil {
			f.fieldReads[fv] = read
		}
	}
	// readInto are the variables a read fills in place (a Get into out): a parameter
	// among them is an out-parameter the function fills.
	readInto := map[*types.Var]bool{}
	intoParam := func(e ast.Expr) {
		if v := syntax.Root(info, e); v != nil {
			readInto[v] = true
		}
	}
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if fv := objectField(info, l); fv != nil {
					f.fieldSets[fv] = true
				}
			}
			// x, err := r.getCluster(ctx, req): x holds what the getter read.
			if len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					results, _ := getter(fd, call)
					for _, i := range results {
						if i < len(n.Lhs) && (len(n.Lhs) > 1 || i == 0) {
							mark(n.Lhs[i], call.Fun)
						}
					}
				}
			}
			return true
		case *ast.ValueSpec:
			if len(n.Values) == 1 {
				if call, ok := ast.Unparen(n.Values[0]).(*ast.CallExpr); ok {
					results, _ := getter(fd, call)
					for _, i := range results {
						if i < len(n.Names) && (len(n.Names) > 1 || i == 0) {
							mark(n.Names[i], call.Fun)
						}
					}
				}
			}
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if kubetypes.IsObjectUpdate(info, call) || kubetypes.IsStatusUpdate(info, call) {
			if len(call.Args) >= 2 && kubetypes.IsCustomResource(info.TypeOf(call.Args[1])) && !kubetypes.InRetry(info, stack, call.Args[1]) &&
				!o.rf.refreshed(fd.Body, stack, objectRoot(info, call.Args[1])) && !syntax.RepeatedGuard(info, stack) {
				f.updates = append(f.updates, update{call: call, obj: call.Args[1]})
			}
			return true
		}
		// controllerutil.CreateOrUpdate(ctx, c, obj, mutate) reads obj through c and,
		// when mutate changed it, sends it whole with Update: with the manager's
		// client, the cached resourceVersion. It reads obj itself, so no earlier
		// write refreshes what it sends.
		if c, obj, status := o.createOrUpdateArgs(call); obj != nil {
			if kubetypes.IsCustomResource(info.TypeOf(obj)) && o.cached(fd, c, 0) && !kubetypes.InConflictRetry(info, stack) {
				mark(obj, call.Fun)
				f.updates = append(f.updates, update{call: call, obj: obj, via: types.ExprString(call.Fun), statusOnly: status})
			}
			return true
		}
		if fact := wr.Calls[call]; fact != nil && !switches.Off(pass, call, stack, fact.Requires) && !syntax.RepeatedGuard(info, stack) {
			via := types.ExprString(call.Fun)
			for _, j := range fact.Update {
				if j < len(call.Args) && customOrSlice(info.TypeOf(call.Args[j])) && !kubetypes.InRetry(info, stack, call.Args[j]) &&
					!o.rf.refreshed(fd.Body, stack, objectRoot(info, call.Args[j])) {
					f.updates = append(f.updates, update{call: call, obj: call.Args[j], via: via, statusOnly: !slices.Contains(fact.Object, j)})
				}
			}
			// An object handed in a field of a struct (helper(ctx, Params{Object: obj})).
			for _, fl := range fact.UpdateFields {
				if fl.Param >= len(call.Args) {
					continue
				}
				if val := writes.FieldArg(pass, fd.Body, call.Args[fl.Param], fl.Name); val != nil && kubetypes.IsCustomResource(info.TypeOf(val)) && !kubetypes.InRetry(info, stack, val) &&
					!o.rf.refreshed(fd.Body, stack, objectRoot(info, val)) {
					f.updates = append(f.updates, update{call: call, obj: val, via: via})
				}
			}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Get" || sel.Sel.Name == "List") {
			for _, a := range call.Args {
				if fv := objectField(info, a); fv != nil {
					f.fieldSets[fv] = true // read into, from wherever
				}
			}
		}
		if arg := cacheRead(pass, o, fd, call); arg != nil {
			mark(arg, call.Fun)
			intoParam(arg)
		} else if arg := liveRead(info, call); arg != nil && objectField(info, arg) == nil {
			if v := objectRoot(info, arg); v != nil {
				f.live[v] = true
			}
		}
		// r.getCluster(ctx, key, &c): c holds what the getter read into it.
		if _, fills := getter(fd, call); len(fills) > 0 {
			for _, i := range fills {
				if i < len(call.Args) {
					mark(call.Args[i], call.Fun)
					intoParam(call.Args[i])
				}
			}
		}
		var sends SendsWhatItReads
		if fn := kubetypes.Callee(info, call); fn != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &sends) && o.handsCached(fd, call, sends.Clients) {
			f.handed = append(f.handed, call)
		}
		return true
	})
	propagate(info, fd.Body, f.cached)
	// What is assigned or ranged from a variable read from the API server is read so
	// too (op := &list.Items[i], list filled through the API reader).
	if len(f.live) > 0 {
		live := map[*types.Var]ast.Expr{}
		for v := range f.live {
			live[v] = nil
		}
		propagate(info, fd.Body, live)
		for v := range live {
			f.live[v] = true
		}
	}
	// s.cluster = c, c cached: the field holds it; so does a literal that gives the
	// field c (&statusReconciler{resource: c}), or a call of a constructor of the
	// package that puts the parameter c is handed as into the field
	// (NewStatusReconciler(b, c) returning &statusReconciler{resource: resource}).
	held := func(into map[*types.Var]ast.Expr, fv *types.Var, val ast.Expr) {
		if v := syntax.Root(info, val); v != nil {
			if read, ok := f.cached[v]; ok {
				into[fv] = read
			}
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if fv := objectField(info, l); fv != nil {
						held(f.fieldReads, fv, n.Rhs[i])
					}
				}
			}
		case *ast.CompositeLit:
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if fv := literalField(info, kv.Key); fv != nil {
						held(f.builtReads, fv, kv.Value)
					}
				}
			}
		case *ast.CallExpr:
			if callee := kubetypes.Callee(info, n); callee != nil && callee.Pkg() == pass.Pkg {
				for i, fields := range o.paramFields(callee) {
					if i < len(n.Args) {
						for _, fv := range fields {
							held(f.builtReads, fv, n.Args[i])
						}
					}
				}
			}
		}
		return true
	})
	// The results that return a cached object, in the function's own returns (a
	// literal's returns are its own).
	var results []int
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			// return r.getCluster(ctx, req): what that getter returns.
			if len(n.Results) == 1 {
				if call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					got, _ := getter(fd, call)
					for _, i := range got {
						if !slices.Contains(results, i) {
							results = append(results, i)
						}
					}
				}
			}
			for i, e := range n.Results {
				if v := syntax.Root(info, e); v != nil && kubetypes.IsAPIObject(info.TypeOf(e)) {
					// A variable the function also fills from the API server hands
					// back what the path read last, as it is judged within a function.
					if _, ok := f.cached[v]; ok && !f.live[v] && !slices.Contains(results, i) {
						results = append(results, i)
					}
				}
			}
		}
		return true
	})
	slices.Sort(results)
	// The pointer parameters it fills from the cache: a Get into out, or a getter's
	// out-parameter handed out. One it also refreshes (Refreshes: it writes the
	// object after the read and keeps the answer whenever it returns nil, as a
	// conflict retry that reads, changes and updates does) holds the server's
	// answer when the function returns, not the cache's.
	var fills []int
	var refreshes []int
	if f.obj != nil {
		refreshes = o.rf.params(f.obj)
	}
	i := 0
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			if v, ok := info.Defs[name].(*types.Var); ok {
				if _, isPtr := v.Type().Underlying().(*types.Pointer); isPtr && kubetypes.IsAPIObject(v.Type()) && readInto[v] && !f.live[v] && !slices.Contains(refreshes, i) {
					fills = append(fills, i)
				}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	changed := !slices.Equal(results, f.results) || !slices.Equal(fills, f.fills)
	f.results, f.fills = results, fills
	return changed
}

// resourceVersionOf is the object whose resourceVersion e reads or is (x in
// x.ResourceVersion, x.ObjectMeta.ResourceVersion, x.GetResourceVersion()); nil
// otherwise.
func resourceVersionOf(e ast.Expr) ast.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if x.Sel.Name != "ResourceVersion" {
			return nil
		}
		if m, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok && m.Sel.Name == "ObjectMeta" {
			return m.X
		}
		return x.X
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetResourceVersion" && len(x.Args) == 0 {
			return sel.X
		}
	}
	return nil
}

// objectField is the struct field e selects (s.cluster, &s.cluster), when its type is
// a custom resource or a pointer to one; nil otherwise.
func objectField(info *types.Info, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	fv, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || !fv.IsField() || !kubetypes.IsCustomResource(fv.Type()) {
		return nil
	}
	return fv
}

// objectRoot is the variable e reads, as syntax.Root, also through a wrapper's
// accessor (kubetypes.Unwrapped): a Get into w.Unwrap() and an Update of it are of w.
func objectRoot(info *types.Info, e ast.Expr) *types.Var {
	return syntax.Root(info, kubetypes.Unwrapped(info, e))
}

// failedRead reports whether call, in decl, runs only when the read that fills v
// failed: inside the body of an if on that read's error (err != nil, or a function
// named IsNotFound of it: if err := r.Get(ctx, key, obj); apierrors.IsNotFound(err)
// { …; Update(obj) }, the error assigned in the if or in the statement before it).
// There v holds nothing the cache gave: a zero value, or what the path set itself.
func failedRead(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr, v *types.Var) bool {
	if decl.Body == nil {
		return false
	}
	var path []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil || path != nil && path[len(path)-1] == call {
			return false
		}
		if n.Pos() > call.Pos() || n.End() < call.End() {
			return false
		}
		path = append(path, n)
		return n != call
	})
	errOf := func(cond ast.Expr) *types.Var {
		cond = ast.Unparen(cond)
		if b, ok := cond.(*ast.BinaryExpr); ok && b.Op == token.NEQ {
			if id, ok := ast.Unparen(b.Y).(*ast.Ident); ok && id.Name == "nil" {
				cond = b.X
			}
		} else if c, ok := cond.(*ast.CallExpr); ok && len(c.Args) == 1 {
			if fn := kubetypes.Callee(info, c); fn != nil && fn.Name() == "IsNotFound" {
				cond = c.Args[0]
			}
		}
		id, ok := ast.Unparen(cond).(*ast.Ident)
		if !ok {
			return nil
		}
		ev, _ := info.Uses[id].(*types.Var)
		if ev == nil || !syntax.IsError(ev.Type()) {
			return nil
		}
		return ev
	}
	readsInto := func(st ast.Stmt, ev *types.Var) bool {
		rc := kubetypes.ErrorFrom(info, st, ev)
		if rc == nil {
			return false
		}
		// obj, err := r.getCluster(ctx, key): a getter that failed returns what its
		// read did not fill (nil, as a rule), nothing the cache gave.
		if as, ok := st.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == rc {
			for _, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					return true
				}
			}
		}
		_, arg := readCall(info, rc)
		return arg != nil && objectRoot(info, arg) == v
	}
	for i := 1; i < len(path); i++ {
		is, ok := path[i-1].(*ast.IfStmt)
		if !ok || path[i] != is.Body {
			continue
		}
		ev := errOf(is.Cond)
		if ev == nil {
			continue
		}
		if is.Init != nil && readsInto(is.Init, ev) {
			return true
		}
		if i >= 2 {
			if block, ok := path[i-2].(*ast.BlockStmt); ok {
				for j, st := range block.List {
					if st == is && j > 0 && readsInto(block.List[j-1], ev) {
						return true
					}
				}
			}
		}
	}
	return false
}

// controllerutilPkg is controller-runtime's controllerutil package.
const controllerutilPkg = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

// CreatesOrUpdates is the fact of a function that reads an object of any kind
// through its client parameter and sends it whole, judged at its calls by the client
// and the object each hands in. Either it hands the two parameters, as they are, to
// controllerutil.CreateOrUpdate as its client and its object (a project's wrapper
// that adds labels first: func CreateOrUpdate(ctx, c client.Client, obj
// client.Object, f MutateFn) (OperationResult, error) { …; return
// controllerutil.CreateOrUpdate(ctx, c, obj, wrapped) }), or it reads into the
// object parameter, or into a deep copy of it, through the client parameter and then
// sends what it read with that client's Update or Status().Update, outside a retry
// that reads it again (a "fetch the latest, then update" helper: latest :=
// obj.DeepCopyObject().(client.Object); c.Get(ctx, key, latest); …;
// c.Status().Update(ctx, latest)). A call of it is a CreateOrUpdate of what it hands
// in.
type CreatesOrUpdates struct {
	// Client and Object are the parameters, by index.
	Client, Object int
	// Status reports whether the function sends the object only with
	// Status().Update: a kind without a status subresource gets 404, not 409.
	Status bool
}

// AFact marks CreatesOrUpdates as an analysis fact.
func (*CreatesOrUpdates) AFact() {}

func (c *CreatesOrUpdates) String() string {
	if c.Status {
		return fmt.Sprintf("reads and updates the status of %d through %d", c.Object, c.Client)
	}
	return fmt.Sprintf("creates or updates %d through %d", c.Object, c.Client)
}

// createOrUpdateArgs are the client and the object of call when it is a
// CreateOrUpdate: controllerutil's, or a function of this package or another that
// reads and sends an object handed in (CreatesOrUpdates); nil, nil otherwise.
// status reports whether the call sends only the status.
func (o *origins) createOrUpdateArgs(call *ast.CallExpr) (c, obj ast.Expr, status bool) {
	info := o.pass.TypesInfo
	if isCreateOrUpdate(info, call) {
		if len(call.Args) >= 3 {
			return call.Args[1], call.Args[2], false
		}
		return nil, nil, false
	}
	fn := kubetypes.Callee(info, call)
	if fn == nil {
		return nil, nil, false
	}
	var fact CreatesOrUpdates
	if fn.Pkg() == o.pass.Pkg {
		w, ok := o.createOrUpdaters()[fn]
		if !ok {
			return nil, nil, false
		}
		fact = w
	} else if !o.pass.ImportObjectFact(fn, &fact) {
		return nil, nil, false
	}
	if fact.Client >= len(call.Args) || fact.Object >= len(call.Args) {
		return nil, nil, false
	}
	return call.Args[fact.Client], call.Args[fact.Object], fact.Status
}

// createOrUpdaters finds the package's wrappers of controllerutil.CreateOrUpdate
// (see CreatesOrUpdates) and exports their facts; computed once.
func (o *origins) createOrUpdaters() map[*types.Func]CreatesOrUpdates {
	if o.wrappers != nil {
		return o.wrappers
	}
	info := o.pass.TypesInfo
	o.wrappers = map[*types.Func]CreatesOrUpdates{}
	o.insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil || fd.Body == nil {
			return
		}
		param := func(e ast.Expr) int { return fixedParam(info, fd, e) }
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || !isCreateOrUpdate(info, call) || len(call.Args) < 3 {
				return true
			}
			// An object parameter of a custom resource's own type is judged at the
			// wrapper's own call, through its client parameter: only one that takes
			// any object (client.Object) is judged at its callers.
			if c, obj := param(call.Args[1]), param(call.Args[2]); c >= 0 && obj >= 0 && types.IsInterface(fn.Signature().Params().At(obj).Type()) {
				o.wrappers[fn] = CreatesOrUpdates{Client: c, Object: obj}
			}
			return false
		})
		if _, ok := o.wrappers[fn]; !ok {
			if w, ok := o.readsAndSends(fd); ok {
				o.wrappers[fn] = w
			}
		}
	})
	for fn, w := range o.wrappers {
		o.pass.ExportObjectFact(fn, &w)
	}
	return o.wrappers
}

// readsAndSends is the fact of fd when it reads, through a client parameter, into an
// object parameter of an interface type (client.Object) or into a local variable
// every value of which is a deep copy of that parameter, and later sends that
// variable with the same client's Update or Status().Update, outside a retry that
// reads it again (see CreatesOrUpdates). The kind, and so whether the write is
// judged at all, is the one each call hands in.
func (o *origins) readsAndSends(fd *ast.FuncDecl) (CreatesOrUpdates, bool) {
	info := o.pass.TypesInfo
	param := func(e ast.Expr) int { return fixedParam(info, fd, e) }
	objParam := func(i int) bool {
		if i < 0 {
			return false
		}
		t := info.Defs[fd.Name].(*types.Func).Signature().Params().At(i).Type()
		dc, _, _ := types.LookupFieldOrMethod(t, true, nil, "DeepCopyObject")
		return types.IsInterface(t) && isFunc(dc)
	}
	// copies maps each local variable every value of which is a deep copy of an
	// object parameter (latest := obj.DeepCopyObject().(client.Object)) to that
	// parameter's index.
	copies := map[*types.Var]int{}
	other := map[*types.Var]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok {
				continue
			}
			v, ok := info.ObjectOf(id).(*types.Var)
			if !ok {
				continue
			}
			var rhs ast.Expr
			switch {
			case len(as.Rhs) == len(as.Lhs):
				rhs = as.Rhs[i]
			case len(as.Rhs) == 1 && i == 0:
				rhs = as.Rhs[0] // latest, ok := obj.DeepCopyObject().(client.Object)
			}
			idx := -1
			if rhs != nil && copied(rhs) {
				if r := syntax.Root(info, rhs); r != nil && !syntax.Assigned(info, fd.Body, r) {
					idx = syntax.ParamIndex(info, fd, r)
				}
			}
			if !objParam(idx) {
				other[v] = true
				continue
			}
			if prev, seen := copies[v]; seen && prev != idx {
				other[v] = true
			}
			copies[v] = idx
		}
		return true
	})
	// object is the object parameter whose object e is: the parameter itself or such
	// a copy of it; -1 otherwise.
	object := func(e ast.Expr) int {
		if i := param(e); objParam(i) {
			return i
		}
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && !other[v] {
				if i, ok := copies[v]; ok {
					return i
				}
			}
		}
		return -1
	}
	type read struct{ client, obj int }
	reads := map[read]token.Pos{}
	var found *CreatesOrUpdates
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if c, arg := readCall(info, call); arg != nil {
			if full, _ := fullClient(info, c); full {
				if ci, oi := param(c), object(arg); ci >= 0 && oi >= 0 {
					if _, seen := reads[read{ci, oi}]; !seen {
						reads[read{ci, oi}] = call.Pos()
					}
				}
			}
			return true
		}
		status := kubetypes.IsStatusUpdate(info, call)
		if !status && !kubetypes.IsObjectUpdate(info, call) || len(call.Args) < 2 {
			return true
		}
		ci, oi := param(writeClient(call)), object(call.Args[1])
		at, ok := reads[read{ci, oi}]
		if ci < 0 || oi < 0 || !ok || at > call.Pos() || kubetypes.InRetry(info, stack, call.Args[1]) {
			return true
		}
		if found == nil {
			found = &CreatesOrUpdates{Client: ci, Object: oi, Status: status}
		} else if found.Client == ci && found.Object == oi {
			found.Status = found.Status && status
		}
		return true
	})
	if found == nil {
		return CreatesOrUpdates{}, false
	}
	return *found, true
}

// fixedParam is the index of the parameter of fd that e names, when nothing in fd
// gives it another value; -1 otherwise.
func fixedParam(info *types.Info, fd *ast.FuncDecl, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || syntax.Assigned(info, fd.Body, v) {
		return -1
	}
	return syntax.ParamIndex(info, fd, v)
}

// copied reports whether e is a deep copy (x.DeepCopyObject(), x.DeepCopy(), under a
// type assertion or parentheses).
func copied(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.TypeAssertExpr:
			e = x.X
		case *ast.CallExpr:
			return syntax.DeepCopyOf(x) != nil
		default:
			return false
		}
	}
}

// writeClient is the client a write is sent through: c in c.Update(…) and in
// c.Status().Update(…) or c.SubResource("status").Update(…).
func writeClient(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if sub, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
		if s, ok := ast.Unparen(sub.Fun).(*ast.SelectorExpr); ok && (s.Sel.Name == "Status" || s.Sel.Name == "SubResource") {
			return s.X
		}
	}
	return sel.X
}

// isCreateOrUpdate reports whether call is controllerutil.CreateOrUpdate, or its alias
// ctrl.CreateOrUpdate (a variable of controller-runtime's root package).
func isCreateOrUpdate(info *types.Info, call *ast.CallExpr) bool {
	if kubetypes.IsFunc(kubetypes.Callee(info, call), controllerutilPkg, "CreateOrUpdate") {
		return true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Name() == "CreateOrUpdate" && v.Pkg() != nil && v.Pkg().Path() == "sigs.k8s.io/controller-runtime"
}

// readCall splits a Get or List of a client.Reader into its client and the argument
// it fills; a nil argument when call is no such read.
func readCall(info *types.Info, call *ast.CallExpr) (client, arg ast.Expr) {
	fn := kubetypes.Callee(info, call)
	idx := -1
	switch {
	case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "Get"):
		idx = 2
	case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "List"):
		idx = 1
	default:
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) <= idx {
		return nil, nil
	}
	return sel.X, call.Args[idx]
}

// fullClient reports whether the client c has a Status method, as a client.Client
// has and a bare client.Reader, such as mgr.GetAPIReader(), has not; ok is false
// when its type is not known.
func fullClient(info *types.Info, c ast.Expr) (full, ok bool) {
	recv := info.TypeOf(c)
	if recv == nil {
		return false, false
	}
	obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, "Status")
	return obj != nil, true
}

// liveRead is the argument that a Get or List through a bare client.Reader (the
// manager's API reader, which reads from the API server) fills, or nil.
func liveRead(info *types.Info, call *ast.CallExpr) ast.Expr {
	c, arg := readCall(info, call)
	if arg == nil {
		return nil
	}
	if full, ok := fullClient(info, c); ok && !full {
		return arg
	}
	return nil
}

// cacheRead is the argument that a Get or List through a full (cached) client fills,
// or nil.
func cacheRead(pass *analysis.Pass, o *origins, decl *ast.FuncDecl, call *ast.CallExpr) ast.Expr {
	c, arg := readCall(pass.TypesInfo, call)
	if arg == nil {
		return nil
	}
	if full, _ := fullClient(pass.TypesInfo, c); !full {
		return nil // a bare client.Reader, such as mgr.GetAPIReader(): not the cache
	}
	if !o.cached(decl, c, 0) {
		return nil
	}
	return arg
}

// propagate marks, until nothing changes, every variable assigned or ranged from a
// cached one.
func propagate(info *types.Info, body *ast.BlockStmt, cached map[*types.Var]ast.Expr) {
	mark := func(lhs ast.Expr, rhs ast.Expr) bool {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return false
		}
		dst, ok := info.ObjectOf(id).(*types.Var)
		if !ok {
			return false
		}
		if _, done := cached[dst]; done {
			return false
		}
		src := objectRoot(info, rhs)
		read, ok := cached[src]
		if src == nil || !ok {
			return false
		}
		cached[dst] = read
		return true
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.AssignStmt:
				if len(s.Lhs) == len(s.Rhs) {
					for i := range s.Lhs {
						changed = mark(s.Lhs[i], s.Rhs[i]) || changed
						// desired.ResourceVersion = current.ResourceVersion: desired
						// now carries the cached object's resourceVersion.
						if dst, src := resourceVersionOf(s.Lhs[i]), resourceVersionOf(s.Rhs[i]); dst != nil && src != nil {
							changed = mark(dst, src) || changed
						}
					}
				}
			case *ast.CallExpr:
				// desired.SetResourceVersion(current.GetResourceVersion())
				if sel, ok := ast.Unparen(s.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetResourceVersion" && len(s.Args) == 1 {
					if src := resourceVersionOf(s.Args[0]); src != nil {
						changed = mark(sel.X, src) || changed
					}
				}
			case *ast.ValueSpec:
				if len(s.Names) == len(s.Values) {
					for i := range s.Names {
						changed = mark(s.Names[i], s.Values[i]) || changed
					}
				}
			case *ast.RangeStmt:
				if s.Value != nil {
					changed = mark(s.Value, s.X) || changed
				}
			}
			return true
		})
	}
}

// customOrSlice reports whether t is a custom resource, or a slice or array of them
// (list.Items handed to a function that ranges over it and Updates each element).
func customOrSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Slice:
		t = u.Elem()
	case *types.Array:
		t = u.Elem()
	}
	return kubetypes.IsCustomResource(t)
}

// maxClientDepth bounds how many variables and parameters cached follows a client
// through before it assumes the manager's: a command's client.New handed down a chain
// of helpers (run, runWithProxy, runCore, runWithSource) is followed to the end.
const maxClientDepth = 6

// origins judges where a client reads from, following variables and parameters.
type origins struct {
	pass *analysis.Pass
	insp *inspector.Inspector
	// sites holds, per function of the package, its calls with the declaration that
	// holds each; nil until needed.
	sites map[*types.Func][]site
	uses  map[*types.Func]int
	// flags caches, per function of the package, conflictFlag of its declaration.
	flags map[*types.Func]int
	// deferred are, per function nothing in the package calls, the client parameters
	// it reads through: not taken for the manager's client, unless judgeParams (the
	// second scan, which finds what the function's callers must be told).
	deferred    map[*types.Func][]int
	judgeParams bool
	// rf judges whether an earlier write refreshed an object.
	rf *refresher
	// wr is the writes analysis of the package: its seams.
	wr *writes.Result
	// fieldFills holds, per struct field of a client type, the values the package
	// gives it (a composite literal's element, an assignment), each with the
	// declaration it is in; nil until needed.
	fieldFills map[*types.Var][]fill
	// accessors are the package's functions that return the manager's client
	// (CachedClient).
	accessors map[*types.Func]bool
	// busyFields are the fields newClientField is judging, against a cycle of fields
	// filled from each other.
	busyFields map[*types.Var]bool
	// wrappers are the package's wrappers of controllerutil.CreateOrUpdate
	// (CreatesOrUpdates); nil until needed.
	wrappers map[*types.Func]CreatesOrUpdates
	// newClients are the package's functions that return a client without a cache
	// (NewClient).
	newClients map[*types.Func]bool
	// ctorFields holds paramFields' answers.
	ctorFields map[*types.Func]map[int][]*types.Var
	// uncachedParams are the client parameters every caller in the program hands a
	// client without a cache (WithCallers); nil when the run sees one package.
	uncachedParams map[string]bool
	// paths encodes the object paths of FieldKey.
	paths objectpath.Encoder
}

// fill is a value given to a struct field, in the declaration decl (nil at package
// level).
type fill struct {
	decl *ast.FuncDecl
	val  ast.Expr
}

// uncachedReceiver reports whether call is a method call on a struct literal, or on a
// local variable assigned only such a literal, whose client fields are given only
// clients without a cache ((&R{Client: kubeClient}).SetConfig(ctx, &obj), kubeClient
// client.New's): the method reads through what the literal gave it, not the
// manager's cache.
func (o *origins) uncachedReceiver(decl *ast.FuncDecl, call *ast.CallExpr) bool {
	info := o.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || decl == nil || decl.Body == nil {
		return false
	}
	literal := func(e ast.Expr) *ast.CompositeLit {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		lit, _ := e.(*ast.CompositeLit)
		return lit
	}
	lit := literal(sel.X)
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && lit == nil {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if vals := syntax.ValuesOf(o.pass, decl.Body, v); len(vals) == 1 {
				lit = literal(vals[0])
			}
		}
	}
	if lit == nil {
		return false
	}
	clients := 0
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok || !clientType(info.TypeOf(kv.Value)) {
			continue
		}
		if o.cached(decl, kv.Value, 0) {
			return false
		}
		clients++
	}
	return clients > 0
}

// handsCached reports whether call, in decl, hands the manager's client to one of
// the parameters clients.
func (o *origins) handsCached(decl *ast.FuncDecl, call *ast.CallExpr, clients []int) bool {
	for _, i := range clients {
		if i < len(call.Args) && o.cached(decl, call.Args[i], 0) {
			return true
		}
	}
	return false
}

// events counts what f would report: its Updates of a cached object and the calls
// that hand the manager's client to a function that sends what it reads.
func (f *function) events(info *types.Info) int {
	n := len(f.handed)
	for _, u := range f.updates {
		if v := syntax.Root(info, u.obj); v != nil {
			if _, ok := f.cached[v]; ok {
				n++
			}
		}
	}
	return n
}

type site struct {
	call *ast.CallExpr
	decl *ast.FuncDecl
	// retried reports whether the call runs in a conflict retry's literal.
	retried bool
}

// retriedWhole reports whether the function f reads v itself (a local variable) and
// is called only inside conflict retries' literals: each attempt runs it again, and it
// reads the object again (u.client.Get(ctx, key, instance); …; Status().Update(ctx,
// instance), called as retry.RetryOnConflict(b, func() error { return
// u.update(ctx, …) })).
func (o *origins) retriedWhole(f *function, v *types.Var) bool {
	if f.obj == nil || f.decl.Body == nil || v.Pos() < f.decl.Body.Pos() || v.Pos() >= f.decl.Body.End() {
		return false
	}
	o.collect()
	sites := o.sites[f.obj]
	if len(sites) == 0 || len(sites) != o.uses[f.obj] {
		return false
	}
	for _, s := range sites {
		if !s.retried {
			return false
		}
	}
	return true
}

// loopsOnConflict reports whether call, of fn, is a conflict retry's attempt by hand
// through a flag: fn answers in a bool result whether its write failed with a
// conflict (return apierrors.IsConflict(err), err), and the loop around the call goes
// round again when that result is true (for i := 0; i < 3; i++ { retry, err :=
// p.updateStatus(ctx); if retry { time.Sleep(d); continue }; break }), or through
// its error, when the loop asks errors.IsConflict of it (asksConflictOf).
func (o *origins) loopsOnConflict(stack []ast.Node, call *ast.CallExpr, fn *types.Func) bool {
	info := o.pass.TypesInfo
	if len(stack) < 2 {
		return false
	}
	as, ok := stack[len(stack)-2].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	if asksConflictOf(info, stack, as) {
		return true
	}
	idx, known := o.flags[fn]
	if !known {
		if o.flags == nil {
			o.flags = map[*types.Func]int{}
		}
		idx = conflictFlag(info, syntax.DeclOf(o.pass, fn))
		o.flags[fn] = idx
	}
	if idx < 0 || idx >= len(as.Lhs) {
		return false
	}
	id, ok := ast.Unparen(as.Lhs[idx]).(*ast.Ident)
	if !ok || info.ObjectOf(id) == nil {
		return false
	}
	flag := info.ObjectOf(id)
	for i := len(stack) - 1; i >= 0; i-- {
		var body *ast.BlockStmt
		switch n := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		default:
			continue
		}
		again := false
		ast.Inspect(body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
				return false
			case *ast.IfStmt:
				c, ok := ast.Unparen(x.Cond).(*ast.Ident)
				if ok && info.ObjectOf(c) == flag && len(x.Body.List) > 0 {
					b, ok := x.Body.List[len(x.Body.List)-1].(*ast.BranchStmt)
					again = again || ok && b.Tok == token.CONTINUE && b.Label == nil
				}
			}
			return !again
		})
		return again
	}
	return false
}

// asksConflictOf reports whether the attempt loop around the call that as assigns
// asks errors.IsConflict of the error the call gave: the innermost loop around it is
// a for statement (no function literal between) whose body calls IsConflict of the
// variable as assigns that error to (for i := 0; i < 5; i++ { err = r.tryApply(ctx,
// key); if err == nil { return nil }; if !apierrors.IsConflict(err) { return err } }).
// A range loop goes on to the next element, not the same object again.
func asksConflictOf(info *types.Info, stack []ast.Node, as *ast.AssignStmt) bool {
	var errv types.Object
	for _, l := range as.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok {
			if obj := info.ObjectOf(id); obj != nil && syntax.IsError(obj.Type()) {
				errv = obj
			}
		}
	}
	if errv == nil {
		return false
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit, *ast.RangeStmt:
			return false
		case *ast.ForStmt:
			asks := false
			ast.Inspect(n.Body, func(m ast.Node) bool {
				switch x := m.(type) {
				case *ast.FuncLit:
					return false
				case *ast.CallExpr:
					if len(x.Args) == 1 && kubetypes.IsFunc(kubetypes.Callee(info, x), kubetypes.ErrorsPkg, "IsConflict") {
						id, ok := ast.Unparen(x.Args[0]).(*ast.Ident)
						asks = ok && info.ObjectOf(id) == errv
					}
				}
				return !asks
			})
			return asks
		}
	}
	return false
}

// conflictFlag is the index of a bool result of the function declared by fd that one
// of its returns gives as apierrors.IsConflict of an error (return
// apierrors.IsConflict(err), err); -1 when there is none.
func conflictFlag(info *types.Info, fd *ast.FuncDecl) int {
	if fd == nil || fd.Body == nil {
		return -1
	}
	idx := -1
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for i, r := range x.Results {
				if c, ok := ast.Unparen(r).(*ast.CallExpr); ok && kubetypes.IsFunc(kubetypes.Callee(info, c), kubetypes.ErrorsPkg, "IsConflict") {
					idx = i
				}
			}
		}
		return idx < 0
	})
	return idx
}

// cached reports whether the client c, used in the declaration decl, is known to read
// from the informer cache. It is when it is the method's receiver (a reconciler that
// embeds client.Client), a field (a reconciler's Client, set from the manager), a
// manager's GetClient(), a parameter not every caller of which passes a client that
// reads from the API server, or a variable every value of which is one of those. It
// is not when it is made by client.New or client.NewWithWatch (e2e helpers and
// command-line tools, which have no cache), nor when a variable holds what some other
// function returned (a factory's client: not known).
func (o *origins) cached(decl *ast.FuncDecl, c ast.Expr, depth int) bool {
	info := o.pass.TypesInfo
	if depth > maxClientDepth {
		return true
	}
	switch x := ast.Unparen(c).(type) {
	case *ast.SelectorExpr:
		// A field the package fills only with client.New (a constructor that builds
		// its own client: StatusUpdater{k8sClient}) reads from the API server. Any
		// other field, or a package's variable: assume the manager's client.
		if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			fv := sel.Obj().(*types.Var)
			if k := o.fieldKey(fv); k != "" && o.uncachedParams[k] {
				// Every value the program gives the field is one without a cache
				// (WithCallers): a client a caller hands on in a struct of settings.
				return false
			}
			if fv.Pkg() != o.pass.Pkg || len(o.fills()[fv]) > 0 {
				return !o.newClientField(fv) && !o.callersClient(fv) && !o.uncachedFromCallers(fv)
			}
		}
		return true
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, x)
		return fn != nil && (fn.Name() == "GetClient" || o.accessor(fn))
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return true
		}
		if syntax.IsReceiver(info, decl, v) {
			return !o.embedsNewClient(v.Type())
		}
		if i := syntax.ParamIndex(info, decl, v); i >= 0 {
			return o.paramCached(decl, i, depth)
		}
		vals := syntax.ValuesOf(o.pass, decl.Body, v)
		if len(vals) == 0 {
			return v.Parent() == v.Pkg().Scope() // a package variable set elsewhere: assume the manager's
		}
		for _, val := range vals {
			if o.isNewClient(val) {
				continue
			}
			if o.cached(decl, val, depth+1) {
				return true
			}
		}
		return false
	}
	return true
}

// callersClient reports whether fv, a client field of this package, is a second
// client its struct takes from the caller: the package fills it only from parameters
// of the functions that fill it (a constructor's client argument), and fills another
// client field of the same struct only with the manager's client (a GetClient call).
// A type that keeps the manager's client for itself and takes one more from its
// caller keeps that one to read past the cache (client.New's, built where the
// constructor is called, in a package whose facts do not reach this one): a read
// through it is not taken for the cache's.
func (o *origins) callersClient(fv *types.Var) bool {
	if fv.Pkg() != o.pass.Pkg || fv.Embedded() {
		return false
	}
	if o.paramFills(fv) == nil {
		return false
	}
	info := o.pass.TypesInfo
	st := o.structOf(fv)
	if st == nil {
		return false
	}
	for f := range st.Fields() {
		if f == fv || !clientType(f.Type()) {
			continue
		}
		other := o.fills()[f]
		if len(other) > 0 && !slices.ContainsFunc(other, func(x fill) bool { return !managerClient(info, x.val) }) {
			return true
		}
	}
	return false
}

// uncachedFromCallers reports whether fv, a client field of this package, is filled
// only from parameters of the package's functions that every call in the program
// hands a client without a cache (WithCallers): func NewK8S(cfg, k8sClient) {
// return &manager{cli: k8sClient} }, called only with client.New's client by the
// API server's packages. Parameters are the callers'; only a run that sees them all
// can say.
func (o *origins) uncachedFromCallers(fv *types.Var) bool {
	if len(o.uncachedParams) == 0 || fv.Pkg() != o.pass.Pkg {
		return false
	}
	params := o.paramFills(fv)
	if params == nil {
		return false
	}
	for _, p := range params {
		if !o.uncachedParams[fmt.Sprintf("%s#%d", p.fn.FullName(), p.index)] {
			return false
		}
	}
	return true
}

// paramFill is a parameter of fn, by its index, that fills a field.
type paramFill struct {
	fn    *types.Func
	index int
}

// paramFills are, when the package fills fv only from parameters of the functions
// that fill it, never assigned there (a constructor that keeps the client it is
// handed), those parameters; nil otherwise.
func (o *origins) paramFills(fv *types.Var) []paramFill {
	fills := o.fills()[fv]
	if len(fills) == 0 {
		return nil
	}
	info := o.pass.TypesInfo
	var out []paramFill
	for _, f := range fills {
		id, ok := ast.Unparen(f.val).(*ast.Ident)
		if !ok || f.decl == nil {
			return nil
		}
		pv, ok := info.Uses[id].(*types.Var)
		if !ok || syntax.Assigned(info, f.decl.Body, pv) {
			return nil
		}
		i := syntax.ParamIndex(info, f.decl, pv)
		fn, _ := info.Defs[f.decl.Name].(*types.Func)
		if i < 0 || fn == nil {
			return nil
		}
		out = append(out, paramFill{fn, i})
	}
	return out
}

// managerClient reports whether e is mgr.GetClient(), mgr a controller-runtime
// manager.Manager (not another cluster's cluster.Cluster, whose client reads that
// cluster's cache).
func managerClient(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "GetClient" {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sigs.k8s.io/controller-runtime/pkg/manager" && n.Obj().Name() == "Manager"
}

// structOf is the struct, declared at the package's top level, that has the field fv.
func (o *origins) structOf(fv *types.Var) *types.Struct {
	scope := o.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if f == fv {
					return st
				}
			}
		}
	}
	return nil
}

// embedsNewClient reports whether t, a receiver's type, embeds its client in a field
// that is known to hold only clients without a cache (type HubClient struct{
// client.Client }, filled only with client.New's): the receiver's Get reads the API
// server.
func (o *origins) embedsNewClient(t types.Type) bool {
	st := kubetypes.StructOf(t)
	if st == nil {
		return false
	}
	found := false
	for f := range st.Fields() {
		if !f.Embedded() || !clientType(f.Type()) {
			continue
		}
		if !o.newClientField(f) {
			return false
		}
		found = true
	}
	return found
}

// newClientField reports whether the package that declares the struct field fv
// fills it only with clients without a cache: this package by its fills, another
// through NewClientField.
func (o *origins) newClientField(fv *types.Var) bool {
	if fv.Pkg() != o.pass.Pkg {
		return o.pass.ImportObjectFact(fv, new(NewClientField))
	}
	if o.busyFields[fv] {
		return false // a field filled from itself, through others: not known
	}
	if o.busyFields == nil {
		o.busyFields = map[*types.Var]bool{}
	}
	o.busyFields[fv] = true
	defer delete(o.busyFields, fv)
	fills := o.fills()[fv]
	return len(fills) > 0 && !slices.ContainsFunc(fills, func(f fill) bool { return !o.madeByNew(f.decl, f.val) })
}

// exportAccessors finds the package's client accessors: functions without
// parameters, with one result that is a full client, whose body returns one value
// (return b.client), a client known to be the manager's. Each gets the CachedClient
// fact, for its callers in this package and in others.
func (o *origins) exportAccessors() {
	info := o.pass.TypesInfo
	o.accessors = map[*types.Func]bool{}
	o.insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil || fd.Body == nil || len(fd.Body.List) != 1 {
			return
		}
		sig := fn.Signature()
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			return
		}
		ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return
		}
		if !clientType(sig.Results().At(0).Type()) {
			return // a bare client.Reader, or no client at all (an object has a Status field)
		}
		if _, call := ast.Unparen(ret.Results[0]).(*ast.CallExpr); call {
			return // what another function returns: not known
		}
		if o.cached(fd, ret.Results[0], 1) {
			o.accessors[fn] = true
			o.pass.ExportObjectFact(fn, &CachedClient{})
		}
	})
}

func isFunc(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
}

// literalField is the field of a custom resource's type that key, a composite
// literal's key, names; nil otherwise.
func literalField(info *types.Info, key ast.Expr) *types.Var {
	id, ok := key.(*ast.Ident)
	if !ok {
		return nil
	}
	fv, ok := info.ObjectOf(id).(*types.Var)
	if !ok || !fv.IsField() || !kubetypes.IsCustomResource(fv.Type()) {
		return nil
	}
	return fv
}

// paramFields are, per parameter of fn, a function of the package, the fields of a
// custom resource's type that a composite literal in its body gives that parameter
// as it is (func NewStatusReconciler(b *Base, resource *Product) *statusReconciler {
// return &statusReconciler{Base: b, resource: resource} }).
func (o *origins) paramFields(fn *types.Func) map[int][]*types.Var {
	if o.ctorFields == nil {
		o.ctorFields = map[*types.Func]map[int][]*types.Var{}
	}
	if got, ok := o.ctorFields[fn]; ok {
		return got
	}
	info := o.pass.TypesInfo
	got := map[int][]*types.Var{}
	if fd := o.rf.decls[fn]; fd != nil {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				fv := literalField(info, kv.Key)
				id, ok := ast.Unparen(kv.Value).(*ast.Ident)
				if fv == nil || !ok {
					continue
				}
				if pv, ok := info.Uses[id].(*types.Var); ok {
					if i := syntax.ParamIndex(info, fd, pv); i >= 0 && !syntax.Assigned(info, fd.Body, pv) {
						got[i] = append(got[i], fv)
					}
				}
			}
			return true
		})
	}
	o.ctorFields[fn] = got
	return got
}

// accessor reports whether fn is a client accessor of this package or one another
// package's facts name.
func (o *origins) accessor(fn *types.Func) bool {
	if fn.Pkg() == o.pass.Pkg {
		return o.accessors[fn]
	}
	return o.pass.ImportObjectFact(fn, new(CachedClient))
}

// isNewClient reports whether e is a call that makes a client without a cache:
// client.New, client.NewWithWatch, or a function with the NewClient fact (of this
// package as far as exportNewClients got, or of another).
func (o *origins) isNewClient(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := kubetypes.Callee(o.pass.TypesInfo, call)
	if fn == nil {
		return o.seamNew(call)
	}
	if kubetypes.IsNewClient(fn) {
		return true
	}
	if fn.Pkg() == o.pass.Pkg {
		return o.newClients[fn]
	}
	return o.pass.ImportObjectFact(fn, new(NewClient))
}

// seamNew reports whether call calls, through an unexported package variable of this
// package that holds a function (a seam tests swap: var getAdminClientFunc =
// createAdminClient), only functions that return a client without a cache: every
// value the package's files give the variable, in its declaration or an assignment,
// names such a function, and one does. A literal, or anything else, is not known. So
// does a call through a struct field of a function type that the package gives one
// such function only (c.buildClient = c.defaultBuildClient; vet/internal/writes'
// seams).
func (o *origins) seamNew(call *ast.CallExpr) bool {
	info := o.pass.TypesInfo
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && o.wr != nil {
		// c.buildClient(cfg): a struct field the package gives only such a function
		// (c.buildClient = c.defaultBuildClient in the constructor).
		fn := o.wr.Seam(info, sel)
		return fn != nil && fn.Pkg() == o.pass.Pkg && o.newClients[fn]
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != o.pass.Pkg || v.Exported() || v.Parent() != v.Pkg().Scope() {
		return false
	}
	vals, ok := o.packageVarValues(v)
	for _, val := range vals {
		fn := syntax.FuncValue(info, val.expr)
		ok = ok && fn != nil && fn.Pkg() == o.pass.Pkg && o.newClients[fn]
	}
	return ok && len(vals) > 0
}

// madeByNew reports whether val, given to a field or returned in decl, is a client
// without a cache: such a call itself, or a local variable every value of which is
// one, transitively.
func (o *origins) madeByNew(decl *ast.FuncDecl, val ast.Expr) bool {
	return o.madeByNewDepth(decl, val, 0)
}

func (o *origins) madeByNewDepth(decl *ast.FuncDecl, val ast.Expr, depth int) bool {
	info := o.pass.TypesInfo
	if o.isNewClient(val) {
		return true
	}
	// s.LocalClient = s.LocalNonCachedClient: another field that holds only such
	// clients.
	if sel, ok := ast.Unparen(val).(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			return o.newClientField(s.Obj().(*types.Var))
		}
	}
	id, ok := ast.Unparen(val).(*ast.Ident)
	if !ok || decl == nil || decl.Body == nil || depth > 3 {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if v.Parent() == v.Pkg().Scope() {
		return o.packageVarNew(v, depth)
	}
	vals := syntax.ValuesOf(o.pass, decl.Body, v)
	return len(vals) > 0 && !slices.ContainsFunc(vals, func(e ast.Expr) bool { return !o.madeByNewDepth(decl, e, depth+1) })
}

// packageVarNew reports whether v, an unexported package-level variable of this
// package, holds only clients without a cache: a memoized client (var c
// client.Client; func Get() client.Client { if c == nil { c = newDirect() }; return c
// }). Every assignment of it in the package's functions gives one such client (or
// nil), at least one does, its declaration gives none other, and nothing takes its
// address.
func (o *origins) packageVarNew(v *types.Var, depth int) bool {
	info := o.pass.TypesInfo
	if v.Pkg() != o.pass.Pkg || v.Exported() {
		return false
	}
	vals, ok := o.packageVarValues(v)
	assigned := 0
	for _, val := range vals {
		switch {
		case syntax.IsNil(info, val.expr):
		case val.decl == nil:
			ok = ok && o.isNewClient(val.expr)
		default:
			assigned++
			ok = ok && o.madeByNewDepth(val.decl, val.expr, depth+1)
		}
	}
	return ok && assigned > 0
}

// varValue is a value the package gives a package-level variable: in its declaration
// (decl nil) or in an assignment in the function decl.
type varValue struct {
	decl *ast.FuncDecl
	expr ast.Expr
}

// packageVarValues are the values the package's files give v, a variable of the
// package's scope, in its declaration and its assignments; ok is false when one is
// not known: an assignment of v from a call with several results, or its address
// taken anywhere (set elsewhere).
func (o *origins) packageVarValues(v *types.Var) (vals []varValue, ok bool) {
	info := o.pass.TypesInfo
	isV := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && info.ObjectOf(id) == v
	}
	addressed := func(n ast.Node) bool {
		x, isU := n.(*ast.UnaryExpr)
		return isU && x.Op == token.AND && isV(x.X)
	}
	ok = true
	for _, f := range o.pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, isVS := spec.(*ast.ValueSpec); isVS {
						for i, name := range vs.Names {
							if info.Defs[name] == v && i < len(vs.Values) {
								vals = append(vals, varValue{expr: vs.Values[i]})
							}
						}
						ast.Inspect(vs, func(n ast.Node) bool {
							ok = ok && !addressed(n)
							return ok
						})
					}
				}
			case *ast.FuncDecl:
				if d.Body == nil {
					continue
				}
				ast.Inspect(d.Body, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.AssignStmt:
						for i, l := range x.Lhs {
							switch {
							case !isV(l):
							case len(x.Lhs) != len(x.Rhs):
								ok = false
							default:
								vals = append(vals, varValue{decl: d, expr: x.Rhs[i]})
							}
						}
					case *ast.UnaryExpr:
						ok = ok && !addressed(x)
					}
					return ok
				})
			}
		}
	}
	return vals, ok
}

// exportNewClients finds the package's functions whose first result is a full
// client (its method set has Get and Status) that every return gives a client
// without a cache, to a fixed point (one may return another's), and gives each the
// NewClient fact; then the struct fields declared here that the package fills only
// with such clients get NewClientField.
func (o *origins) exportNewClients() {
	info := o.pass.TypesInfo
	o.newClients = map[*types.Func]bool{}
	var decls []*ast.FuncDecl
	o.insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil || fd.Body == nil || fn.Signature().Results().Len() == 0 || !clientType(fn.Signature().Results().At(0).Type()) {
			return
		}
		decls = append(decls, fd)
	})
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn := info.Defs[fd.Name].(*types.Func)
			if !o.newClients[fn] && o.returnsNewClient(fd) {
				o.newClients[fn] = true
				changed = true
			}
		}
	}
	for fn := range o.newClients {
		o.pass.ExportObjectFact(fn, &NewClient{})
	}
	for fv := range o.fills() {
		if fv.Pkg() == o.pass.Pkg && clientType(fv.Type()) && o.newClientField(fv) {
			o.pass.ExportObjectFact(fv, &NewClientField{})
		}
	}
}

// returnsNewClient reports whether every value fd returns as its first result is a
// client without a cache: each return's first expression (nil aside), and, for a
// named result, each value the body gives it.
func (o *origins) returnsNewClient(fd *ast.FuncDecl) bool {
	info := o.pass.TypesInfo
	var vals []ast.Expr
	bare := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				bare = true
			} else {
				// return f(cfg) of a function with several results gives f's: the
				// first is the one isNewClient judges.
				vals = append(vals, n.Results[0])
			}
		}
		return true
	})
	if bare {
		first := fd.Type.Results.List[0]
		if len(first.Names) == 0 {
			return false
		}
		v, ok := info.Defs[first.Names[0]].(*types.Var)
		if !ok {
			return false
		}
		named := syntax.ValuesOf(o.pass, fd.Body, v)
		if len(named) == 0 {
			return false
		}
		vals = append(vals, named...)
	}
	if len(vals) == 0 {
		return false
	}
	for _, e := range vals {
		if e == nil {
			return false
		}
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("nil") {
			continue
		}
		if !o.madeByNew(fd, e) {
			return false
		}
	}
	return true
}

// clientType reports whether t's method set has Get and Status: a client that
// reads and writes status, not a bare client.Reader (nor an object, whose Status is
// a field).
func clientType(t types.Type) bool {
	for _, name := range []string{"Get", "Status"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); !isFunc(obj) {
			return false
		}
	}
	return true
}

// fills are the values the package gives each struct field of an interface type
// (a client): the elements of composite literals, keyed or positional, and
// assignments to a selected field. A field of an exported struct may be filled in
// another package too; a constructor of the package that fills it says what it
// holds.
func (o *origins) fills() map[*types.Var][]fill {
	if o.fieldFills != nil {
		return o.fieldFills
	}
	info := o.pass.TypesInfo
	o.fieldFills = map[*types.Var][]fill{}
	add := func(f *types.Var, decl *ast.FuncDecl, val ast.Expr) {
		if f != nil && types.IsInterface(f.Type()) {
			o.fieldFills[f] = append(o.fieldFills[f], fill{decl, val})
		}
	}
	o.insp.WithStack([]ast.Node{(*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		var decl *ast.FuncDecl
		for i := len(stack) - 1; i >= 0 && decl == nil; i-- {
			decl, _ = stack[i].(*ast.FuncDecl)
		}
		switch n := n.(type) {
		case *ast.CompositeLit:
			syntax.StructFields(info, n, func(f *types.Var, val ast.Expr) { add(f, decl, val) })
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				s := info.Selections[sel]
				if s == nil || s.Kind() != types.FieldVal {
					continue
				}
				switch {
				case len(n.Lhs) == len(n.Rhs):
					add(s.Obj().(*types.Var), decl, n.Rhs[i])
				case i == 0 && len(n.Rhs) == 1:
					add(s.Obj().(*types.Var), decl, n.Rhs[0]) // x.c, err = client.New(…)
				default:
					add(s.Obj().(*types.Var), decl, l) // another result: not known
				}
			}
		}
		return true
	})
	return o.fieldFills
}

// paramCached reports whether parameter i of decl may hold a cached client: unless
// every call of the function in the package passes one that is not.
func (o *origins) paramCached(decl *ast.FuncDecl, i int, depth int) bool {
	fn, _ := o.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return true
	}
	o.collect()
	sites := o.sites[fn]
	if len(sites) == 0 && o.uses[fn] == 0 && fn.Exported() && fn.Signature().Recv() == nil {
		// An exported function nothing in the package calls: the client is the
		// callers', in other packages, judged where they call it
		// (SendsWhatItReads, CachedResults.Clients). A method may be called
		// through an interface, which no fact follows: it keeps the assumption.
		if !slices.Contains(o.deferred[fn], i) {
			o.deferred[fn] = append(o.deferred[fn], i)
		}
		return o.judgeParams
	}
	if len(sites) == 0 || len(sites) != o.uses[fn] {
		return true
	}
	// A call from an unexported function that nothing in the package refers to (a
	// test's entry point) runs nowhere: when other calls do run, what it hands in is
	// not among the clients the parameter holds.
	live := slices.DeleteFunc(slices.Clone(sites), func(s site) bool { return o.unreferenced(s.decl) })
	if len(live) > 0 {
		sites = live
	}
	for _, s := range sites {
		if i >= len(s.call.Args) || s.decl == nil || o.cached(s.decl, s.call.Args[i], depth+1) {
			return true
		}
	}
	return false
}

// unreferenced reports whether decl is an unexported function, not a method, that
// nothing in the package refers to.
func (o *origins) unreferenced(decl *ast.FuncDecl) bool {
	if decl == nil || decl.Recv != nil || decl.Name.IsExported() || decl.Name.Name == "main" || decl.Name.Name == "init" {
		return false
	}
	fn, _ := o.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn != nil && o.uses[fn] == 0
}

func (o *origins) collect() {
	if o.sites != nil {
		return
	}
	o.sites, o.uses = map[*types.Func][]site{}, map[*types.Func]int{}
	for _, obj := range o.pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == o.pass.Pkg {
			o.uses[fn]++
		}
	}
	o.insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		fn := kubetypes.Callee(o.pass.TypesInfo, n.(*ast.CallExpr))
		if fn == nil || fn.Pkg() != o.pass.Pkg {
			return true
		}
		var decl *ast.FuncDecl
		for i := len(stack) - 1; i >= 0 && decl == nil; i-- {
			decl, _ = stack[i].(*ast.FuncDecl)
		}
		call := n.(*ast.CallExpr)
		o.sites[fn] = append(o.sites[fn], site{call, decl, kubetypes.InConflictRetry(o.pass.TypesInfo, stack) || o.loopsOnConflict(stack, call, fn)})
		return true
	})
}
