package vet

import (
	"go/ast"
	"go/build/constraint"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// unreached says which positions lie in functions that no code runs: unexported
// functions and methods of a package that nothing outside such functions refers to, a
// helper left behind when its callers went (func (r *R) syncHostnames(…) that sends a
// cached object whole, called from nowhere). A write there is sent on no pass, and a
// finding there is one no reader can act on.
//
// Only unexported names are judged: every reference to one is in its own package,
// and its package is loaded whole, so a function no reference reaches is dead for
// certain (an exported one may have callers in packages not analyzed, and a method may
// be called through an interface of controller-runtime's, as Reconcile is). With the
// module's command in view, exported names of an internal package (sealed) are judged
// too: only the module's own packages may import it; its types' methods are judged as
// an idle reconciler's are (below), live once a value of the type flows into an
// interface or code refers to one of them. A
// reference is a call or a value (r.fn = r.updateStatus, a seam for tests), except one
// in a statement no control flow reaches (unreachableStmts), where a write is not
// reported either; one from
// a package-level declaration, or from a function that is not itself judged dead,
// makes the function live, and so does a call, anywhere, through an interface method
// of its name. Not judged: main and init, a function with a //go: or //export
// directive (linkname, cgo), and every function of a package with files its build
// constraints leave out, where the reference may be in a file not loaded — unless no
// build takes them: a file built only with the tag ignore (//go:build ignore, the
// convention for a sketch or a generator's source kept beside the package) is in no
// binary. Tests are not loaded: a helper only tests call runs in no operator.
//
// When a main package makes the manager, itself or through a package it imports
// (orphans is not nil), the methods of a
// reconciler nothing runs are judged too, exported or not (idle reconcilers below),
// and with them the helpers only they reach.
func unreached(pkgs []*packages.Package, orphans map[*packages.Package]bool, dynamic map[string]bool) func(p *packages.Package, pos token.Pos) bool {
	skip := map[ast.Stmt]bool{}
	skipped := map[*packages.Package][]ast.Stmt{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			for s := range unreachableStmts(p.TypesInfo, f) {
				skip[s] = true
				skipped[p] = append(skipped[p], s)
			}
		}
	}
	dead := deadFuncs(pkgs, orphans, dynamic, skip)
	return func(p *packages.Package, pos token.Pos) bool {
		return orphans[p] || slices.ContainsFunc(dead[p], func(fd *ast.FuncDecl) bool { return fd.Pos() <= pos && pos < fd.End() }) ||
			slices.ContainsFunc(skipped[p], func(s ast.Stmt) bool { return s.Pos() <= pos && pos < s.End() })
	}
}

