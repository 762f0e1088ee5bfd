package writes

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/switches"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// Analyzer finds the parameters each function writes; see the package doc.
var Analyzer = &analysis.Analyzer{
	Name:       "writes",
	Doc:        "find the parameters each function writes to the API server (status, or whole with Update), for the analyzers that follow objects across functions",
	Run:        run,
	FactTypes:  []analysis.Fact{new(Fact)},
	ResultType: reflect.TypeFor[*Result](),
}

// Fact is what a function writes of its parameters, by index (the receiver is not
// counted), and the kinds whose status it writes, there or in what it reaches.
type Fact struct {
	// Status holds the parameters whose status the function writes.
	Status []int
	// Update holds the parameters the function sends whole with Update or
	// Status().Update as they came in.
	Update []int
	// Object holds those of Update it sends whole with an Update of the object (not
	// its status), there or through a call: a kind without a status subresource
	// fails only a Status().Update (see vet/internal/subresource).
	Object []int
	// StatusFields and UpdateFields hold the same for an object handed in as a field
	// of a struct parameter (helper(ctx, Params{Object: obj}) that writes
	// params.Object).
	StatusFields []Field
	UpdateFields []Field
	// Kinds are the custom resources (their types.TypeString) whose status the
	// function writes, or a function it reaches writes (see Result.Uses), in this
	// package or, through their facts, in others.
	Kinds []string
	// Requires are the switches every write of a parameter needs (see package
	// switches): a call that hands in a constant one of them does not have writes
	// none of its arguments.
	Requires []switches.Switch
}

// Field is a field of a struct parameter.
type Field struct {
	Param int
	Name  string
}

func (f Field) String() string { return fmt.Sprintf("%d.%s", f.Param, f.Name) }

// AFact marks Fact as an analysis fact.
func (*Fact) AFact() {}

func (f *Fact) String() string {
	s := fmt.Sprintf("writes(status %v, update %v)", f.Status, f.Update)
	if len(f.StatusFields)+len(f.UpdateFields) > 0 {
		s += fmt.Sprintf(" fields(status %v, update %v)", f.StatusFields, f.UpdateFields)
	}
	if len(f.Kinds) > 0 {
		s += fmt.Sprintf(" kinds %v", f.Kinds)
	}
	for _, r := range f.Requires {
		s += " requires " + r.String()
	}
	return s
}

func (f *Fact) empty() bool {
	return len(f.Status) == 0 && len(f.Update) == 0 && len(f.StatusFields) == 0 && len(f.UpdateFields) == 0 && len(f.Kinds) == 0
}

// writesParams reports whether the function writes any of its parameters.
func (f *Fact) writesParams() bool {
	return len(f.Status) > 0 || len(f.Update) > 0 || len(f.StatusFields) > 0 || len(f.UpdateFields) > 0
}

// Result is what the package analyzed writes.
type Result struct {
	// Calls holds every call whose callee writes one of its arguments, with the
	// callee's fact.
	Calls map[*ast.CallExpr]*Fact
	// ByFunc holds, per function of the package, the types of the objects whose status
	// its body writes, directly or through a call.
	ByFunc map[*types.Func][]types.Type
	// Uses holds, per function of the package, the functions of the package its body
	// calls or takes as a value, and the methods of the package's types it builds a
	// value of (which an interface may call).
	Uses map[*types.Func][]*types.Func
	// seams are the package's variables and fields that hold one function only.
	seams seams
	// Impls maps each method of an interface the package declares to the method of
	// the package's one type that implements it (see implementations): a call through
	// the interface runs that method.
	Impls map[*types.Func]*types.Func
	// kinds holds, per function of the package, Fact.Kinds.
	kinds map[*types.Func][]string
	// factOf is the fact of a function of another package (nil when it has none).
	factOf func(*types.Func) *Fact
}

