package vet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// fakePkg is controller-runtime's fake client package: a client it builds keeps its
// objects in memory, with no informer cache.
const fakePkg = "sigs.k8s.io/controller-runtime/pkg/client/fake"

// uncachedParams are the client parameters of functions of the packages analyzed,
// as "<full name>#<index>", that every call among those packages hands a client
// without a cache: client.New's or client.NewWithWatch's, or a fake client
// (fake.NewClientBuilder()…Build(), fake.NewFakeClient…), directly or through a local
// variable every value of which is one. A parameter some call hands anything else (the
// manager's client, a field, a parameter) is left out, as is one no call reaches.
// cachedupdate, run with them (WithCallers), reads a struct field filled only from
// such parameters as a client without a cache: the constructor of an API server's
// manager type that keeps the client.New client its callers build.
func uncachedParams(pkgs []*packages.Package) map[string]bool {
	state := map[string]bool{} // false once one call hands something else
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
						uncached := noCache(info, fd.Body, arg)
						if prev, seen := state[key]; !seen || prev {
							state[key] = uncached
						}
					}
					return true
				})
			}
		}
	}
	out := map[string]bool{}
	for k, v := range state {
		if v {
			out[k] = true
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

// noCache reports whether e, in body, is a client without a cache: a call that makes
// one, or a local variable of body every assignment of which is such a call (the
// first result of k8sClient, err := client.New(cfg, opts)).
func noCache(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	if makesUncached(info, e) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
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
					known = known && makesUncached(info, s.Rhs[i])
				case len(s.Rhs) == 1 && i == 0:
					known = known && makesUncached(info, s.Rhs[0])
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
					known = known && makesUncached(info, s.Values[i])
				}
			}
		}
		return known
	})
	return known && values > 0
}

// makesUncached reports whether e is a call that makes a client without a cache:
// client.New, client.NewWithWatch, a fake client builder's Build, fake.NewFakeClient
// or fake.NewFakeClientWithScheme.
func makesUncached(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if kubetypes.IsNewClient(fn) {
		return true
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != fakePkg {
		return false
	}
	return fn.Name() == "Build" || fn.Name() == "NewFakeClient" || fn.Name() == "NewFakeClientWithScheme"
}
