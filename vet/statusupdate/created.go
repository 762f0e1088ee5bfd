package statusupdate

import (
	"go/ast"
	"go/constant"
	"go/token"
	"strings"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
	"github.com/opgen-dev/opgen/vet/internal/syntax"
)

// createsObject reports whether e is a client's Create of the written object (c.Create(ctx,
// obj)): the API server drops the status a Create carries (the status subresource
// is written only through its own endpoint), so the object it stores has none.
func (k keyer) createsObject(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || k.key(call.Args[1]) != "$" {
		return false
	}
	return kubetypes.IsMethod(kubetypes.Callee(k.g.pass.TypesInfo, call), kubetypes.ClientPkg, "Writer", "Create")
}

// createdInit reports whether st, an if's init, assigns the error of a Create of the
// written object (err := r.Create(ctx, obj)).
func (k keyer) createdInit(st ast.Stmt) bool {
	as, ok := st.(*ast.AssignStmt)
	return ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && k.createsObject(as.Rhs[0])
}

// createdBranch reports whether child, a branch of is, runs only when a Create of the
// written object in is's init succeeded: the body of if err := r.Create(ctx, obj);
// err == nil, or the else of err != nil.
func (k keyer) createdBranch(is *ast.IfStmt, child ast.Node) bool {
	if is.Init == nil || !k.createdInit(is.Init) {
		return false
	}
	return child == is.Body && syntax.ErrIs(is.Cond, token.EQL) || child == is.Else && syntax.ErrIs(is.Cond, token.NEQ)
}

// givesStatus reports whether acc, the assignments on the way, leaves some status
// field of the written object something not empty: the last assignment of it gives a
// constant other than the zero value, or an expression that is no empty literal
// (nil, "", 0, false, a composite literal without elements).
func givesStatus(acc []assignment) bool {
	for _, a := range acc {
		if !strings.HasPrefix(a.lhs, "$.Status") {
			continue
		}
		if onlyGives(acc, a.lhs, notEmpty) {
			return true
		}
	}
	return false
}

func notEmpty(a assignment) bool {
	if a.value != nil {
		switch a.value.Kind() {
		case constant.String:
			return constant.StringVal(a.value) != ""
		case constant.Bool:
			return constant.BoolVal(a.value)
		case constant.Int, constant.Float:
			return constant.Sign(a.value) != 0
		}
		return false
	}
	if a.expr != nil {
		switch x := ast.Unparen(a.expr).(type) {
		case *ast.Ident:
			return x.Name != "nil" && x.Name != "false"
		case *ast.CompositeLit:
			return len(x.Elts) > 0
		case *ast.UnaryExpr:
			if lit, ok := ast.Unparen(x.X).(*ast.CompositeLit); ok && x.Op == token.AND {
				return len(lit.Elts) > 0
			}
		}
		return true
	}
	switch a.rhs {
	case "", "nil", `""`, "0", "false":
		return false
	}
	return !strings.HasSuffix(a.rhs, "{}")
}