// WritesStatusOfFrom reports whether the functions roots, or a function they reach
// through calls or values, write the status of objects of type t: in this package,
// or, for a root or a callee of another package, as its fact says.
func (r *Result) WritesStatusOfFrom(roots []*types.Func, t types.Type) bool {
	want := kindKey(t)
	if want == "" {
		return false
	}
	for _, fn := range roots {
		if slices.Contains(r.KindsOf(fn), want) {
			return true
		}
	}
	return false
}

// KindsOf are the custom resources whose status fn, or what it reaches, writes (see
// Fact.Kinds), for a function of this package or of one analyzed before it.
func (r *Result) KindsOf(fn *types.Func) []string {
	fn = fn.Origin()
	if ks, ok := r.kinds[fn]; ok {
		return ks
	}
	if f := r.factOf(fn); f != nil {
		return f.Kinds
	}
	return nil
}

// WritesStatusOf reports whether the package writes the status of objects of type t
// (a pointer to a kind, or the kind).
func (r *Result) WritesStatusOf(t types.Type) bool {
	for _, written := range r.ByFunc {
		if hasKind(written, t) {
			return true
		}
	}
	return false
}

// kindKey is the key of a custom resource in Fact.Kinds: its named type's
// types.TypeString; "" for anything else.
func kindKey(t types.Type) string {
	n := kubetypes.Named(t)
	if n == nil || !kubetypes.IsCustomResource(n) {
		return ""
	}
	return types.TypeString(n, nil)
}

// hasKind reports whether one of ts is t, or a pointer to it, up to one pointer on
// either side.
func hasKind(ts []types.Type, t types.Type) bool {
	want := kubetypes.Named(t)
	if want == nil {
		return false
	}
	return slices.ContainsFunc(ts, func(st types.Type) bool {
		n := kubetypes.Named(st)
		return n != nil && types.Identical(n, want)
	})
}

type fn struct {
	decl *ast.FuncDecl
	obj  *types.Func
	fact Fact
}

func run(pass *analysis.Pass) (any, error) {
	// A package's own retry wrappers (retryOnConflict(func() error {…})) run their
	// literal as client-go's retry does.
	kubetypes.NoteRetryWrappers(pass.TypesInfo, pass.Files)
	res := &Result{Calls: map[*ast.CallExpr]*Fact{}, ByFunc: map[*types.Func][]types.Type{}, Uses: map[*types.Func][]*types.Func{}, kinds: map[*types.Func][]string{}}
	var fns []*fn
	local := map[*types.Func]*fn{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if obj == nil {
				continue
			}
			x := &fn{decl: decl, obj: obj}
			fns = append(fns, x)
			local[obj] = x
		}
	}
	imported := func(callee *types.Func) *Fact {
		if callee == nil || callee.Pkg() == nil || callee.Pkg() == pass.Pkg {
			return nil
		}
		var f Fact
		if pass.ImportObjectFact(callee.Origin(), &f) {
			return &f
		}
		return nil
	}
	res.factOf = imported
	sm := findSeams(pass)
	res.Impls, res.seams = sm.impls, sm
	factOf := func(callee *types.Func) *Fact {
		if callee == nil {
			return nil
		}
		callee = callee.Origin()
		if x, ok := local[callee]; ok {
			return &x.fact
		}
		return imported(callee)
	}
	// A fixed point: a function's fact grows with its callees' (bounded: the switches
	// of a recursion may settle slowly).
	for changed, round := true, 0; changed && round < 20; round++ {
		changed = false
		for _, x := range fns {
			if analyze(pass, x, sm, factOf, nil, nil) {
				changed = true
			}
		}
	}
	ext := map[*types.Func][]string{} // kinds reached through functions of other packages
	for _, x := range fns {
		analyze(pass, x, sm, factOf, res, ext)
	}
	// The kinds each function reaches: its own status writes, those of the
	// functions of other packages it uses (their facts), and those of the functions of
	// the package it uses, transitively.
	for _, x := range fns {
		seen := map[*types.Func]bool{}
		queue := []*types.Func{x.obj}
		var kinds []string
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			if seen[f] {
				continue
			}
			seen[f] = true
			for _, t := range res.ByFunc[f] {
				if k := kindKey(t); k != "" && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
			for _, k := range ext[f] {
				if !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
			queue = append(queue, res.Uses[f]...)
		}
		slices.Sort(kinds)
		x.fact.Kinds = kinds
		res.kinds[x.obj] = kinds
	}
	for _, x := range fns {
		if !x.fact.empty() {
			f := x.fact
			pass.ExportObjectFact(x.obj, &f)
		}
	}
	// An interface's method carries the fact of its one implementation's, for the
	// packages that call it through the interface.
	for m, impl := range sm.impls {
		if f := factOf(impl); f != nil && !f.empty() {
			g := *f
			pass.ExportObjectFact(m, &g)
			res.kinds[m] = g.Kinds
		}
	}
	return res, nil
}