// unreachableStmts are the statements in n that no control flow reaches: those that
// follow, in the same statement list, a return, a goto, a break or continue, or a
// call of the builtin panic (return nil; r.rollback(ctx, obj) — a call left behind
// an early return while debugging), up to the next labeled statement, which a goto
// may reach. A reference there makes nothing live, and a write there is sent on no
// pass. Calls that end the process (os.Exit, log.Fatal) are not counted: a wrapper
// may stand in for them under another name, and they are rare before a write.
func unreachableStmts(info *types.Info, n ast.Node) map[ast.Stmt]bool {
	out := map[ast.Stmt]bool{}
	mark := func(list []ast.Stmt) {
		after := false
		for _, s := range list {
			if _, ok := s.(*ast.LabeledStmt); ok {
				after = false
			}
			if after {
				out[s] = true
				continue
			}
			switch x := s.(type) {
			case *ast.ReturnStmt:
				after = true
			case *ast.BranchStmt:
				after = x.Tok != token.FALLTHROUGH
			case *ast.ExprStmt:
				if call, ok := x.X.(*ast.CallExpr); ok {
					after = syntax.IsBuiltin(info, call.Fun, "panic")
				}
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		mark(syntax.Stmts(n))
		return true
	})
	return out
}

// orphanPackages are the packages no binary of the run builds: when a main package
// among pkgs makes the manager, itself or through a package of pkgs it imports (the
// operator's own command is in view: main calls app.Run, which makes it), a package
// that is not main and that no package imports — none of pkgs nor any package they
// import — is code no command of the module runs: a controller whose import the
// command dropped (// _ "…/controllers/node"), a template kept in docs/ to be copied.
// Without such a main nothing is judged: a library of controllers analyzed alone, or
// with only command-line tools in view, may be built by a command elsewhere.
func orphanPackages(pkgs []*packages.Package) map[*packages.Package]bool {
	if !commandMakesManager(pkgs) {
		return nil
	}
	imported := map[string]bool{}
	packages.Visit(pkgs, func(p *packages.Package) bool {
		for path, imp := range p.Imports {
			imported[path] = true
			imported[imp.PkgPath] = true
		}
		return true
	}, nil)
	out := map[*packages.Package]bool{}
	for _, p := range pkgs {
		if p.Name != "main" && !imported[p.PkgPath] {
			out[p] = true
		}
	}
	return out
}

// commandMakesManager reports whether a main package among pkgs makes the manager,
// itself or through a package of pkgs it imports, directly or not (main calls
// app.Run, which calls manager.New): the operator's command is in view.
func commandMakesManager(pkgs []*packages.Package) bool {
	root := map[*packages.Package]bool{}
	var mains []*packages.Package
	for _, p := range pkgs {
		root[p] = true
		if p.Name == "main" {
			mains = append(mains, p)
		}
	}
	found := false
	packages.Visit(mains, func(p *packages.Package) bool {
		found = found || root[p] && makesManager(p)
		return !found
	}, nil)
	return found
}

// deadFuncs are the functions of each package that unreached judges dead. It is a
// reach from the functions that run for certain — exported functions and methods,
// methods an interface may call (by name: dynamic, from interfaceCalled), main, init, those with a
// directive, every function of a package with files left out, the package-level
// declarations — along references, to the functions they refer to, and along the
// flows of a reconciler into an interface (idle reconcilers below) to those of that
// reconciler's methods an interface may call (exported, or of a dynamic name).
// Orphan packages take no part: nothing of theirs runs.
//
// Idle reconcilers. When a main package makes the manager, a named type of a package
// analyzed with a Reconcile method (its own or promoted) runs only when running code
// hands it to something that can run it: a value of it, or a pointer to it, flows into
// an interface with methods (an argument of Complete, controller.New's Options, mgr.Add,
// an element of a []setupper, a return, an assignment, a conversion), or code refers
// to one of its methods (main calling its SetupWithManager, a wrapper calling its
// Reconcile, a method value). A type embedding it, or it as a type argument, makes it
// run whatever code holds them. What does not count: its own methods (its
// SetupWithManager's Complete(r) runs only when something calls SetupWithManager),
// `var _ I = &R{}` (a compile-time assertion), and a flow into an empty interface
// (fmt.Println(r), a log's key-value). A reconciler left behind when its successor
// took over (the command builds the new one; nothing calls the old one's
// SetupWithManager) so runs nowhere, nor do the helpers only its methods reach,
// whatever they write. A reference in a statement of skip (unreachableStmts) counts
// for nothing.
func deadFuncs(pkgs []*packages.Package, orphans map[*packages.Package]bool, dynamic map[string]bool, skip map[ast.Stmt]bool) map[*packages.Package][]*ast.FuncDecl {
	// more says, per package, whether some build takes files the load left out
	// (mayBuildMore): read once, it reads those files' headers.
	more := map[*packages.Package]bool{}
	for _, p := range pkgs {
		more[p] = mayBuildMore(p)
	}
	var cands map[*types.TypeName]bool
	if orphans != nil {
		cands = reconcilerTypes(pkgs, orphans, more)
	}
	candOf := func(t types.Type) *types.TypeName {
		if t == nil || len(cands) == 0 {
			return nil
		}
		if n := kubetypes.Named(t); n != nil && cands[n.Obj()] {
			return n.Obj()
		}
		return nil
	}
	type node struct {
		p     *packages.Package
		fd    *ast.FuncDecl
		refs  []*types.Func
		flows []*types.TypeName
	}
	nodes := map[*types.Func]*node{}
	methods := map[*types.TypeName][]*types.Func{}
	var roots []*types.Func
	live := map[*types.Func]bool{}
	liveCands := map[*types.TypeName]bool{}
	var queue []*types.Func
	markCand := func(c *types.TypeName) {
		if c != nil && !liveCands[c] {
			liveCands[c] = true
			// What an interface holding it may call: its exported methods, and
			// those of a name called through an interface. The rest run only
			// when referred to, as any unexported method's.
			for _, m := range methods[c] {
				if m.Exported() || dynamic[m.Name()] {
					queue = append(queue, m)
				}
			}
		}
	}
	var rootRefs []*types.Func
	var rootFlows []*types.TypeName
	for _, p := range pkgs {
		if orphans[p] || p.TypesInfo == nil {
			continue
		}
		info := p.TypesInfo
		for _, obj := range info.Defs {
			if v, ok := obj.(*types.Var); ok && v.Embedded() {
				rootFlows = append(rootFlows, candOf(v.Type()))
			}
		}
		for _, inst := range info.Instances {
			for t := range inst.TypeArgs.Types() {
				rootFlows = append(rootFlows, candOf(t))
			}
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					if gd, ok := d.(*ast.GenDecl); ok && !assertion(gd) {
						refs, flows := references(info, gd, nil, candOf, skip)
						rootRefs, rootFlows = append(rootRefs, refs...), append(rootFlows, flows...)
					}
					continue
				}
				fn, _ := info.Defs[fd.Name].(*types.Func)
				if fn == nil || fd.Body == nil {
					continue
				}
				n := &node{p: p, fd: fd}
				n.refs, n.flows = references(info, fd, fn.Signature().Results(), candOf, skip)
				nodes[fn] = n
				var owner *types.TypeName
				if recv := fn.Signature().Recv(); recv != nil {
					owner = candOf(recv.Type())
				}
				switch {
				case owner != nil:
					methods[owner] = append(methods[owner], fn)
				case more[p], token.IsExported(fd.Name.Name) && (orphans == nil || !sealed(p)), fd.Recv != nil && dynamic[fn.Name()],
					fd.Recv == nil && (fd.Name.Name == "main" || fd.Name.Name == "init"), fd.Name.Name == "_", directive(fd):
					roots = append(roots, fn)
				}
			}
		}
	}
	queue = append(queue, roots...)
	queue = append(queue, rootRefs...)
	for _, c := range rootFlows {
		markCand(c)
	}
	for len(queue) > 0 {
		fn := queue[0].Origin()
		queue = queue[1:]
		n := nodes[fn]
		if n == nil || live[fn] {
			continue
		}
		live[fn] = true
		queue = append(queue, n.refs...)
		for _, c := range n.flows {
			markCand(c)
		}
	}
	out := map[*packages.Package][]*ast.FuncDecl{}
	for fn, n := range nodes {
		if !live[fn] && !more[n.p] {
			out[n.p] = append(out[n.p], n.fd)
		}
	}
	return out
}

