package vet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/opgen-dev/opgen/vet/cachedupdate"
	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// fakePkg is controller-runtime's fake client package: a client it builds keeps its
// objects in memory, with no informer cache.
const fakePkg = "sigs.k8s.io/controller-runtime/pkg/client/fake"

// uncachedParams are the client parameters of functions of the packages analyzed,
// as "<full name>#<index>", that every call among those packages hands a client
// without a cache: client.New's or client.NewWithWatch's, or a fake client
// (fake.NewClientBuilder()…Build(), fake.NewFakeClient…), or the result of a function
// of those packages that returns only such clients (func NewK8sClient() (client.Client,
// error) { …; return client.New(cfg, opts) }, its other returns nil), or a parameter
// that is itself such a parameter (main builds the client, setupRuntime hands its
// parameter on to authz.Initialize, which hands it to the enforcer), directly or
// through a local variable every value of which is one, or a client field of a struct
// the packages declare every value of which is one. Such fields are among them too,
// as cachedupdate.FieldKey names them: every value the packages give the field, in a
// literal (CasbinConfig{K8sClient: k8sClient}) or an assignment (cfg.Client = c), in
// a function or at package level, is such a client (a settings struct the API server
// fills, then handed to a constructor that copies cfg.Client into a field of its
// own, which is then one too); a field whose address is taken is not. A parameter or
// field some call or value hands anything else (the manager's client, a field not
// settled, a parameter some call hands the manager's) is left out, as is one no
// call or value reaches. They are settled together, from "every value is known to
// be one" downwards, until nothing changes. cachedupdate, run with them
// (WithCallers), reads a struct field filled only from such parameters, or one that
// is itself settled, as a client without a cache: the constructor of an API
// server's manager type that keeps the client.New client its callers build.
func uncachedParams(pkgs []*packages.Package) map[string]bool {
	makers := uncachedMakers(pkgs)
	type site struct {
		info  *types.Info
		fd    *ast.FuncDecl // the function the call is in
		outer *types.Func
		arg   ast.Expr
	}
	sites := map[string][]site{}
	var enc objectpath.Encoder
	analyzed := map[*types.Package]bool{}
	for _, p := range pkgs {
		analyzed[p.Types] = true
	}
	// fieldSite records a value given to a client field of a struct the packages
	// declare, in a literal or an assignment, in fd (nil at package level).
	fieldSite := func(info *types.Info, fd *ast.FuncDecl, f *types.Var, val ast.Expr) {
		if f == nil || !f.IsField() || !analyzed[f.Pkg()] || !clientParam(f.Type()) {
			return
		}
		key := cachedupdate.FieldKey(&enc, f)
		if key == "" {
			return
		}
		var outer *types.Func
		if fd != nil {
			outer, _ = info.Defs[fd.Name].(*types.Func)
		}
		sites[key] = append(sites[key], site{info, fd, outer, val})
	}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		info := p.TypesInfo
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				outer, _ := info.Defs[fd.Name].(*types.Func)
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					fn, _ := typeutil.Callee(info, call).(*types.Func)
					if fn == nil {
						return true
					}
					params := fn.Signature().Params()
					for i, arg := range call.Args {
						if i >= params.Len() || !clientParam(params.At(i).Type()) {
							continue
						}
						key := fmt.Sprintf("%s#%d", fn.Origin().FullName(), i)
						sites[key] = append(sites[key], site{info, fd, outer, arg})
					}
					return true
				})
			}
			// Every value a client field is given, in a function or at package
			// level: a field some value of which is not seen is never settled.
			var fd *ast.FuncDecl
			ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
				if d, ok := n.(*ast.FuncDecl); ok {
					fd = d
				} else if len(stack) == 1 {
					fd = nil // a declaration at package level
				}
				switch n := n.(type) {
				case *ast.CompositeLit:
					syntax.StructFields(info, n, func(f *types.Var, val ast.Expr) { fieldSite(info, fd, f, val) })
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
						var val ast.Expr = l // another result, or an op: not known
						if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
							val = n.Rhs[i]
						}
						fieldSite(info, fd, s.Obj().(*types.Var), val)
					}
				case *ast.UnaryExpr:
					// &x.Client handed out: anything may be stored through it.
					if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND {
						if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
							fieldSite(info, fd, s.Obj().(*types.Var), n)
						}
					}
				}
				return true
			})
		}
	}
	// Start from every parameter with a call, and drop those a call hands something
	// not known to be uncached, until nothing more drops: a cycle of parameters
	// handed only to each other stays, as no call brings a cached client into it.
	out := map[string]bool{}
	for k := range sites {
		out[k] = true
	}
	isParam := func(s site, e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || s.outer == nil {
			return false
		}
		v, ok := s.info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		i := syntax.ParamIndex(s.info, s.fd, v)
		return i >= 0 && out[fmt.Sprintf("%s#%d", s.outer.Origin().FullName(), i)] && !syntax.Assigned(s.info, s.fd.Body, v)
	}
	// A client field every value of which is settled so (cfg.Client, Config being a
	// struct of settings the callers fill with client.New's client).
	isField := func(s site, e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		sl := s.info.Selections[sel]
		if sl == nil || sl.Kind() != types.FieldVal {
			return false
		}
		k := cachedupdate.FieldKey(&enc, sl.Obj().(*types.Var))
		return k != "" && out[k]
	}
	for changed := true; changed; {
		changed = false
		for k, ss := range sites {
			if !out[k] {
				continue
			}
			for _, s := range ss {
				made := func(e ast.Expr) bool { return makesUncached(s.info, e, makers) || isParam(s, e) || isField(s, e) }
				var body *ast.BlockStmt
				if s.fd != nil {
					body = s.fd.Body
				}
				if !noCache(s.info, body, s.arg, made) {
					delete(out, k)
					changed = true
					break
				}
			}
		}
	}
	return out
}

