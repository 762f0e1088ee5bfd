package generator

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/loader"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"
	ctwebhook "sigs.k8s.io/controller-tools/pkg/webhook"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/internal/gocmd"
	"github.com/opgen-dev/opgen/internal/loaderr"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// Load is a run's first three steps without the cache: the settings of cfg and the one
// load of the packages, which give the Context every generator reads, with the load's
// diagnostics (an error among them means a run would stop there). For the generators'
// own tests and for tools; Run is how opgen generates.
func Load(ctx context.Context, cfg Config) (*contract.Context, diag.Diagnostics, error) {
	s, err := Resolve(cfg)
	if err != nil {
		return nil, nil, err
	}
	return load(ctx, s)
}

// load is the one load of a run: the packages the patterns match, and every package of
// the module that declares kinds or RBAC rules (the survey's relevant packages), into
// the Context every generator reads; the user's files of the controller package; and
// whether the operator's main calls the generated wiring.
func load(ctx context.Context, s *Settings) (*contract.Context, diag.Diagnostics, error) {
	root, sv := s.ModuleRoot, s.survey
	fset := token.NewFileSet()
	env := gocmd.Env()
	if s.NewModule {
		env = gocmd.EnvResolving()
	}
	pcfg := &packages.Config{
		Context: ctx, Dir: root, Fset: fset, Mode: packages.NeedModule,
		Env: env, Overlay: s.Overlay,
	}
	var roots []*loader.Package
	if len(sv.relevant) > 0 {
		var err error
		if roots, err = loader.LoadRootsWithConfig(pcfg, sv.relevant...); err != nil {
			return nil, nil, err
		}
	}
	trace("list")
	var diags diag.Diagnostics
	scope := map[string]bool{}
	for _, p := range sv.packages {
		if matchesAny(s.ScopePatterns, p) {
			scope[p] = true
		}
	}
	for _, r := range roots {
		skipGenerated(r, s.Overlay)
	}
	parseErrs := prefetch(fset, roots, s.Overlay)
	trace("prefetch")
	listDiags := listErrors(root, loaderr.RequiredModules(root), roots)
	diags = append(diags, listDiags...)
	diags = append(diags, parseErrs...)

	reg := &ctmarkers.Registry{}
	for _, register := range []func(*ctmarkers.Registry) error{
		ctdeepcopy.Generator{}.RegisterMarkers, ctcrd.Generator{}.RegisterMarkers, ctrbac.Generator{}.RegisterMarkers,
		ctwebhook.Generator{}.RegisterMarkers,
	} {
		if err := register(reg); err != nil {
			return nil, nil, err
		}
	}
	for _, target := range []ctmarkers.TargetType{ctmarkers.DescribesPackage, ctmarkers.DescribesType} {
		if err := reg.Register(ctmarkers.Must(ctmarkers.MakeDefinition(model.ACGenerateMarker, target, false))); err != nil {
			return nil, nil, err
		}
	}
	col := &ctmarkers.Collector{Registry: reg}
	checker := &loader.TypeChecker{NodeFilters: []loader.NodeFilter{ctdeepcopy.Generator{}.CheckFilter(), ctcrd.Generator{}.CheckFilter()}}
	ctrlPkg, ctrlDiags := controllerPackage(fset, root, s.ModulePath, s.ControllerDir, s.Overlay)
	diags = append(diags, ctrlDiags...)
	ctrlModel, err := controllerModel(pcfg, ctrlPkg)
	if err != nil {
		return nil, nil, err
	}
	api, d := model.Build(model.Input{Fset: fset, Roots: roots, Collector: col, Checker: checker, KubernetesMinor: s.KubernetesMinor, Project: s.Project != nil, Controller: ctrlModel})
	diags = append(diags, d...)
	if len(listDiags) == 0 {
		// Type errors are the compiler's second word: after a missing module or go.sum
		// entry they only repeat the cause.
		diags = append(diags, typeErrors(fset, api)...)
	}
	for _, n := range sv.nested {
		// A run here does not reach a nested module, as `./...` does not: say so, so
		// that replacing `cd api; controller-gen ...` never leaves its output stale
		// without a word.
		if matchesAny(s.ScopePatterns, path.Join(s.ModulePath, n.Dir)) && !reconciledFrom(api, n.Path) {
			diags.Warnf(token.Position{Filename: filepath.Join(root, filepath.FromSlash(n.Dir), "go.mod")}, "the module %s declares kinds and is a module of its own, which this run does not generate: run opgen generate in it too (cd %s && opgen generate ./...)", n.Path, n.Dir)
		}
	}
	in := &contract.Context{
		Options: s.Options, ModuleRoot: root, ModulePath: s.ModulePath,
		Fset: fset, Roots: roots, Scope: scope, Collector: col, Checker: checker, API: api,
		Controller: ctrlPkg, Overlay: s.Overlay,
		Project: s.Project, Templates: s.Templates, License: s.License, RoleOwner: s.RoleOwner,
		ListMissingHooks: s.ListMissingHooks,
		StatusWriters:    statusWriters(s, api), OpgenFiles: sv.opgenFiles,
	}
	wired, d := mainUsesWiring(in)
	diags = append(diags, d...)
	in.Wired = s.Project != nil || len(api.Controllers()) > 0 || wired
	return in, diags, nil
}