// interfaceCalled are the names of the methods pkgs call through an interface: a
// method of that name, of any type, may run where no reference to it shows.
func interfaceCalled(pkgs []*packages.Package) map[string]bool {
	dynamic := map[string]bool{}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, sel := range p.TypesInfo.Selections {
			if types.IsInterface(sel.Recv()) {
				dynamic[sel.Obj().Name()] = true
			}
		}
	}
	return dynamic
}

// reconcilerTypes are the named types, of the packages analyzed but orphans and
// those some build takes more files of (more), with a Reconcile method in their
// pointer's method set: the reconcilers deadFuncs may find idle; and, in a sealed
// package, every named type with methods: whatever runs them
// is in view, as for a reconciler.
func reconcilerTypes(pkgs []*packages.Package, orphans, more map[*packages.Package]bool) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	for _, p := range pkgs {
		if orphans[p] || p.Types == nil || p.TypesInfo == nil || more[p] {
			continue
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(named))
			if ms.Lookup(nil, "Reconcile") != nil || sealed(p) && ms.Len() > 0 {
				out[tn] = true
			}
		}
	}
	return out
}

// assertion says whether d declares only blank variables: var _ I = &R{}, which
// checks at compile time that R implements I and runs nothing.
func assertion(d *ast.GenDecl) bool {
	if d.Tok != token.VAR {
		return false
	}
	for _, s := range d.Specs {
		for _, n := range s.(*ast.ValueSpec).Names {
			if n.Name != "_" {
				return false
			}
		}
	}
	return true
}