// uncachedMakers are the functions of the packages analyzed whose results include a
// client interface, and whose every return gives there a client without a cache
// (makesUncached, or a call of another such function) or nil.
func uncachedMakers(pkgs []*packages.Package) map[*types.Func]bool {
	type decl struct {
		info *types.Info
		fd   *ast.FuncDecl
		idx  int // the client result's index
	}
	var decls []decl
	fns := map[*types.Func]decl{}
	eachFuncDecl(pkgs, func(p *packages.Package, _ *ast.File, fd *ast.FuncDecl, fn *types.Func) {
		res := fn.Signature().Results()
		idx := -1
		for i := range res.Len() {
			if clientParam(res.At(i).Type()) {
				idx = i
				break
			}
		}
		if idx >= 0 && res.At(idx).Name() == "" {
			dc := decl{p.TypesInfo, fd, idx}
			decls = append(decls, dc)
			fns[fn] = dc
		}
	})
	out := map[*types.Func]bool{}
	for fn := range fns {
		out[fn] = true
	}
	for changed := true; changed; {
		changed = false
		for fn, d := range fns {
			if !out[fn] {
				continue
			}
			ok, any := true, false
			ast.Inspect(d.fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					if len(x.Results) == 1 && fn.Signature().Results().Len() > 1 {
						// return client.New(cfg, opts): the call's own results
						ok = ok && d.idx == 0 && makesUncached(d.info, x.Results[0], out)
						any = true
						return ok
					}
					if len(x.Results) != fn.Signature().Results().Len() {
						ok = false
						return false
					}
					r := x.Results[d.idx]
					if d.info.Types[r].IsNil() {
						return true
					}
					if !makesUncached(d.info, r, out) {
						ok = false
					}
					any = true
				}
				return ok
			})
			if !ok || !any {
				delete(out, fn)
				changed = true
			}
		}
	}
	return out
}

// clientParam reports whether t is a client interface of controller-runtime
// (client.Client, client.WithWatch, client.Reader).
func clientParam(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != kubetypes.ClientPkg {
		return false
	}
	switch n.Obj().Name() {
	case "Client", "WithWatch", "Reader":
		return true
	}
	return false
}

// noCache reports whether e, in body, is a client without a cache: made says so of
// it, or it is a local variable of body every assignment of which made says so of
// (the first result of k8sClient, err := client.New(cfg, opts)).
func noCache(info *types.Info, body *ast.BlockStmt, e ast.Expr, made func(ast.Expr) bool) bool {
	if made(e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || body == nil {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	values, known := 0, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for i, l := range s.Lhs {
				lid, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || info.ObjectOf(lid) != v {
					continue
				}
				values++
				switch {
				case s.Tok != token.ASSIGN && s.Tok != token.DEFINE:
					known = false
				case len(s.Rhs) == len(s.Lhs):
					known = known && made(s.Rhs[i])
				case len(s.Rhs) == 1 && i == 0:
					known = known && made(s.Rhs[0])
				default:
					known = false
				}
			}
		case *ast.ValueSpec:
			for i, name := range s.Names {
				if info.Defs[name] != v {
					continue
				}
				if i < len(s.Values) {
					values++
					known = known && made(s.Values[i])
				}
			}
		}
		return known
	})
	return known && values > 0
}

// makesUncached reports whether e is a call that makes a client without a cache:
// client.New, client.NewWithWatch, a fake client builder's Build, fake.NewFakeClient
// or fake.NewFakeClientWithScheme, or one of makers.
func makesUncached(info *types.Info, e ast.Expr, makers map[*types.Func]bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if kubetypes.IsNewClient(fn) || fn != nil && makers[fn.Origin()] {
		return true
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != fakePkg {
		return false
	}
	return fn.Name() == "Build" || fn.Name() == "NewFakeClient" || fn.Name() == "NewFakeClientWithScheme"
}