// seams maps each variable or field of the package that is assigned function values
// in one way only — a package variable (var updateFn = update) or a struct field
// (r.updateStatusHandler = r.updateStatus), seams for tests — to that function.
//
// impls maps each method of an interface the package declares to the method of the
// package's one type that implements it (see implementations).
type seams struct {
	vars  map[*types.Var]*types.Func
	impls map[*types.Func]*types.Func
}

// findSeams builds the package's seams from its assignments, value specs and keyed
// composite literals.
func findSeams(pass *analysis.Pass) seams {
	info := pass.TypesInfo
	held := map[*types.Var][]*types.Func{}
	unknown := map[*types.Var]bool{}
	varOf := func(e ast.Expr) *types.Var {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			v, _ := info.Uses[x.Sel].(*types.Var)
			return v
		}
		return nil
	}
	record := func(lhs, rhs ast.Expr) {
		v := varOf(lhs)
		if v == nil || v.Pkg() != pass.Pkg {
			return
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			return
		}
		if v.Parent() != v.Pkg().Scope() && !v.IsField() {
			return // a local variable: not a seam
		}
		fn := syntax.FuncValue(info, rhs)
		if fn == nil {
			unknown[v] = true
			return
		}
		if !slices.Contains(held[v], fn) {
			held[v] = append(held[v], fn)
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				if len(x.Lhs) == len(x.Rhs) {
					for i := range x.Lhs {
						record(x.Lhs[i], x.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(x.Names) == len(x.Values) {
					for i := range x.Names {
						record(x.Names[i], x.Values[i])
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := x.Key.(*ast.Ident); ok {
					if _, isField := info.Uses[id].(*types.Var); isField {
						record(id, x.Value)
					}
				}
			}
			return true
		})
	}
	out := seams{vars: map[*types.Var]*types.Func{}, impls: implementations(pass)}
	for v, fns := range held {
		if len(fns) == 1 && !unknown[v] {
			out.vars[v] = fns[0]
		}
	}
	return out
}

// Seam is the function that fun, a package variable or a struct field of the
// package given function values in one way only (var newFn = build; c.build =
// c.defaultBuild, a seam tests swap), holds; nil when it is no such seam.
func (r *Result) Seam(info *types.Info, fun ast.Expr) *types.Func {
	return r.seams.held(info, fun)
}

// calleeOf is the function a call calls: its callee, or the function a seam holds
// (updateFn(…), r.updateStatusHandler(…)); nil when neither is known.
func (s seams) calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	if fn := kubetypes.Callee(info, call); fn != nil {
		return s.resolved(fn)
	}
	return s.held(info, call.Fun)
}

// held is the function that the seam e names holds, nil when e names none.
func (s seams) held(info *types.Info, e ast.Expr) *types.Func {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return s.vars[v]
}

// resolved is fn, or, when fn is the method of an interface the package declares with
// one implementation, that implementation's method.
func (s seams) resolved(fn *types.Func) *types.Func {
	if m := s.impls[fn]; m != nil {
		return m
	}
	return fn
}

// testDouble reports whether named is a test double a mock generator wrote into the
// package: a struct holding a mock framework's state (a gomock *Controller, as
// mockgen's mocks do, or an embedded testify mock.Mock, as mockery's do). No
// operator wires one into its manager; it stands beside the real implementation
// for the package's tests.
func testDouble(named *types.Named) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		t := f.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || n.Obj().Pkg() == nil {
			continue
		}
		switch path, name := n.Obj().Pkg().Path(), n.Obj().Name(); {
		case name == "Controller" && (path == "go.uber.org/mock/gomock" || path == "github.com/golang/mock/gomock"):
			return true
		case name == "Mock" && path == "github.com/stretchr/testify/mock":
			return true
		}
	}
	return false
}

