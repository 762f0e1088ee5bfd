package statusupdate

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet/internal/kubetypes"
)

// migrationTo is a status write of a kind whose generated writer is in the package.
type migrationTo struct {
	writer *types.Func
	kind   string
	// fix rewrites the write to a call of the writer, where the write's place lets a
	// (bool, error) call stand in it with its error handled as before; nil elsewhere.
	fix *analysis.SuggestedFix
}

// migration finds the writer opgen generated for the kind a Status().Update or
// Status().Patch writes, Apply<Kind>Status(ctx, c client.Client, obj *Kind, desired
// KindStatus) (bool, error) in the same package, and the fix that calls it instead:
//
//	if err := r.Status().Update(ctx, obj); err != nil {   ->   if _, err := ApplyFooStatus(ctx, r.Client, obj, obj.Status); err != nil {
//	err = r.Status().Update(ctx, obj)                    ->   _, err = ApplyFooStatus(ctx, r.Client, obj, obj.Status)
//	r.Status().Update(ctx, obj)                          ->   _, _ = ApplyFooStatus(ctx, r.Client, obj, obj.Status)
func migration(pass *analysis.Pass, w write) *migrationTo {
	info := pass.TypesInfo
	fn := kubetypes.Callee(info, w.call)
	if (fn.Name() != "Update" && fn.Name() != "Patch") || len(w.call.Args) < 2 {
		return nil
	}
	obj := ast.Unparen(w.call.Args[1])
	ptr, ok := types.Unalias(info.TypeOf(obj)).(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	writer, _ := pass.Pkg.Scope().Lookup("Apply" + named.Obj().Name() + "Status").(*types.Func)
	if writer == nil {
		return nil
	}
	sig := writer.Type().(*types.Signature)
	if sig.Params().Len() != 4 || sig.Results().Len() != 2 || !types.Identical(sig.Params().At(2).Type(), ptr) {
		return nil
	}
	m := &migrationTo{writer: writer, kind: named.Obj().Name()}
	// The client: the receiver of Status(), or its embedded Client field.
	sel, ok := ast.Unparen(w.call.Fun).(*ast.SelectorExpr)
	if !ok {
		return m
	}
	status, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return m
	}
	recv, ok := ast.Unparen(status.Fun).(*ast.SelectorExpr)
	if !ok {
		return m
	}
	clientType := sig.Params().At(1).Type()
	client := types.ExprString(recv.X)
	if !types.AssignableTo(info.TypeOf(recv.X), clientType) || !isClientInterface(info.TypeOf(recv.X)) {
		f, _, _ := types.LookupFieldOrMethod(info.TypeOf(recv.X), true, pass.Pkg, "Client")
		if v, ok := f.(*types.Var); !ok || !types.AssignableTo(v.Type(), clientType) {
			return m
		}
		client += ".Client"
	}
	// obj.Status must mean obj's status: obj is a name or a selector, not &x.
	switch obj.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return m
	}
	call := fmt.Sprintf("%s(%s, %s, %s, %s.Status)", writer.Name(), types.ExprString(w.call.Args[0]), client, types.ExprString(obj), types.ExprString(obj))
	var edits []analysis.TextEdit
	switch parent := w.stack[len(w.stack)-2].(type) {
	case *ast.AssignStmt:
		if len(parent.Lhs) != 1 || len(parent.Rhs) != 1 || parent.Rhs[0] != w.call {
			return m
		}
		edits = []analysis.TextEdit{
			{Pos: parent.Lhs[0].Pos(), End: parent.Lhs[0].Pos(), NewText: []byte("_, ")},
			{Pos: w.call.Pos(), End: w.call.End(), NewText: []byte(call)},
		}
	case *ast.ExprStmt:
		edits = []analysis.TextEdit{{Pos: w.call.Pos(), End: w.call.End(), NewText: []byte("_, _ = " + call)}}
	default:
		return m // a return or a condition: what the caller does with a bool is the author's to say
	}
	m.fix = &analysis.SuggestedFix{Message: "Write status with " + writer.Name(), TextEdits: edits}
	return m
}

// isClientInterface reports whether t is an interface type (client.Client itself, or
// an interface embedding it), as opposed to a struct that embeds one.
func isClientInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
}
