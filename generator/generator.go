package generator

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/loader"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/apf"
	"github.com/opgen-dev/opgen/generator/applyconfig"
	"github.com/opgen-dev/opgen/generator/crd"
	"github.com/opgen-dev/opgen/generator/deepcopy"
	"github.com/opgen-dev/opgen/generator/envtestsuite"
	"github.com/opgen-dev/opgen/generator/gen"
	"github.com/opgen-dev/opgen/generator/guards"
	"github.com/opgen-dev/opgen/generator/kustomize"
	"github.com/opgen-dev/opgen/generator/manager"
	"github.com/opgen-dev/opgen/generator/rbac"
	"github.com/opgen-dev/opgen/generator/reconciler"
	"github.com/opgen-dev/opgen/generator/statuswriter"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// Generators is every generator, in the order a run executes them.
var Generators = []gen.Generator{
	deepcopy.Generator{},
	crd.Generator{},
	rbac.Generator{},
	applyconfig.Generator{},
	guards.Generator{},
	statuswriter.Generator{},
	reconciler.Generator{},
	manager.Generator{},
	apf.Generator{},
	kustomize.Generator{},
	envtestsuite.Generator{},
}

// Config says what to generate.
type Config struct {
	// Dir is the working directory: patterns and diagnostics are relative to it.
	Dir string
	// Patterns are package patterns as the go command takes them; default "./...".
	Patterns []string
	// TemplatesDir, when set, lays a directory of templates over the built-in ones;
	// otherwise opgen.yaml's templates entry does.
	TemplatesDir string
	gen.Options
}

// DefaultOptions are the output locations of a project laid out like kubebuilder's.
var DefaultOptions = gen.Options{
	CRDDir:        "config/crd/bases",
	RBACDir:       "config/rbac",
	APFDir:        "config/apf",
	ControllerDir: "internal/controller",
	MainPath:      "cmd/main.go",
}

// Result is what a run produced.
type Result struct {
	// ModuleRoot is the absolute directory of the main module; File paths are relative to it.
	ModuleRoot string
	Files      []artifact.File
	// Claims are the places the run accounts for: an opgen-generated file there that
	// Files does not hold is obsolete.
	Claims []artifact.Claim
	// Diagnostics holds warnings, and errors when Files is empty because of them.
	Diagnostics diag.Diagnostics
	// Loaded holds the import path of every package the run's load resolved, the
	// loaded packages and all their dependencies: go.mod and go.sum provide these.
	Loaded map[string]bool
}

// ErrDiagnostics is returned, wrapped, when marker diagnostics hold an error.
var ErrDiagnostics = errors.New("marker errors")

// Run loads the packages once and runs every generator. On marker errors it returns a
// Result with the diagnostics and an error wrapping ErrDiagnostics, and no files.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		cfg.Dir = wd
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, err
	}
	cfg.Dir = dir
	if len(cfg.Patterns) == 0 {
		cfg.Patterns = []string{"./..."}
	}
	opts := cfg.Options
	for _, d := range []struct {
		dst *string
		def string
	}{
		{&opts.CRDDir, DefaultOptions.CRDDir}, {&opts.RBACDir, DefaultOptions.RBACDir},
		{&opts.APFDir, DefaultOptions.APFDir}, {&opts.ControllerDir, DefaultOptions.ControllerDir},
		{&opts.MainPath, DefaultOptions.MainPath},
	} {
		if *d.dst == "" {
			*d.dst = d.def
		}
		*d.dst = path.Clean(filepath.ToSlash(*d.dst))
	}
	gctx, diags, err := load(ctx, cfg.Dir, cfg.Patterns, opts)
	if err != nil {
		return nil, err
	}
	templatesDir := cfg.TemplatesDir
	if templatesDir != "" && !filepath.IsAbs(templatesDir) {
		templatesDir = filepath.Join(cfg.Dir, templatesDir)
	}
	if gctx.Project, gctx.Templates, err = ProjectSettings(gctx.ModuleRoot, templatesDir); err != nil {
		return nil, err
	}
	if gctx.Project != nil && cfg.ProjectName == "" {
		gctx.ProjectName = gctx.Project.ProjectName
	}
	gctx.Wired = gctx.Project != nil || len(gctx.API.Reconciled()) > 0
	if !diags.HasErrors() {
		for _, g := range Generators {
			if c, ok := g.(gen.Checker); ok {
				diags = append(diags, c.Check(gctx)...)
			}
		}
	}
	res := &Result{ModuleRoot: gctx.ModuleRoot, Diagnostics: diags.Sorted(cfg.Dir), Loaded: loadedPackages(gctx.Roots)}
	if diags.HasErrors() {
		return res, fmt.Errorf("%w", ErrDiagnostics)
	}
	seen := map[string]string{}
	trace("load")
	for _, g := range Generators {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		files, err := g.Generate(gctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.Name(), err)
		}
		trace(g.Name())
		res.Claims = append(res.Claims, g.Claims(gctx)...)
		for _, f := range files {
			if prev, dup := seen[f.Path]; dup {
				return nil, fmt.Errorf("%s and %s both generate %s", prev, g.Name(), f.Path)
			}
			seen[f.Path] = g.Name()
			res.Files = append(res.Files, f)
		}
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	return res, nil
}

