package reconciler

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"path"
	"strconv"
	"strings"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// userCode is what the controller package's own files declare for one kind.
type userCode struct {
	typ     *ast.TypeSpec
	typFile *ast.File
	methods map[string]decl
	funcs   map[string]decl
}

// decl is a function declaration and the file it is in, whose imports name its types.
type decl struct {
	fn   *ast.FuncDecl
	file *ast.File
}

func scan(ctx *contract.Context, k *model.Kind) userCode {
	uc := userCode{methods: map[string]decl{}, funcs: map[string]decl{}}
	name := k.Names.Reconciler()
	for _, f := range ctx.Controller.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == name {
						uc.typ, uc.typFile = ts, f
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil {
					uc.funcs[d.Name.Name] = decl{d, f}
				} else if recvName(d) == name {
					uc.methods[d.Name.Name] = decl{d, f}
				}
			}
		}
	}
	return uc
}

func recvName(d *ast.FuncDecl) string {
	if len(d.Recv.List) == 0 {
		return ""
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// Import paths of the types the user's functions must use.
const (
	// ctrl is controller-runtime's root package, whose Manager aliases its manager
	// package's.
	ctrl       = "sigs.k8s.io/controller-runtime"
	ctxPkg     = "context"
	managerPkg = "sigs.k8s.io/controller-runtime/pkg/manager"
	clientPkg  = "sigs.k8s.io/controller-runtime/pkg/client"
)

// typeName is a type as a signature spells it, resolved through the file's imports:
// pkg is "" for a type of the package itself.
type typeName struct {
	pkg, name string
	pointer   bool
}

// sameType reports whether t names the same type as want, where controller-runtime's
// Manager may be spelled from its root package (ctrl.Manager is an alias).
func (t typeName) is(want typeName) bool {
	if t.pointer != want.pointer || t.name != want.name {
		return false
	}
	if t.pkg == want.pkg {
		return true
	}
	alias := map[string]string{ctrl: managerPkg}
	return alias[t.pkg] == want.pkg || alias[want.pkg] == t.pkg
}

// resolve returns the type an expression of f names; ok is false for anything but a
// (pointer to a) named type.
func resolve(f *ast.File, expr ast.Expr) (typeName, bool) {
	var t typeName
	if s, ok := expr.(*ast.StarExpr); ok {
		t.pointer, expr = true, s.X
	}
	switch e := expr.(type) {
	case *ast.Ident:
		t.name = e.Name
		return t, true
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return t, false
		}
		p := importOf(f, x.Name)
		if p == "" {
			return t, false
		}
		t.pkg, t.name = p, e.Sel.Name
		return t, true
	}
	return t, false
}

// importOf returns the import path a file's name refers to, or "". An import without
// a name is known by its package name, which for the packages checked here is the
// last path element, except controller-runtime's root (controllerruntime).
func importOf(f *ast.File, name string) string {
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		local := path.Base(p)
		if p == ctrl {
			local = "controllerruntime"
		}
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == name {
			return p
		}
	}
	return ""
}

// localName is what f calls the package at importPath, or def when f does not import it.
func localName(f *ast.File, importPath, def string) string {
	if f == nil {
		return def
	}
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == importPath {
			if imp.Name != nil {
				return imp.Name.Name
			}
			if p == ctrl {
				return "controllerruntime"
			}
			return path.Base(p)
		}
	}
	return def
}

// fields flattens a field list into one type per value: (a, b int) is two ints.
func fields(fl *ast.FieldList) []ast.Expr {
	if fl == nil {
		return nil
	}
	var out []ast.Expr
	for _, f := range fl.List {
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			out = append(out, f.Type)
		}
	}
	return out
}

// matches reports whether the expressions name exactly the wanted types.
func matches(f *ast.File, exprs []ast.Expr, want []typeName) bool {
	if len(exprs) != len(want) {
		return false
	}
	for i, e := range exprs {
		t, ok := resolve(f, e)
		if !ok || !t.is(want[i]) {
			return false
		}
	}
	return true
}

// signature prints a function declaration's signature as written.
func signature(fset *token.FileSet, d *ast.FuncDecl) string {
	var b bytes.Buffer
	b.WriteString("func ")
	if d.Recv != nil {
		b.WriteString("(")
		if r := d.Recv.List[0]; len(r.Names) > 0 {
			b.WriteString(r.Names[0].Name + " ")
		}
		printer.Fprint(&b, fset, d.Recv.List[0].Type)
		b.WriteString(") ")
	}
	b.WriteString(d.Name.Name)
	fn := *d.Type
	fn.Func = token.NoPos
	var sig bytes.Buffer
	printer.Fprint(&sig, fset, &fn)
	b.WriteString(strings.TrimPrefix(sig.String(), "func"))
	return b.String()
}

// userFunc is one of the functions the generated code calls and the user writes.
type userFunc int

const (
	reconcileFunc userFunc = iota
	cleanupFunc
	constructorFunc
)

