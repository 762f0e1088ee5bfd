package generator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/apf"
	"github.com/opgen-dev/opgen/generator/applyconfig"
	"github.com/opgen-dev/opgen/generator/chart"
	"github.com/opgen-dev/opgen/generator/conversion"
	"github.com/opgen-dev/opgen/generator/crd"
	"github.com/opgen-dev/opgen/generator/deepcopy"
	"github.com/opgen-dev/opgen/generator/envtestsuite"
	"github.com/opgen-dev/opgen/generator/gen"
	"github.com/opgen-dev/opgen/generator/guards"
	"github.com/opgen-dev/opgen/generator/kustomize"
	"github.com/opgen-dev/opgen/generator/manager"
	"github.com/opgen-dev/opgen/generator/ownedapply"
	"github.com/opgen-dev/opgen/generator/rbac"
	"github.com/opgen-dev/opgen/generator/reconciler"
	"github.com/opgen-dev/opgen/generator/statuswriter"
	"github.com/opgen-dev/opgen/generator/webhook"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// Generators is every generator, in the order a run executes them.
var Generators = []gen.Generator{
	deepcopy.Generator{},
	crd.Generator{},
	rbac.Generator{},
	applyconfig.Generator{},
	conversion.Generator{},
	guards.Generator{},
	statuswriter.Generator{},
	reconciler.Generator{},
	ownedapply.Generator{},
	manager.Generator{},
	apf.Generator{},
	kustomize.Generator{},
	webhook.Generator{},
	chart.Generator{},
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
	// Overlay holds file contents, by absolute path, that the run reads instead of the
	// disk's: new files, or new contents of existing ones (opgen create api's scaffold,
	// before anything is written).
	Overlay map[string][]byte
	// NewModule says the module is one opgen init is creating: its load may complete
	// go.mod and go.sum (a run in any other module must change only what its plan says).
	NewModule bool
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
	// Cached says the result came from the cache of an earlier run with the same inputs.
	Cached bool
	// MissingHooks are the conversion functions the generated conversions call that the
	// user has not written yet (opgen create webhook --conversion scaffolds them).
	MissingHooks []conversion.Hook
	// RequirementsSatisfied says that, for these inputs, go.mod and go.sum were found to
	// provide what the generated code imports (see Remember).
	RequirementsSatisfied bool

	id    cacheID
	rekey func() cacheID
}

// ErrDiagnostics is returned, wrapped, when the diagnostics hold an error.
var ErrDiagnostics = errors.New("errors in the input")

// Run loads the packages once and runs every generator. When the input has errors
// (a syntax or type error, a bad marker, user code the generated code cannot call) it
// returns a Result with every diagnostic, no files, and an error wrapping
// ErrDiagnostics.
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
	root, modPath, err := FindModule(cfg.Dir)
	if err != nil {
		return nil, err
	}
	if cfg.Options, err = resolveOptions(cfg.Options, root); err != nil {
		return nil, err
	}
	templatesDir := cfg.TemplatesDir
	if templatesDir != "" && !filepath.IsAbs(templatesDir) {
		templatesDir = filepath.Join(cfg.Dir, templatesDir)
	}
	proj, set, err := ProjectSettings(root, templatesDir)
	if err != nil {
		return nil, err
	}
	if cfg.ProjectName, err = project.Name(cfg.ProjectName, proj, root, modPath); err != nil {
		return nil, err
	}
	scopePatterns, err := importPatterns(cfg.Dir, root, modPath, cfg.Patterns)
	if err != nil {
		return nil, err
	}
	sv, err := surveyModule(root, modPath, cfg.Overlay)
	if err != nil {
		return nil, err
	}
	for i, p := range scopePatterns {
		if !sv.matches(p) {
			// A pattern that matches nothing is a mistake the user must hear about.
			return nil, fmt.Errorf("pattern %s: matched no packages", cfg.Patterns[i])
		}
	}
	lic, err := license(cfg.Options, root, generatedGo(root, modPath, sv, cfg.ControllerDir))
	if err != nil {
		return nil, err
	}
	trace("survey")
	key := cacheKey(cfg, root, sv, proj, templatesDir, lic)
	// After a write, what the run read of its own outputs (the owner of role.yaml, the
	// year in a license) is what the next run will read: the entry goes under that key.
	rekey := func() cacheID {
		l, err := license(cfg.Options, root, generatedGo(root, modPath, sv, cfg.ControllerDir))
		if err != nil {
			return cacheID{}
		}
		return cacheKey(cfg, root, sv, proj, templatesDir, l)
	}
	if res := readCache(key); res != nil {
		res.rekey = rekey
		trace("cached")
		res.Diagnostics = res.Diagnostics.Sorted(cfg.Dir)
		return res, nil
	}
	gctx, diags, err := load(ctx, cfg, root, modPath, sv, scopePatterns)
	if err != nil {
		return nil, err
	}
	gctx.Project, gctx.Templates, gctx.License = proj, set, lic
	wired, d := mainUsesWiring(gctx)
	diags = append(diags, d...)
	gctx.Wired = proj != nil || len(gctx.API.Reconciled()) > 0 || wired
	if !diags.HasErrors() {
		for _, g := range Generators {
			if c, ok := g.(gen.Checker); ok {
				diags = append(diags, c.Check(gctx)...)
			}
		}
	}
	res := &Result{ModuleRoot: root, Diagnostics: diags.Sorted(cfg.Dir), Loaded: loadedPackages(gctx.Roots), id: key, rekey: rekey}
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
		var de *diag.DiagnosticsError
		if errors.As(err, &de) {
			res.Diagnostics = append(res.Diagnostics, de.Diagnostics...).Sorted(cfg.Dir)
			return res, fmt.Errorf("%w", ErrDiagnostics)
		}
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
	res.MissingHooks = conversion.MissingHooks(gctx.API, gctx.Rel)
	return res, nil
}

// generatedGo returns the contents of the generated Go files already there whose
// header shows the year a license was given: the deepcopy (controller-gen's or opgen's)
// of each package the run loads, and opgen's runtime.
func generatedGo(root, modPath string, sv *survey, controllerDir string) [][]byte {
	var out [][]byte
	read := func(rel string) {
		if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
			out = append(out, b)
		}
	}
	for _, ip := range sv.relevant {
		rel := strings.TrimPrefix(strings.TrimPrefix(ip, modPath), "/")
		read(path.Join(rel, deepcopy.FileName))
	}
	read(path.Join(controllerDir, guards.FileName))
	return out
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

var traceStart = time.Now()

// Trace prints, with OPGEN_TRACE set, how long the process has run when a step ends.
func Trace(what string) { trace(what) }

func trace(what string) {
	if os.Getenv("OPGEN_TRACE") != "" {
		fmt.Fprintf(os.Stderr, "%8.3fs %s\n", time.Since(traceStart).Seconds(), what)
	}
}
