package writes

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
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
// counted).
type Fact struct {
	// Status holds the parameters whose status the function writes.
	Status []int
	// Update holds the parameters the function sends whole with Update or
	// Status().Update as they came in.
	Update []int
}

// AFact marks Fact as an analysis fact.
func (*Fact) AFact() {}

func (f *Fact) String() string {
	return fmt.Sprintf("writes(status %v, update %v)", f.Status, f.Update)
}

func (f *Fact) empty() bool { return len(f.Status) == 0 && len(f.Update) == 0 }

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
}

// WritesStatusOfFrom reports whether the functions roots, or a function of the
// package they reach through calls or values, write the status of objects of type t.
func (r *Result) WritesStatusOfFrom(roots []*types.Func, t types.Type) bool {
	seen := map[*types.Func]bool{}
	queue := slices.Clone(roots)
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if seen[fn] {
			continue
		}
		seen[fn] = true
		if hasKind(r.ByFunc[fn], t) {
			return true
		}
		queue = append(queue, r.Uses[fn]...)
	}
	return false
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
	res := &Result{Calls: map[*ast.CallExpr]*Fact{}, ByFunc: map[*types.Func][]types.Type{}, Uses: map[*types.Func][]*types.Func{}}
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
	factOf := func(callee *types.Func) *Fact {
		if callee == nil {
			return nil
		}
		callee = callee.Origin()
		if x, ok := local[callee]; ok {
			return &x.fact
		}
		if callee.Pkg() == nil || callee.Pkg() == pass.Pkg {
			return nil
		}
		var f Fact
		if pass.ImportObjectFact(callee, &f) {
			return &f
		}
		return nil
	}
	// A fixed point: a function's fact grows with its callees'.
	for changed := true; changed; {
		changed = false
		for _, x := range fns {
			if analyze(pass, x, factOf, nil) {
				changed = true
			}
		}
	}
	for _, x := range fns {
		analyze(pass, x, factOf, res)
		if !x.fact.empty() {
			f := x.fact
			pass.ExportObjectFact(x.obj, &f)
		}
	}
	return res, nil
}

// analyze grows x's fact from its body and reports whether it changed; with res, it
// also records the package's writes there.
func analyze(pass *analysis.Pass, x *fn, factOf func(*types.Func) *Fact, res *Result) bool {
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
	reread := rereads(info, x.decl.Body)
	changed := false
	add := func(set *[]int, e ast.Expr) {
		v := syntax.Root(info, e)
		if v == nil {
			return
		}
		if idx, ok := from[v]; ok && !slices.Contains(*set, idx) {
			*set = append(*set, idx)
			slices.Sort(*set)
			changed = true
		}
	}
	var stack []ast.Node
	ast.Inspect(x.decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if res != nil {
			use := func(used *types.Func) {
				if used.Pkg() == pass.Pkg && !slices.Contains(res.Uses[x.obj], used.Origin()) {
					res.Uses[x.obj] = append(res.Uses[x.obj], used.Origin())
				}
			}
			switch n := n.(type) {
			case *ast.Ident:
				if used, ok := info.Uses[n].(*types.Func); ok {
					use(used)
				}
			case *ast.CompositeLit:
				// A value of a type of the package may be called through an
				// interface: every method of the type is within reach.
				if t := kubetypes.Named(info.TypeOf(n)); t != nil {
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
			return v != nil && !reread[v] && !kubetypes.InRetry(info, stack)
		}
		switch {
		case kubetypes.IsStatusWrite(info, call) && len(call.Args) >= 2:
			add(&x.fact.Status, call.Args[1])
			if res != nil {
				res.ByFunc[x.obj] = append(res.ByFunc[x.obj], info.TypeOf(call.Args[1]))
			}
			if kubetypes.IsStatusUpdate(info, call) && updateable(call.Args[1]) {
				add(&x.fact.Update, call.Args[1])
			}
			return true
		case kubetypes.IsObjectUpdate(info, call) && len(call.Args) >= 2:
			if updateable(call.Args[1]) {
				add(&x.fact.Update, call.Args[1])
			}
			return true
		}
		f := factOf(kubetypes.Callee(info, call))
		if f == nil || f.empty() {
			return true
		}
		for _, j := range f.Status {
			if j < len(call.Args) {
				add(&x.fact.Status, call.Args[j])
				if res != nil {
					res.ByFunc[x.obj] = append(res.ByFunc[x.obj], info.TypeOf(call.Args[j]))
				}
			}
		}
		for _, j := range f.Update {
			if j < len(call.Args) && updateable(call.Args[j]) {
				add(&x.fact.Update, call.Args[j])
			}
		}
		if res != nil {
			res.Calls[call] = f
		}
		return true
	})
	return changed
}

// follow maps every variable that holds a parameter's object to the parameter's
// index: the parameters, and variables assigned from them (transitively).
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