// references are the functions n refers to (calls and values, generic ones by their
// origin) and the reconcilers (candOf) whose values flow in n into an interface with
// methods, or one of whose methods n refers to. results are the results of the
// function n declares, for its returns. Nothing in a statement of skip (no control
// flow reaches it: unreachableStmts) refers to anything.
func references(info *types.Info, n ast.Node, results *types.Tuple, candOf func(types.Type) *types.TypeName, skip map[ast.Stmt]bool) (refs []*types.Func, flows []*types.TypeName) {
	into := func(e ast.Expr, target types.Type) {
		if target == nil {
			return
		}
		if iface, ok := target.Underlying().(*types.Interface); ok && iface.NumMethods() > 0 {
			if c := candOf(info.TypeOf(e)); c != nil {
				flows = append(flows, c)
			}
		}
	}
	var walk func(n ast.Node, results *types.Tuple)
	walk = func(n ast.Node, results *types.Tuple) {
		ast.Inspect(n, func(n ast.Node) bool {
			if s, ok := n.(ast.Stmt); ok && skip[s] {
				return false // no control flow reaches it: its references run nothing
			}
			switch x := n.(type) {
			case *ast.FuncLit:
				if sig, ok := info.TypeOf(x).(*types.Signature); ok {
					walk(x.Body, sig.Results())
				}
				return false
			case *ast.Ident:
				if fn, ok := info.Uses[x].(*types.Func); ok {
					refs = append(refs, fn.Origin())
					if recv := fn.Signature().Recv(); recv != nil {
						if c := candOf(recv.Type()); c != nil {
							flows = append(flows, c)
						}
					}
				}
			case *ast.CallExpr:
				if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
					if len(x.Args) == 1 {
						into(x.Args[0], tv.Type)
					}
					break
				}
				sig, _ := types.Unalias(info.TypeOf(x.Fun)).Underlying().(*types.Signature)
				if sig == nil {
					break
				}
				params := sig.Params()
				for i, a := range x.Args {
					switch {
					case sig.Variadic() && i >= params.Len()-1:
						last := params.At(params.Len() - 1).Type()
						if x.Ellipsis.IsValid() {
							into(a, last)
						} else if s, ok := last.Underlying().(*types.Slice); ok {
							into(a, s.Elem())
						}
					case i < params.Len():
						into(a, params.At(i).Type())
					}
				}
			case *ast.AssignStmt:
				if x.Tok == token.ASSIGN && len(x.Lhs) == len(x.Rhs) {
					for i, l := range x.Lhs {
						into(x.Rhs[i], info.TypeOf(l))
					}
				}
			case *ast.ValueSpec:
				if x.Type != nil {
					for _, v := range x.Values {
						into(v, info.TypeOf(x.Type))
					}
				}
			case *ast.CompositeLit:
				compositeFlows(info, x, into)
			case *ast.ReturnStmt:
				if results != nil && len(x.Results) == results.Len() {
					for i, r := range x.Results {
						into(r, results.At(i).Type())
					}
				}
			case *ast.SendStmt:
				if ch, ok := types.Unalias(info.TypeOf(x.Chan)).Underlying().(*types.Chan); ok {
					into(x.Value, ch.Elem())
				}
			}
			return true
		})
	}
	walk(n, results)
	return refs, flows
}

