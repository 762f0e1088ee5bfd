package generator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/model"
)

// Where a kind's status writer goes: into each package of the module whose code writes
// the kind's status today (`<client>.Status().Update(ctx, obj)` or `.Patch(ctx, obj,
// …)` of an object of the kind), since that is where a write moves onto the writer
// (opgen vet -fix calls the writer of the package it rewrites) and the package the
// operator imports. Controllers in subpackages (internal/controller/<kind>/) get their
// writer there, and several controller packages each get theirs; a package that calls
// the writer (Apply<Kind>Status) keeps it. A kind no code writes
// yet, and a kind whose reconciler opgen generates (which calls the writer from the
// controller package), get it in the controller package (--controller-dir).
//
// The reading is syntax only, file by file, no type-checking: an object is known by a
// parameter, variable or receiver-less declaration of the function that writes it
// (`app *v1.App`, `app := &v1.App{}`, `var app v1.App`, `app := old.DeepCopy()` of one
// such, `app, ok := obj.(*v1.App)`). A write through anything else (a field, a helper's
// result) is not seen; then the writer stays in the controller package.

// statusWriters maps each status-owner kind without a generated reconciler to the
// packages of the module that write its status, other than the API packages, sorted
// by directory.
func statusWriters(s *Settings, api *model.API) map[*model.Kind][]contract.GoPackage {
	kinds := map[string]*model.Kind{}
	for _, k := range api.StatusOwners() {
		if k.Reconciler == nil {
			kinds[k.Package.Path+"."+k.Name] = k
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	writers := map[string]string{}
	for t, k := range kinds {
		writers[k.Names.StatusWriter()] = t
	}
	apiDirs := map[string]bool{}
	for _, p := range api.Packages {
		apiDirs[filepath.Clean(p.Dir)] = true
	}
	found := map[*model.Kind]map[string]contract.GoPackage{}
	for _, rel := range s.survey.statusWrites {
		file := filepath.Join(s.ModuleRoot, filepath.FromSlash(rel))
		if apiDirs[filepath.Dir(file)] {
			continue
		}
		src, err := readSource(file, s.Overlay)
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		written := writtenTypes(f)
		// A package that calls its writer already (a write vet -fix moved onto it)
		// keeps it.
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && writers[id.Name] != "" {
					written = append(written, writers[id.Name])
				}
			}
			return true
		})
		for _, t := range written {
			k := kinds[t]
			if k == nil {
				continue
			}
			dir := path.Dir(rel)
			if found[k] == nil {
				found[k] = map[string]contract.GoPackage{}
			}
			found[k][dir] = contract.GoPackage{Dir: dir, ImportPath: path.Join(s.ModulePath, dir), Name: f.Name.Name}
		}
	}
	out := map[*model.Kind][]contract.GoPackage{}
	for k, dirs := range found {
		for _, p := range dirs {
			out[k] = append(out[k], p)
		}
		sort.Slice(out[k], func(i, j int) bool { return out[k][i].Dir < out[k][j].Dir })
	}
	return out
}

// writtenTypes returns the types, as "<import path>.<Name>", of the objects whose
// status f's functions write through Status().Update or Status().Patch.
func writtenTypes(f *ast.File) []string {
	imports := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imports[name] = p
	}
	// typeOf names a type expression's named type, through one pointer.
	typeOf := func(e ast.Expr) string {
		if star, ok := e.(*ast.StarExpr); ok {
			e = star.X
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return ""
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || imports[x.Name] == "" {
			return ""
		}
		return imports[x.Name] + "." + sel.Sel.Name
	}
	var out []string
	seen := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		vars := map[string]string{}
		for _, fl := range fd.Type.Params.List {
			if t := typeOf(fl.Type); t != "" {
				for _, n := range fl.Names {
					vars[n.Name] = t
				}
			}
		}
		// valueType is the type of an expression that makes or converts an object.
		var valueType func(e ast.Expr) string
		valueType = func(e ast.Expr) string {
			switch e := e.(type) {
			case *ast.UnaryExpr:
				if e.Op == token.AND {
					return valueType(e.X)
				}
			case *ast.CompositeLit:
				return typeOf(e.Type)
			case *ast.TypeAssertExpr:
				return typeOf(e.Type)
			case *ast.Ident:
				return vars[e.Name]
			case *ast.CallExpr:
				if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "new" && len(e.Args) == 1 {
					return typeOf(e.Args[0])
				}
				if sel, ok := e.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" && len(e.Args) == 0 {
					return valueType(sel.X)
				}
			}
			return ""
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
					if id, ok := n.Lhs[0].(*ast.Ident); ok {
						if t := valueType(n.Rhs[0]); t != "" {
							vars[id.Name] = t
						}
					}
				}
			case *ast.ValueSpec:
				if n.Type != nil {
					if t := typeOf(n.Type); t != "" {
						for _, id := range n.Names {
							vars[id.Name] = t
						}
					}
				}
			case *ast.CallExpr:
				if t := statusWriteOf(n, valueType); t != "" && !seen[t] {
					seen[t] = true
					out = append(out, t)
				}
			}
			return true
		})
	}
	return out
}

// statusWriteOf returns the type of the object a call <x>.Status().Update(ctx, obj) or
// <x>.Status().Patch(ctx, obj, …) writes, "" for any other call.
func statusWriteOf(call *ast.CallExpr, valueType func(ast.Expr) string) string {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Update" && sel.Sel.Name != "Patch" || len(call.Args) < 2 {
		return ""
	}
	inner, ok := sel.X.(*ast.CallExpr)
	if !ok || len(inner.Args) != 0 {
		return ""
	}
	status, ok := inner.Fun.(*ast.SelectorExpr)
	if !ok || status.Sel.Name != "Status" {
		return ""
	}
	return valueType(call.Args[1])
}