// implementations maps the methods of each interface the package declares to those
// of the one named type of the package that implements it (by value or pointer), when
// exactly one does: the shape of a reconciler that holds a ResourceManager interface
// whose package returns its defaultResourceManager from a constructor. With two
// implementations (a fake beside the real one, or two strategies) which one runs is
// not known, and nothing is mapped; a generated mock (testDouble) is none, nor is an
// aggregate that has the interface's methods only from an embedded interface field
// (forwards). Only methods the interface declares itself are
// mapped: one it embeds from another package is that package's to judge. Types of
// _test.go files and generic types are left out. The packages of the Kubernetes API
// and controller-runtime are too: their interfaces (client.Writer, StatusWriter) are
// the writes themselves, which the analyzers know by name.
func implementations(pass *analysis.Pass) map[*types.Func]*types.Func {
	path := pass.Pkg.Path()
	for _, p := range []string{"k8s.io/", "sigs.k8s.io/controller-runtime", "sigs.k8s.io/multicluster-runtime"} {
		if strings.HasPrefix(path, p) {
			return nil
		}
	}
	var ifaces []*types.Interface
	var concrete []*types.Named
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || strings.HasSuffix(pass.Fset.Position(tn.Pos()).Filename, "_test.go") {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		if it, ok := named.Underlying().(*types.Interface); ok {
			if it.NumExplicitMethods() > 0 {
				ifaces = append(ifaces, it)
			}
			continue
		}
		if testDouble(named) {
			continue
		}
		concrete = append(concrete, named)
	}
	out := map[*types.Func]*types.Func{}
	for _, it := range ifaces {
		var impl *types.Named
		n := 0
		for _, c := range concrete {
			if forwards(pass.Pkg, c, it) {
				continue
			}
			if types.Implements(c, it) || types.Implements(types.NewPointer(c), it) {
				impl, n = c, n+1
			}
		}
		if n != 1 {
			continue
		}
		for m := range it.ExplicitMethods() {
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(impl), true, pass.Pkg, m.Name())
			if fn, ok := obj.(*types.Func); ok {
				out[m] = fn
			}
		}
	}
	return out
}

// forwards reports whether every method of it that c has is promoted from a field of
// interface type c embeds: an aggregate (type services struct{ CRD; Pods }) that
// implements a per-kind interface only by holding one. It runs whatever the field
// holds, itself an implementation counted on its own, so it is none.
func forwards(pkg *types.Package, c *types.Named, it *types.Interface) bool {
	if it.NumMethods() == 0 {
		return false
	}
	for m := range it.Methods() {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(c), true, pkg, m.Name())
		fn, ok := obj.(*types.Func)
		if !ok {
			return false
		}
		if recv := fn.Signature().Recv(); recv == nil || !types.IsInterface(recv.Type()) {
			return false
		}
	}
	return true
}