// compositeFlows calls into with each element of lit and the type it is stored as.
func compositeFlows(info *types.Info, lit *ast.CompositeLit, into func(ast.Expr, types.Type)) {
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	var elem, key types.Type
	switch u := t.Underlying().(type) {
	case *types.Struct:
		syntax.StructFields(info, lit, func(f *types.Var, val ast.Expr) { into(val, f.Type()) })
		return
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem, key = u.Elem(), u.Key()
	default:
		return
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			into(kv.Value, elem)
			if key != nil {
				into(kv.Key, key)
			}
		} else {
			into(el, elem)
		}
	}
}

// directive says whether a function carries a //go: or //export directive: linkname
// or cgo may call it from where no reference shows.
func directive(fd *ast.FuncDecl) bool {
	if fd.Doc == nil {
		return false
	}
	return slices.ContainsFunc(fd.Doc.List, func(c *ast.Comment) bool {
		return strings.HasPrefix(c.Text, "//go:") || strings.HasPrefix(c.Text, "//export ")
	})
}

// mayBuildMore reports whether some build of p takes files this load left out: one of
// p's ignored files has no build constraint that needs the tag ignore (a GOOS or GOARCH
// file, a tag a build may set), or cannot be read. A reference from there may be live.
func mayBuildMore(p *packages.Package) bool {
	return slices.ContainsFunc(p.IgnoredFiles, func(name string) bool { return !neverBuilt(name) })
}

// neverBuilt reports whether the file's //go:build line holds only when the tag
// ignore is set, whatever the other tags are.
func neverBuilt(name string) bool {
	src, err := os.ReadFile(name)
	if err != nil {
		return false
	}
	expr := goBuild(src)
	if expr == nil {
		return false
	}
	var tags []string
	collectTags(expr, &tags)
	if len(tags) > 12 {
		return false
	}
	for set := 0; set < 1<<len(tags); set++ {
		on := map[string]bool{}
		for i, t := range tags {
			on[t] = set&(1<<i) != 0
		}
		if expr.Eval(func(tag string) bool { return tag != "ignore" && on[tag] }) {
			return false
		}
	}
	return true
}

// goBuild is the //go:build expression of a Go source file's header (before its
// package clause), nil when it has none or it does not parse.
func goBuild(src []byte) constraint.Expr {
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case constraint.IsGoBuild(line):
			expr, err := constraint.Parse(line)
			if err != nil {
				return nil
			}
			return expr
		case strings.HasPrefix(line, "package "):
			return nil
		}
	}
	return nil
}

// collectTags appends the distinct tags expr names.
func collectTags(expr constraint.Expr, tags *[]string) {
	switch e := expr.(type) {
	case *constraint.TagExpr:
		if !slices.Contains(*tags, e.Tag) {
			*tags = append(*tags, e.Tag)
		}
	case *constraint.NotExpr:
		collectTags(e.X, tags)
	case *constraint.AndExpr:
		collectTags(e.X, tags)
		collectTags(e.Y, tags)
	case *constraint.OrExpr:
		collectTags(e.X, tags)
		collectTags(e.Y, tags)
	}
}

// sealed reports whether p's import path has an internal element
// (example.com/op/internal/controller): the go command lets only packages under the
// parent of that element import it, all of them the module's own, so with the
// module's command in view (deadFuncs is handed orphans) every caller of its exported
// functions is loaded too, tests aside.
func sealed(p *packages.Package) bool {
	return slices.Contains(strings.Split(p.PkgPath, "/"), "internal")
}