// wanted spells the signature a user function must have, with the import names of the
// file it goes in (f may be nil: the generated code's names).
func wanted(k *model.Kind, f *ast.File, what userFunc) string {
	a := localName(f, k.Package.Path, k.Package.Alias)
	c := localName(f, ctxPkg, "context")
	switch what {
	case reconcileFunc:
		return fmt.Sprintf("func (r *%s) %s(ctx %s.Context, obj *%s.%s) (%s.%s, Outcome, error)", k.Names.Reconciler(), k.Names.ReconcileFunc(), c, a, k.Name, a, k.StatusName())
	case cleanupFunc:
		return fmt.Sprintf("func (r *%s) %s(ctx %s.Context, obj *%s.%s) error", k.Names.Reconciler(), k.Names.Cleanup(), c, a, k.Name)
	default:
		return fmt.Sprintf("func %s(mgr %s.Manager) *%s", k.Names.NewReconciler(), localName(f, ctrl, naming.Standard[ctrl]), k.Names.Reconciler())
	}
}

// checkUserCode checks, for a kind whose reconciler the user declared, every function
// and type the generated code calls, by the types their signatures name. The wanted
// signatures are spelled with the import names of the user's own file.
func checkUserCode(ctx *contract.Context, k *model.Kind, uc userCode) diag.Diagnostics {
	var ds diag.Diagnostics
	name := k.Names.Reconciler()
	api := typeName{pkg: k.Package.Path, name: k.Name, pointer: true}
	status := typeName{pkg: k.Package.Path, name: k.StatusName()}
	want := func(f *ast.File, what userFunc) string { return wanted(k, f, what) }
	pos := func(d decl) token.Position { return ctx.Fset.Position(d.fn.Name.Pos()) }

	typPos := ctx.Fset.Position(uc.typ.Name.Pos())
	if st, ok := uc.typ.Type.(*ast.StructType); !ok {
		ds.Errorf(typPos, "%s is not a struct: the generated Reconcile reads objects through its embedded client.Client (r.Get, r.Client)", name)
	} else if !embedsClient(uc.typFile, st) {
		ds.Errorf(typPos, "%s does not embed client.Client, which the generated Reconcile uses (r.Get, r.Client): add client.Client as its first field", name)
	}

	if d, ok := uc.methods[k.Names.ReconcileFunc()]; !ok {
		ds.Errorf(typPos, "%s has no method %s, which the generated Reconcile calls: add %s", name, k.Names.ReconcileFunc(), want(uc.typFile, reconcileFunc))
	} else if !matches(d.file, fields(d.fn.Type.Params), []typeName{{pkg: ctxPkg, name: "Context"}, api}) ||
		!matches(d.file, fields(d.fn.Type.Results), []typeName{status, {name: "Outcome"}, {name: "error"}}) {
		ds.Errorf(pos(d), "%s does not fit the generated Reconcile, which calls it: have %s, want %s", k.Names.ReconcileFunc(), signature(ctx.Fset, d.fn), want(d.file, reconcileFunc))
	}

	if k.Finalizer != "" {
		if d, ok := uc.methods[k.Names.Cleanup()]; !ok {
			ds.Errorf(typPos, "%s has no method %s, which the generated Reconcile calls before removing finalizer %s: add %s", name, k.Names.Cleanup(), k.Finalizer, want(uc.typFile, cleanupFunc))
		} else if !matches(d.file, fields(d.fn.Type.Params), []typeName{{pkg: ctxPkg, name: "Context"}, api}) ||
			!matches(d.file, fields(d.fn.Type.Results), []typeName{{name: "error"}}) {
			ds.Errorf(pos(d), "%s does not fit the generated Reconcile, which calls it: have %s, want %s", k.Names.Cleanup(), signature(ctx.Fset, d.fn), want(d.file, cleanupFunc))
		}
	}

	if d, ok := uc.funcs[k.Names.NewReconciler()]; !ok {
		ds.Errorf(typPos, "the package has no func %s, which SetupReconcilers calls to build %s: add %s", k.Names.NewReconciler(), name, want(uc.typFile, constructorFunc))
	} else if d.fn.Type.TypeParams != nil ||
		!matches(d.file, fields(d.fn.Type.Params), []typeName{{pkg: managerPkg, name: "Manager"}}) ||
		!matches(d.file, fields(d.fn.Type.Results), []typeName{{name: name, pointer: true}}) {
		ds.Errorf(pos(d), "%s does not fit the generated SetupReconcilers, which calls it with the manager alone: have %s, want %s (build its dependencies from mgr: mgr.GetClient(), mgr.GetScheme(), mgr.GetEventRecorderFor(...))", k.Names.NewReconciler(), signature(ctx.Fset, d.fn), want(d.file, constructorFunc))
	}
	return ds
}

// embedsClient reports whether a struct embeds controller-runtime's client.Client, or
// embeds another type that may (a struct the check cannot see into).
func embedsClient(f *ast.File, st *ast.StructType) bool {
	for _, fld := range st.Fields.List {
		if len(fld.Names) == 0 {
			// client.Client itself, or another embedded type that may promote Get and a
			// Client field: only a struct with no embedded field at all surely lacks them.
			return true
		}
	}
	return false
}