// tableFuncs are the functions a call of fun may call when fun is the value variable
// of a range loop, in body, over a local slice every value of which is a literal of
// known functions (steps := []stepFn{r.init, r.validate}, assigned once or in each
// branch; for _, step := range steps { step(ctx, obj) }), or over such a literal
// itself: a reconciler that runs its phases from a table. Nil when fun is no such
// variable, or when the slice is given any other value (an append, an element
// assigned, its address handed on, a value from elsewhere): then what the call calls
// is not known.
func tableFuncs(pass *analysis.Pass, body *ast.BlockStmt, fun ast.Expr) []*types.Func {
	info := pass.TypesInfo
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok || body == nil {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		return nil
	}
	var over ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok && r.Value != nil {
			if vid, ok := r.Value.(*ast.Ident); ok && info.Defs[vid] == v {
				over = r.X
			}
		}
		return over == nil
	})
	if over == nil {
		return nil
	}
	values := []ast.Expr{over}
	if sid, ok := ast.Unparen(over).(*ast.Ident); ok {
		sv, _ := info.Uses[sid].(*types.Var)
		if sv == nil || sv.Parent() == nil || sv.Parent() == sv.Pkg().Scope() || sv.IsField() {
			return nil // a package variable or a field: given values elsewhere
		}
		if values = syntax.ValuesOf(pass, body, sv); values == nil || changedInPlace(info, body, sv) {
			return nil
		}
	}
	var fns []*types.Func
	for _, e := range values {
		lit, ok := ast.Unparen(e).(*ast.CompositeLit)
		if !ok {
			return nil
		}
		switch info.TypeOf(lit).Underlying().(type) {
		case *types.Slice, *types.Array:
		default:
			return nil
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			fn := syntax.FuncValue(info, elt)
			if fn == nil {
				return nil
			}
			if !slices.Contains(fns, fn) {
				fns = append(fns, fn)
			}
		}
	}
	return fns
}

