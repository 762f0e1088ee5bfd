package generator

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/conversion"
)

// generate runs the checks of every generator (a Checker) and then every generator, in
// Generators order, on what the load produced: the files and claims of a run, or its
// diagnostics. It touches no disk.
func generate(ctx context.Context, in *contract.Context, diags diag.Diagnostics) (*Result, error) {
	if !diags.HasErrors() {
		for _, g := range Generators {
			if c, ok := g.(contract.Checker); ok {
				diags = append(diags, c.Check(in)...)
			}
		}
	}
	res := &Result{ModuleRoot: in.ModuleRoot, Diagnostics: diags, Loaded: loadedPackages(in.Roots)}
	if !diags.HasErrors() || in.ListMissingHooks {
		res.MissingHooks = conversion.MissingHooks(in.API, in.Rel)
	}
	if diags.HasErrors() {
		return res, fmt.Errorf("%w", ErrDiagnostics)
	}
	seen := map[string]string{}
	for _, g := range Generators {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		files, err := g.Generate(in)
		var de *diag.DiagnosticsError
		if errors.As(err, &de) {
			res.Diagnostics = append(res.Diagnostics, de.Diagnostics...)
			return res, fmt.Errorf("%w", ErrDiagnostics)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.Name(), err)
		}
		trace(g.Name())
		res.Claims = append(res.Claims, g.Claims(in)...)
		for _, f := range files {
			if prev, dup := seen[f.Path]; dup {
				return nil, fmt.Errorf("%s and %s both generate %s", prev, g.Name(), f.Path)
			}
			seen[f.Path] = g.Name()
			res.Files = append(res.Files, f)
		}
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	if d := stillUsed(in, res.Files); len(d) > 0 {
		res.Files, res.Claims = nil, nil
		res.Diagnostics = append(res.Diagnostics, d...)
		return res, fmt.Errorf("%w", ErrDiagnostics)
	}
	return res, nil
}

// stillUsed keeps the user's files of the controller package compiling: a name an
// earlier run generated there (ApplyTwoService, for +opguard:owns=core/v1/Service) that
// this run no longer declares, and that a file of the user's still uses, is an error at
// the use, instead of a tree that does not build.
func stillUsed(in *contract.Context, files []artifact.File) diag.Diagnostics {
	if len(in.Controller.Generated) == 0 {
		return nil
	}
	declared := map[string]bool{}
	for _, f := range files {
		if path.Dir(f.Path) != in.Controller.Dir || !strings.HasSuffix(f.Path, ".go") || strings.HasSuffix(f.Path, "_test.go") {
			continue
		}
		if af, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.SkipObjectResolution); err == nil {
			for _, n := range declaredNames(af) {
				declared[n] = true
			}
		}
	}
	gone := map[string]bool{}
	for _, n := range in.Controller.Generated {
		if !declared[n] {
			gone[n] = true
		}
	}
	if len(gone) == 0 {
		return nil
	}
	own := map[string]bool{}
	for _, f := range in.Controller.Files {
		for _, n := range declaredNames(f) {
			own[n] = true
		}
	}
	var ds diag.Diagnostics
	reported := map[string]bool{}
	for _, f := range in.Controller.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				// Only the expression left of a selector can be one of the package's
				// names; the selected name is a field or a method.
				report(in, sel.X, gone, own, reported, &ds)
				return false
			}
			if id, ok := n.(*ast.Ident); ok {
				report(in, id, gone, own, reported, &ds)
			}
			return true
		})
	}
	return ds
}

func report(in *contract.Context, e ast.Expr, gone, own, reported map[string]bool, ds *diag.Diagnostics) {
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !gone[id.Name] || own[id.Name] || reported[id.Name] {
			return true
		}
		reported[id.Name] = true
		ds.Errorf(in.Fset.Position(id.Pos()), "%s is no longer generated (the marker that asked for it is gone) and this file of yours still uses it: restore the marker, or stop using %s; nothing was written", id.Name, id.Name)
		return true
	})
}