// load is the one load of a run.
func load(ctx context.Context, dir string, patterns []string, opts gen.Options) (*gen.Context, diag.Diagnostics, error) {
	root, modPath, err := FindModule(dir)
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	pcfg := &packages.Config{Context: ctx, Dir: dir, Fset: fset, Mode: packages.NeedModule}
	roots, err := loader.LoadRootsWithConfig(pcfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	var diags diag.Diagnostics
	for _, r := range roots {
		for _, e := range r.Errors {
			// A pattern that matches nothing is a mistake the user must hear about.
			if e.Kind == packages.ListError && strings.Contains(e.Msg, "matched no packages") {
				return nil, nil, fmt.Errorf("%s", e.Msg)
			}
		}
		skipGenerated(r)
	}
	trace("list")
	prefetch(fset, roots)
	trace("prefetch")
	reg := &ctmarkers.Registry{}
	for _, register := range []func(*ctmarkers.Registry) error{
		ctdeepcopy.Generator{}.RegisterMarkers, ctcrd.Generator{}.RegisterMarkers, ctrbac.Generator{}.RegisterMarkers,
	} {
		if err := register(reg); err != nil {
			return nil, nil, err
		}
	}
	col := &ctmarkers.Collector{Registry: reg}
	checker := &loader.TypeChecker{NodeFilters: []loader.NodeFilter{ctdeepcopy.Generator{}.CheckFilter(), ctcrd.Generator{}.CheckFilter()}}
	api, d := model.Build(model.Input{Fset: fset, Roots: roots, Collector: col, Checker: checker})
	diags = append(diags, d...)
	if opts.ProjectName == "" {
		opts.ProjectName = path.Base(modPath)
	}
	ctrlPkg, err := controllerPackage(fset, root, modPath, opts.ControllerDir)
	if err != nil {
		return nil, nil, err
	}
	scope := map[string]bool{}
	for _, r := range roots {
		scope[r.PkgPath] = true
	}
	return &gen.Context{
		Options: opts, ModuleRoot: root, ModulePath: modPath,
		Fset: fset, Roots: roots, Scope: scope, Collector: col, Checker: checker, API: api,
		Controller: ctrlPkg,
	}, diags, nil
}

// ProjectSettings reads opgen.yaml and loads the templates: the directory given on the
// command line, else the one opgen.yaml names (relative to the module root).
func ProjectSettings(root, templatesDir string) (*project.Config, *templates.Set, error) {
	proj, err := project.Read(root)
	if err != nil {
		return nil, nil, err
	}
	if templatesDir == "" && proj != nil && proj.Templates != "" {
		templatesDir = filepath.Join(root, filepath.FromSlash(proj.Templates))
	}
	set, err := templates.Load(templatesDir)
	if err != nil {
		return nil, nil, err
	}
	return proj, set, nil
}

// controllerPackage parses the user's files of the controller package, whether or not
// the run's patterns include it: generated reconcilers must not clash with them.
func controllerPackage(fset *token.FileSet, root, modPath, dir string) (gen.ControllerPackage, error) {
	cp := gen.ControllerPackage{Dir: dir, ImportPath: path.Join(modPath, dir), Name: path.Base(dir)}
	abs := filepath.Join(root, filepath.FromSlash(dir))
	entries, err := os.ReadDir(abs)
	if os.IsNotExist(err) {
		return cp, nil
	}
	if err != nil {
		return cp, err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		file := filepath.Join(abs, name)
		if artifact.GeneratedBy(file) != "" {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return cp, err
		}
		cp.Name = f.Name.Name
		cp.Files = append(cp.Files, f)
	}
	return cp, nil
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

// FindModule returns the directory and path of the module that contains dir.
func FindModule(dir string) (string, string, error) {
	for d := dir; ; {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			p := modfile.ModulePath(data)
			if p == "" {
				return "", "", fmt.Errorf("%s: no module line", filepath.Join(d, "go.mod"))
			}
			return d, p, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", fmt.Errorf("%s is not inside a Go module (no go.mod found)", dir)
		}
		d = parent
	}
}

// skipGenerated drops from a package the files that opgen or controller-gen generated,
// before anything parses them.
func skipGenerated(p *loader.Package) {
	keep := func(files []string) []string {
		out := files[:0:0]
		for _, f := range files {
			if tool := artifact.GeneratedBy(f); tool == "opgen" || tool == "controller-gen" {
				continue
			}
			out = append(out, f)
		}
		return out
	}
	p.CompiledGoFiles = keep(p.CompiledGoFiles)
	p.GoFiles = keep(p.GoFiles)
}

var traceStart = time.Now()

func trace(what string) {
	if os.Getenv("OPGEN_TRACE") != "" {
		fmt.Fprintf(os.Stderr, "%8.3fs %s\n", time.Since(traceStart).Seconds(), what)
	}
}