// changedInPlace reports whether body assigns an element or a field of v (v[0] = f),
// or takes its address, which a callee may then change: what syntax.ValuesOf does not
// see.
func changedInPlace(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				if _, whole := ast.Unparen(lhs).(*ast.Ident); !whole && syntax.Root(info, lhs) == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && syntax.Root(info, x.X) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// union appends to set each item of add it does not hold yet.
func union[T comparable](set, add []T) []T {
	for _, a := range add {
		if !slices.Contains(set, a) {
			set = append(set, a)
		}
	}
	return set
}

// merged is one fact for a call that may call any of fns: what any of them writes of
// its parameters, the kinds any of them writes. It carries no switches: one that a
// function of the table needs may not be another's, so none turns the call off.
func merged(fns []*types.Func, factOf func(*types.Func) *Fact) *Fact {
	out := &Fact{}
	for _, fn := range fns {
		if f := factOf(fn); f != nil {
			out.Status = union(out.Status, f.Status)
			out.Update = union(out.Update, f.Update)
			out.Object = union(out.Object, f.Object)
			out.StatusFields = union(out.StatusFields, f.StatusFields)
			out.UpdateFields = union(out.UpdateFields, f.UpdateFields)
			out.Kinds = union(out.Kinds, f.Kinds)
		}
	}
	slices.Sort(out.Status)
	slices.Sort(out.Update)
	slices.Sort(out.Object)
	return out
}

// FieldArg is the value of the field name in arg, when arg is a composite literal
// (or its address, or a variable of body assigned once from one) that sets it: the
// object a Params{Object: obj} argument hands in. Nil otherwise.
func FieldArg(pass *analysis.Pass, body *ast.BlockStmt, arg ast.Expr, name string) ast.Expr {
	for range 2 {
		arg = ast.Unparen(arg)
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg = ast.Unparen(u.X)
		}
		switch x := arg.(type) {
		case *ast.CompositeLit:
			for _, elt := range x.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == name {
						return kv.Value
					}
				}
			}
			return nil
		case *ast.Ident:
			v, ok := pass.TypesInfo.Uses[x].(*types.Var)
			if !ok || body == nil {
				return nil
			}
			if arg = syntax.ValueOf(pass, body, v); arg == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// paramField is the name of the field that e selects of the variable v, when v holds
// a struct that is no API object (a struct of a function's arguments): "Object" for
// params.Object or &params.Object; "" otherwise.
func paramField(info *types.Info, e ast.Expr, v *types.Var) string {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || info.Uses[id] != v || kubetypes.IsAPIObject(v.Type()) {
		return ""
	}
	t := types.Unalias(v.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return ""
	}
	if f, ok := info.Uses[sel.Sel].(*types.Var); !ok || !f.IsField() {
		return ""
	}
	return sel.Sel.Name
}

// analyze grows x's fact from its body and reports whether it changed; with res, it
// also records the package's writes there, and in ext the kinds the functions of other
// packages that x uses write.
func analyze(pass *analysis.Pass, x *fn, sm seams, factOf func(*types.Func) *Fact, res *Result, ext map[*types.Func][]string) bool {
	info := pass.TypesInfo
	params := map[*types.Var]int{}
	i := 0
	for _, field := range x.decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, name := range field.Names {
			if v, ok := info.Defs[name].(*types.Var); ok {
				params[v] = i
			}
			i++
		}
	}
	from := follow(info, x.decl.Body, params)
	// The elements of a slice parameter, ranged over (for _, o := range objs), are
	// what came in: an Update of one sends the caller's element whole. Only for
	// Update: a status write of an element is judged at the element, not the slice.
	whole := from
	if ranged := rangedElements(info, x.decl.Body, from); len(ranged) > 0 {
		from = maps.Clone(whole)
		for v, idx := range follow(info, x.decl.Body, ranged) {
			if _, ok := from[v]; !ok {
				from[v] = idx
			}
		}
	}
	reread := rereads(info, x.decl.Body)
	changed := false
	addIdx := func(set *[]int, idx int) {
		if !slices.Contains(*set, idx) {
			*set = append(*set, idx)
			slices.Sort(*set)
			changed = true
		}
	}
	addField := func(set *[]Field, f Field) {
		if !slices.Contains(*set, f) {
			*set = append(*set, f)
			slices.SortFunc(*set, func(a, b Field) int {
				if a.Param != b.Param {
					return a.Param - b.Param
				}
				return strings.Compare(a.Name, b.Name)
			})
			changed = true
		}
	}
	// sets holds the switches each write of a parameter needs.
	var sets [][]switches.Switch
	var stack []ast.Node
	// add records that the function writes e (status, or whole with Update): a
	// parameter, or a field of a struct parameter, with the switches reqs that the
	// write needs.
	add := func(update bool, e ast.Expr, reqs []switches.Switch) {
		v := syntax.Root(info, e)
		idx, ok := from[v]
		if _, isWhole := whole[v]; v == nil || !ok || !update && !isWhole {
			return
		}
		sets = append(sets, reqs)
		if name := paramField(info, e, v); name != "" {
			if update {
				addField(&x.fact.UpdateFields, Field{idx, name})
			} else {
				addField(&x.fact.StatusFields, Field{idx, name})
			}
			return
		}
		if update {
			addIdx(&x.fact.Update, idx)
		} else {
			addIdx(&x.fact.Status, idx)
		}
	}
	// object records that the function sends e, a parameter, whole with an Update of
	// the object (it has been added to Update).
	object := func(e ast.Expr) {
		v := syntax.Root(info, e)
		if idx, ok := from[v]; ok && v != nil && paramField(info, e, v) == "" {
			addIdx(&x.fact.Object, idx)
		}
	}
	stack = append(stack, x.decl) // for what looks for the function around a node
	ast.Inspect(x.decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if res != nil {
			use := func(used *types.Func) {
				if used.Pkg() != pass.Pkg {
					if f := factOf(used); f != nil {
						ext[x.obj] = append(ext[x.obj], f.Kinds...)
					}
					return
				}
				if !slices.Contains(res.Uses[x.obj], used.Origin()) {
					res.Uses[x.obj] = append(res.Uses[x.obj], used.Origin())
				}
			}
			switch n := n.(type) {
			case *ast.Ident:
				if used, ok := info.Uses[n].(*types.Func); ok {
					use(sm.resolved(used))
				} else if held := sm.held(info, n); held != nil {
					use(held)
				}
			case *ast.CompositeLit:
				// A value of a type may be called through an interface: every
				// method of the type is within reach. Not a custom resource's: the
				// interfaces it is handed to (client.Object, runtime.Object) call
				// accessors and DeepCopyObject, never a method of the API type that
				// writes its status (obj.SaveStatus(ctx, c)), which For(&Kind{})
				// would otherwise put within reach of every controller of the kind.
				if t := kubetypes.Named(info.TypeOf(n)); t != nil && !kubetypes.IsCustomResource(t) {
					for m := range t.Origin().Methods() {
						use(m)
					}
				}
			}
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		updateable := func(e ast.Expr) bool {
			v := syntax.Root(info, e)
			return v != nil && !reread[v] && !kubetypes.InRetry(info, stack, e)
		}
		switch {
		case kubetypes.IsStatusWrite(info, call) && len(call.Args) >= 2:
			reqs := switches.Requires(pass, stack, x.decl)
			add(false, call.Args[1], reqs)
			if res != nil {
				res.ByFunc[x.obj] = append(res.ByFunc[x.obj], info.TypeOf(call.Args[1]))
			}
			if kubetypes.IsStatusUpdate(info, call) && updateable(call.Args[1]) {
				add(true, call.Args[1], reqs)
			}
			return true
		case kubetypes.IsPatchHelperPatch(info, call) && len(call.Args) >= 2:
			// A patch helper writes the status with the rest: the kind's status is
			// written, and nothing is sent whole. One whose object gained only a
			// finalizer or labels since it was made sends no status.
			if kubetypes.PatchesMetadataOnly(info, stack, call) {
				return true
			}
			add(false, call.Args[1], switches.Requires(pass, stack, x.decl))
			if res != nil {
				res.ByFunc[x.obj] = append(res.ByFunc[x.obj], info.TypeOf(call.Args[1]))
			}
			return true
		case kubetypes.IsObjectUpdate(info, call) && len(call.Args) >= 2:
			if updateable(call.Args[1]) {
				add(true, call.Args[1], switches.Requires(pass, stack, x.decl))
				object(call.Args[1])
			}
			return true
		}
		var f *Fact
		if callee := sm.calleeOf(info, call); callee != nil {
			f = factOf(callee)
		} else if fns := tableFuncs(pass, x.decl.Body, call.Fun); fns != nil {
			f = merged(fns, factOf)
		}
		if f == nil || !f.writesParams() {
			return true
		}
		if res != nil {
			res.Calls[call] = f
		}
		translated, off := switches.Translate(pass, call, stack, f.Requires)
		if off {
			return true // the call turns the callee's writes off
		}
		reqs := append(translated, switches.Requires(pass, stack, x.decl)...)
		status := func(e ast.Expr) {
			add(false, e, reqs)
			if res != nil {
				res.ByFunc[x.obj] = append(res.ByFunc[x.obj], info.TypeOf(e))
			}
		}
		for _, j := range f.Status {
			if j < len(call.Args) {
				status(call.Args[j])
			}
		}
		for _, j := range f.Update {
			if j < len(call.Args) && updateable(call.Args[j]) {
				add(true, call.Args[j], reqs)
				if slices.Contains(f.Object, j) {
					object(call.Args[j])
				}
			}
		}
		// A field of a struct argument: the value a literal gives it, or the field
		// of a struct this function was handed itself.
		for _, fl := range f.StatusFields {
			if fl.Param >= len(call.Args) {
				continue
			}
			if val := FieldArg(pass, x.decl.Body, call.Args[fl.Param], fl.Name); val != nil {
				status(val)
			} else if v := syntax.Root(info, call.Args[fl.Param]); v != nil {
				if idx, ok := from[v]; ok {
					sets = append(sets, reqs)
					addField(&x.fact.StatusFields, Field{idx, fl.Name})
				}
			}
		}
		for _, fl := range f.UpdateFields {
			if fl.Param >= len(call.Args) || kubetypes.InRetry(info, stack, call.Args[fl.Param]) {
				continue
			}
			if val := FieldArg(pass, x.decl.Body, call.Args[fl.Param], fl.Name); val != nil {
				if updateable(val) {
					add(true, val, reqs)
				}
			} else if v := syntax.Root(info, call.Args[fl.Param]); v != nil && !reread[v] {
				if idx, ok := from[v]; ok {
					sets = append(sets, reqs)
					addField(&x.fact.UpdateFields, Field{idx, fl.Name})
				}
			}
		}
		return true
	})
	if reqs := switches.Intersect(sets); !slices.Equal(reqs, x.fact.Requires) {
		x.fact.Requires = reqs
		changed = true
	}
	return changed
}

