package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// AppliesPatch is the fact of a function that returns a server-side apply patch of
// the project's own: every return gives a literal (or its address) of a type whose
// Type method returns types.ApplyPatchType (func Apply(cfg any) client.Patch { return
// applyPatch{cfg} }, applyPatch's Type returning types.ApplyPatchType), client.Apply,
// or a call of another such function. A status Patch with its result is an apply,
// which the API server does not persist when the applied fields hold what is stored.
type AppliesPatch struct{}

// AFact marks AppliesPatch as an analysis fact.
func (*AppliesPatch) AFact() {}

func (*AppliesPatch) String() string { return "applies patch" }

// exportAppliesPatch exports the AppliesPatch fact of the package's functions with one
// client.Patch result that every return fills with an apply (applyPatchValue), those
// that return one another's calls included.
func exportAppliesPatch(pass *analysis.Pass) {
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || fn.Signature().Results().Len() != 1 || !kubetypes.IsNamed(fn.Signature().Results().At(0).Type(), kubetypes.ClientPkg, "Patch") {
				continue
			}
			decls = append(decls, fd)
		}
	}
	done := map[*ast.FuncDecl]bool{}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			if done[fd] {
				continue
			}
			returns, ok := 0, true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch r := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					returns++
					ok = ok && len(r.Results) == 1 && applyPatchValue(pass, r.Results[0])
				}
				return ok
			})
			if ok && returns > 0 {
				pass.ExportObjectFact(pass.TypesInfo.Defs[fd.Name], &AppliesPatch{})
				done[fd], changed = true, true
			}
		}
	}
}

// applyPatchValue reports whether e is a server-side apply patch: client.Apply, a raw
// patch of types.ApplyPatchType, a literal (or its address) of a type of this package
// whose Type method returns types.ApplyPatchType, or a call of a function with the
// AppliesPatch fact.
func applyPatchValue(pass *analysis.Pass, e ast.Expr) bool {
	info := pass.TypesInfo
	if serverSideApply(info, e) {
		return true
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return applyType(pass, info.TypeOf(x))
	case *ast.CallExpr:
		fn := kubetypes.Callee(info, x)
		return fn != nil && pass.ImportObjectFact(fn.Origin(), new(AppliesPatch))
	}
	return false
}

// applyType reports whether t, a named type of the package being analyzed, has a
// method Type whose body is one return of a constant that names an apply patch
// (types.ApplyPatchType, "application/apply-patch+yaml").
func applyType(pass *analysis.Pass, t types.Type) bool {
	n := kubetypes.Named(t)
	if n == nil || n.Obj().Pkg() != pass.Pkg {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(n, true, pass.Pkg, "Type")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	fd := syntax.DeclOf(pass, m)
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	v := pass.TypesInfo.Types[ret.Results[0]].Value
	return v != nil && v.Kind() == constant.String && strings.HasPrefix(constant.StringVal(v), "application/apply-patch")
}
