package vet

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
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
// be called through an interface of controller-runtime's, as Reconcile is). A
// reference is a call or a value (r.fn = r.updateStatus, a seam for tests); one from
// a package-level declaration, or from a function that is not itself judged dead,
// makes the function live, and so does a call, anywhere, through an interface method
// of its name. Not judged: main and init, a function with a //go: or //export
// directive (linkname, cgo), and every function of a package with files its build
// constraints leave out, where the reference may be in a file not loaded. Tests are
// not loaded: a helper only tests call runs in no operator.
func unreached(pkgs []*packages.Package, orphans map[*packages.Package]bool) func(p *packages.Package, pos token.Pos) bool {
	dynamic := map[string]bool{} // method names called through an interface
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
	dead := map[*packages.Package][]*ast.FuncDecl{}
	for _, p := range pkgs {
		if p.TypesInfo == nil || len(p.IgnoredFiles) > 0 {
			continue
		}
		if fds := deadFuncs(p, dynamic); len(fds) > 0 {
			dead[p] = fds
		}
	}
	return func(p *packages.Package, pos token.Pos) bool {
		return orphans[p] || slices.ContainsFunc(dead[p], func(fd *ast.FuncDecl) bool { return fd.Pos() <= pos && pos < fd.End() })
	}
}

// orphanPackages are the packages no binary of the run builds: when a main package
// among pkgs makes the manager (the operator's own command is in view), a package
// that is not main and that no package imports — none of pkgs nor any package they
// import — is code no command of the module runs: a controller whose import the
// command dropped (// _ "…/controllers/node"), a template kept in docs/ to be copied.
// Without such a main nothing is judged: a library of controllers analyzed alone, or
// with only command-line tools in view, may be built by a command elsewhere.
func orphanPackages(pkgs []*packages.Package) map[*packages.Package]bool {
	if !slices.ContainsFunc(pkgs, func(p *packages.Package) bool { return p.Name == "main" && makesManager(p) }) {
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

// deadFuncs are the functions of p that unreached judges dead.
func deadFuncs(p *packages.Package, dynamic map[string]bool) []*ast.FuncDecl {
	judged := map[*types.Func]*ast.FuncDecl{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || token.IsExported(fd.Name.Name) || fd.Name.Name == "main" || fd.Name.Name == "init" || fd.Name.Name == "_" || directive(fd) {
				continue
			}
			fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || (fd.Recv != nil && dynamic[fn.Name()]) {
				continue
			}
			judged[fn] = fd
		}
	}
	if len(judged) == 0 {
		return nil
	}
	// refs: for each judged function, the judged functions whose bodies refer to
	// it; a reference from anywhere else makes it live at once.
	refs := map[*types.Func][]*types.Func{}
	live := map[*types.Func]bool{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			var from *types.Func
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func); judged[fn] != nil {
					from = fn
				}
			}
			ast.Inspect(d, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, _ := p.TypesInfo.Uses[id].(*types.Func)
				if fn == nil {
					return true
				}
				fn = fn.Origin()
				if judged[fn] == nil || fn == from {
					return true
				}
				if from == nil {
					live[fn] = true
				} else {
					refs[fn] = append(refs[fn], from)
				}
				return true
			})
		}
	}
	// A judged function is live when a live one refers to it: walk from the live.
	callees := map[*types.Func][]*types.Func{}
	for callee, callers := range refs {
		for _, caller := range callers {
			callees[caller] = append(callees[caller], callee)
		}
	}
	queue := make([]*types.Func, 0, len(live))
	for fn := range live {
		queue = append(queue, fn)
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, next := range callees[fn] {
			if !live[next] {
				live[next] = true
				queue = append(queue, next)
			}
		}
	}
	var out []*ast.FuncDecl
	for fn, fd := range judged {
		if !live[fn] {
			out = append(out, fd)
		}
	}
	return out
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