// follow maps every variable that holds a parameter's object to the parameter's
// index: the parameters, and variables assigned from them (transitively).
// rangedElements are the value variables of the range loops in body over a slice or
// array that from follows (a parameter, or what holds it), each with its parameter's
// index.
func rangedElements(info *types.Info, body *ast.BlockStmt, from map[*types.Var]int) map[*types.Var]int {
	var out map[*types.Var]int
	ast.Inspect(body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Value == nil {
			return true
		}
		id, ok := rs.Value.(*ast.Ident)
		if !ok {
			return true
		}
		switch types.Unalias(info.TypeOf(rs.X)).Underlying().(type) {
		case *types.Slice, *types.Array:
		default:
			return true
		}
		src := syntax.Root(info, rs.X)
		idx, ok := from[src]
		if src == nil || !ok {
			return true
		}
		if v, ok := info.ObjectOf(id).(*types.Var); ok {
			if out == nil {
				out = map[*types.Var]int{}
			}
			out[v] = idx
		}
		return true
	})
	return out
}

func follow(info *types.Info, body *ast.BlockStmt, params map[*types.Var]int) map[*types.Var]int {
	from := maps.Clone(params)
	mark := func(lhs, rhs ast.Expr) bool {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return false
		}
		dst, ok := info.ObjectOf(id).(*types.Var)
		if !ok {
			return false
		}
		if _, done := from[dst]; done {
			return false
		}
		src := syntax.Root(info, rhs)
		idx, ok := from[src]
		if src == nil || !ok {
			return false
		}
		from[dst] = idx
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
					}
				} else if len(s.Rhs) == 1 {
					if ta, ok := ast.Unparen(s.Rhs[0]).(*ast.TypeAssertExpr); ok && len(s.Lhs) == 2 {
						changed = mark(s.Lhs[0], ta) || changed // k, ok := obj.(*Kind)
					}
				}
			case *ast.ValueSpec:
				if len(s.Names) == len(s.Values) {
					for i := range s.Names {
						changed = mark(s.Names[i], s.Values[i]) || changed
					}
				}
			}
			return true
		})
	}
	return from
}

// rereads is every variable that a Get or List in body fills.
func rereads(info *types.Info, body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := kubetypes.Callee(info, call)
		switch {
		case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "Get") && len(call.Args) > 2:
			if v := syntax.Root(info, call.Args[2]); v != nil {
				out[v] = true
			}
		case kubetypes.IsMethod(fn, kubetypes.ClientPkg, "Reader", "List") && len(call.Args) > 1:
			if v := syntax.Root(info, call.Args[1]); v != nil {
				out[v] = true
			}
		}
		return true
	})
	return out
}