// controllerModel is the controller package as the model reads it, with the packages
// its +opguard:for-package markers name loaded (another module's API types): apart from
// the run's roots, since they are no API package of this module (no CRD, no deepcopy).
func controllerModel(pcfg *packages.Config, cp contract.ControllerPackage) (model.Controller, error) {
	c := model.Controller{Path: cp.ImportPath, Files: cp.Files, Loaded: map[string]*loader.Package{}}
	paths := model.ForPackages(cp.Files)
	if len(paths) == 0 {
		return c, nil
	}
	pkgs, err := loader.LoadRootsWithConfig(pcfg, paths...)
	if err != nil {
		return c, err
	}
	for _, p := range pkgs {
		c.Loaded[p.PkgPath] = p
	}
	return c, nil
}

// listErrors returns the go command's errors for the loaded packages and everything
// they import, each once (see internal/loaderr).
func listErrors(root string, requires []string, roots []*loader.Package) diag.Diagnostics {
	pkgs := make([]*packages.Package, len(roots))
	for i, r := range roots {
		pkgs[i] = r.Package
	}
	var ds diag.Diagnostics
	for _, e := range loaderr.ListErrors(root, requires, pkgs) {
		ds.Errorf(diag.ParsePos(e.Pos), "%s", e.Msg)
	}
	return ds
}

// generatedNames are the methods opgen (through controller-tools) generates for API
// types: a type error that only says one is missing is what the run is about to fix.
var generatedNames = regexp.MustCompile(`\b(DeepCopyObject|DeepCopyInto|DeepCopy)\b`)

// typeErrors returns the type errors of the API packages that matter: those in the
// struct types opgen reads. The type checker sees only the declarations those structs
// reach (that is what makes a run fast), so an error elsewhere (a function body, an
// interface's methods, a variable's initializer) or about a package it did not check
// ("undefined: client" in a file that imports client) says nothing about the code: the
// compiler reports real ones. A missing DeepCopy method is what the run generates.
func typeErrors(fset *token.FileSet, api *model.API) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, p := range api.Packages {
		structs, imported := structRanges(fset, p.Loaded)
		for _, e := range p.Loaded.Errors {
			if e.Kind != packages.TypeError || generatedNames.MatchString(e.Msg) || strings.Contains(e.Msg, "could not import") {
				continue
			}
			pos := diag.ParsePos(e.Pos)
			if !structs.contains(pos) {
				continue
			}
			if m := undefinedName.FindStringSubmatch(e.Msg); m != nil && imported[pos.Filename][m[1]] {
				continue
			}
			ds.Errorf(pos, "%s", e.Msg)
		}
	}
	return ds
}

// undefinedName matches the type checker's "undefined: x" and "undefined: x.Y".
var undefinedName = regexp.MustCompile(`^undefined: (\w+)(\.\w+)?$`)

type lineRange struct {
	file       string
	start, end int
}

type ranges []lineRange

func (rs ranges) contains(p token.Position) bool {
	for _, r := range rs {
		if r.file == p.Filename && p.Line >= r.start && p.Line <= r.end {
			return true
		}
	}
	return false
}

// structRanges returns the lines of the struct types of a package's type
// declarations, and the import names of each of its files.
func structRanges(fset *token.FileSet, lp *loader.Package) (ranges, map[string]map[string]bool) {
	var out ranges
	imported := map[string]map[string]bool{}
	for _, f := range lp.Syntax {
		name := fset.Position(f.Pos()).Filename
		imported[name] = map[string]bool{}
		for local := range model.FileImports(f, lp) {
			imported[name][local] = true
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok {
					if st, ok := ts.Type.(*ast.StructType); ok {
						s, e := fset.Position(st.Pos()), fset.Position(st.End())
						out = append(out, lineRange{s.Filename, s.Line, e.Line})
					}
				}
			}
		}
	}
	return out, imported
}

