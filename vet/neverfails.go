package vet

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// failFree says which positions lie in a branch taken only when a call failed whose
// function never fails: a function or method of the packages analyzed, called
// directly (not through an interface or a value), whose last result is an error and
// every return of which gives nil there (func (r *R) dispatch(obj *Foo) error { go
// r.scan(obj); return nil }). The branch is the body of if err := f(…); err != nil,
// or of an if err != nil that directly follows err = f(…) or v, err := f(…), or of if
// f(…) != nil. A write there (the status of a failure the function cannot report) is
// sent on no pass.
//
// A function with named results that returns bare, or whose error it gives is
// anything but the literal nil, may fail, and so may one whose body is not loaded.
func failFree(pkgs []*packages.Package) func(p *packages.Package, pos token.Pos) bool {
	never := map[*types.Func]bool{}
	eachFuncDecl(pkgs, func(p *packages.Package, fd *ast.FuncDecl, fn *types.Func) {
		if nilErrorOnly(p.TypesInfo, fd) {
			never[fn.Origin()] = true
		}
	})
	regions := map[*packages.Package][][2]token.Pos{}
	if len(never) == 0 {
		return func(*packages.Package, token.Pos) bool { return false }
	}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		info := p.TypesInfo
		// freeCall reports whether e is a direct call of a function that never fails.
		freeCall := func(e ast.Expr) bool {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			return ok && never[kubetypes.Callee(info, call)]
		}
		// errOf is the error variable the last left-hand side of as defines or assigns
		// from a call of a function that never fails; nil otherwise.
		errOf := func(st ast.Stmt) types.Object {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || !freeCall(as.Rhs[0]) {
				return nil
			}
			id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
			if !ok {
				return nil
			}
			return info.ObjectOf(id)
		}
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				list := syntax.Stmts(n)
				for k, st := range list {
					is, ok := st.(*ast.IfStmt)
					if !ok {
						continue
					}
					var err types.Object
					switch {
					case is.Init != nil:
						err = errOf(is.Init)
					case k > 0:
						err = errOf(list[k-1])
					}
					if failsOn(info, is.Cond, err, freeCall) {
						regions[p] = append(regions[p], [2]token.Pos{is.Body.Pos(), is.Body.End()})
					}
				}
				return true
			})
		}
	}
	return func(p *packages.Package, pos token.Pos) bool {
		return slices.ContainsFunc(regions[p], func(r [2]token.Pos) bool { return r[0] <= pos && pos < r[1] })
	}
}

// failsOn reports whether cond is err != nil, for the error variable err, or a call
// that free says never fails compared != nil.
func failsOn(info *types.Info, cond ast.Expr, err types.Object, free func(ast.Expr) bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, y := b.X, b.Y
	if info.Types[x].IsNil() {
		x, y = y, x
	}
	if !info.Types[y].IsNil() {
		return false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && err != nil && info.ObjectOf(id) == err {
		return true
	}
	return free(x)
}

// nilErrorOnly reports whether the function fd declares has an error as its last
// result and every return of its body (outside function literals) gives the literal
// nil there.
func nilErrorOnly(info *types.Info, fd *ast.FuncDecl) bool {
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 || !syntax.IsError(info.TypeOf(res.List[len(res.List)-1].Type)) {
		return false
	}
	ok, returns := true, 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			if len(x.Results) == 0 || !info.Types[x.Results[len(x.Results)-1]].IsNil() {
				ok = false
			}
		}
		return ok
	})
	return ok && returns > 0
}

// eachFuncDecl calls f with every function declaration with a body among the
// packages that have type information, and the function it declares.
func eachFuncDecl(pkgs []*packages.Package, f func(p *packages.Package, fd *ast.FuncDecl, fn *types.Func)) {
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, file := range p.Syntax {
			for _, d := range file.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func); fn != nil {
					f(p, fd, fn)
				}
			}
		}
	}
}