// controllerPackage parses the user's files of the controller package, whether or not
// the run's patterns include it: generated reconcilers must not clash with them, and
// the functions they call must fit. A file that does not parse is a diagnostic.
func controllerPackage(fset *token.FileSet, root, modPath, dir string, overlay map[string][]byte) (contract.ControllerPackage, diag.Diagnostics) {
	cp := contract.ControllerPackage{Dir: dir, ImportPath: path.Join(modPath, dir), Name: path.Base(dir)}
	abs := filepath.Join(root, filepath.FromSlash(dir))
	names := map[string]bool{}
	if entries, err := os.ReadDir(abs); err == nil {
		for _, e := range entries {
			if !e.IsDir() {
				names[filepath.Join(abs, e.Name())] = true
			}
		}
	}
	for p := range overlay {
		if filepath.Dir(p) == abs {
			names[p] = true
		}
	}
	files := make([]string, 0, len(names))
	for p := range names {
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			files = append(files, p)
		}
	}
	sort.Strings(files)
	var ds diag.Diagnostics
	for _, file := range files {
		src, err := readSource(file, overlay)
		if err != nil {
			ds.Errorf(token.Position{Filename: file}, "%v", err)
			continue
		}
		if tool := artifact.GeneratedByContent(src); tool != artifact.User {
			if tool == artifact.Opgen {
				// What opgen generated here before: a name the user's files use that
				// this run no longer declares is found before the tree stops compiling.
				if f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.SkipObjectResolution); err == nil {
					cp.Generated = append(cp.Generated, declaredNames(f)...)
				}
			}
			continue
		}
		f, err := parser.ParseFile(fset, file, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			ds = append(ds, parseDiagnostics(err)...)
			continue
		}
		cp.Name = f.Name.Name
		cp.Files = append(cp.Files, f)
	}
	return cp, ds
}

// declaredNames are the package-level names a file declares.
func declaredNames(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out = append(out, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out = append(out, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						out = append(out, n.Name)
					}
				}
			}
		}
	}
	return out
}

// mainUsesWiring reports whether the main at Options.MainPath calls what the manager
// generator writes into the controller package: then it must keep writing it. A main
// that does not parse is a diagnostic: what it calls cannot be known.
func mainUsesWiring(gctx *contract.Context) (bool, diag.Diagnostics) {
	if !gctx.HasMain() {
		return false, nil
	}
	src, err := gctx.ReadFile(gctx.MainPath)
	if err != nil {
		return false, nil
	}
	f, err := parser.ParseFile(gctx.Fset, filepath.Join(gctx.ModuleRoot, filepath.FromSlash(gctx.MainPath)), src, parser.SkipObjectResolution)
	if err != nil {
		return false, parseDiagnostics(err)
	}
	local := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == gctx.Controller.ImportPath {
			local = path.Base(p)
			if imp.Name != nil {
				local = imp.Name.Name
			}
		}
	}
	if local == "" {
		return false, nil
	}
	uses := false
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == local && slices.Contains(naming.Wiring, sel.Sel.Name) {
				uses = true
			}
		}
		return !uses
	})
	return uses, nil
}

// parseDiagnostics turns a parser error into diagnostics.
func parseDiagnostics(err error) diag.Diagnostics {
	var ds diag.Diagnostics
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			ds.Errorf(e.Pos, "%s", e.Msg)
		}
		return ds
	}
	ds.Errorf(token.Position{}, "%v", err)
	return ds
}

// readSource reads a file as the run sees it: the overlay's content, else the disk's.
func readSource(name string, overlay map[string][]byte) ([]byte, error) {
	if b, ok := overlay[name]; ok {
		return b, nil
	}
	return os.ReadFile(name)
}

// loadedPackages walks the import graph of the load.
func loadedPackages(roots []*loader.Package) map[string]bool {
	seen := map[string]bool{}
	var walk func(p *packages.Package)
	walk = func(p *packages.Package) {
		if _, done := seen[p.PkgPath]; done || p.PkgPath == "" {
			return
		}
		resolved := true
		for _, e := range p.Errors {
			// Type errors come from partial type-checking; only the go command's own
			// errors say a package is not provided.
			resolved = resolved && e.Kind != packages.ListError
		}
		seen[p.PkgPath] = resolved
		for _, imp := range p.Imports {
			walk(imp)
		}
	}
	for _, r := range roots {
		walk(r.Package)
	}
	return seen
}

// skipGenerated drops from a package the files that opgen or controller-gen generated,
// before anything parses them.
func skipGenerated(p *loader.Package, overlay map[string][]byte) {
	keep := func(files []string) []string {
		out := files[:0:0]
		for _, f := range files {
			var tool artifact.Tool
			if src, ok := overlay[f]; ok {
				tool = artifact.GeneratedByContent(src)
			} else {
				tool = artifact.GeneratedBy(f)
			}
			if tool.Generated() {
				continue
			}
			out = append(out, f)
		}
		return out
	}
	p.CompiledGoFiles = keep(p.CompiledGoFiles)
	p.GoFiles = keep(p.GoFiles)
}

// reconciledFrom reports whether a controller of the project reconciles a kind of
// module mod as another project's (+opguard:for-package): such a nested module is a
// dependency kept in the repository, generated by its own project, not this one's API.
func reconciledFrom(api *model.API, mod string) bool {
	for _, k := range api.External {
		if k.Package != nil && (k.Package.Path == mod || strings.HasPrefix(k.Package.Path, mod+"/")) {
			return true
		}
	}
	return false
}
