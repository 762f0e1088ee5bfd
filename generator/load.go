package generator

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
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

// relevantText marks a package a run must load: one that declares kinds, RBAC rules or
// webhooks (project-wide outputs depend on it, whatever the patterns), or asks for
// deepcopy or apply configurations. Any other package has nothing for opgen, and is not loaded:
// listing it, and what it imports, would only cost time.
var relevantText = [][]byte{
	[]byte(model.RootMarker), []byte("+kubebuilder:rbac:"), []byte("+kubebuilder:object:generate"),
	[]byte("+groupName"), []byte("+" + model.ACGenerateMarker), []byte("+kubebuilder:webhook:"),
}

// rootMarker is the text of a package that declares kinds.
var rootMarker = []byte(model.RootMarker)

// load is the one load of a run: the packages the patterns match, and every package of
// the module that declares kinds or RBAC rules.
func load(ctx context.Context, cfg Config, root, modPath string, sv *survey, scopePatterns []string) (*contract.Context, diag.Diagnostics, error) {
	opts := cfg.Options
	fset := token.NewFileSet()
	env := gocmd.Env()
	if cfg.NewModule {
		env = gocmd.EnvResolving()
	}
	pcfg := &packages.Config{
		Context: ctx, Dir: root, Fset: fset, Mode: packages.NeedModule,
		Env: env, Overlay: cfg.Overlay,
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
		if matchesAny(scopePatterns, p) {
			scope[p] = true
		}
	}
	for _, r := range roots {
		skipGenerated(r, cfg.Overlay)
	}
	parseErrs := prefetch(fset, roots, cfg.Overlay)
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
	api, d := model.Build(model.Input{Fset: fset, Roots: roots, Collector: col, Checker: checker})
	diags = append(diags, d...)
	if len(listDiags) == 0 {
		// Type errors are the compiler's second word: after a missing module or go.sum
		// entry they only repeat the cause.
		diags = append(diags, typeErrors(fset, api)...)
	}
	ctrlPkg, ctrlDiags := controllerPackage(fset, root, modPath, opts.ControllerDir, cfg.Overlay)
	diags = append(diags, ctrlDiags...)
	return &contract.Context{
		Options: opts, ModuleRoot: root, ModulePath: modPath,
		Fset: fset, Roots: roots, Scope: scope, Collector: col, Checker: checker, API: api,
		Controller: ctrlPkg, Overlay: cfg.Overlay,
	}, diags, nil
}

// importPatterns turns the user's patterns into import-path patterns of the main
// module, so that one go list answers them all (controller-tools' loader runs one per
// directory pattern, and walks into nested modules).
func importPatterns(dir, root, modPath string, patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		if p != "." && p != ".." && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && !filepath.IsAbs(p) {
			out = append(out, p) // an import path pattern, as written
			continue
		}
		if strings.HasSuffix(p, ".go") {
			return nil, fmt.Errorf("%s: give packages, not files", p)
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, filepath.FromSlash(p))
		}
		abs = filepath.Clean(abs)
		tail := ""
		if filepath.Base(abs) == "..." {
			tail, abs = "/...", filepath.Dir(abs)
		} else if strings.Contains(p, "...") {
			return nil, fmt.Errorf("%s: opgen takes directory patterns that end in /... or name one directory", p)
		}
		rel, err := filepath.Rel(root, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("%s: outside the module %s (%s)", p, modPath, root)
		}
		ip := modPath
		if rel != "." {
			ip = path.Join(modPath, filepath.ToSlash(rel))
		}
		out = append(out, ip+tail)
	}
	return out, nil
}

// matchesAny reports whether an import path matches one of the patterns, with the
// go command's rules: "..." matches any string, and "x/..." matches x itself too.
func matchesAny(patterns []string, importPath string) bool {
	for _, p := range patterns {
		if p == importPath {
			return true
		}
		if !strings.Contains(p, "...") {
			continue
		}
		re := regexp.QuoteMeta(p)
		re = strings.ReplaceAll(re, `/\.\.\.`, `(/.*)?`)
		re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
		if regexp.MustCompile("^" + re + "$").MatchString(importPath) {
			return true
		}
	}
	return false
}

// survey is what a walk of the module found, without the go command.
type survey struct {
	// packages are the import paths of every directory with Go files.
	packages []string
	// relevant are those a run loads: relevantText in a file, or opgen's output there to
	// account for (a generated file, an applyconfiguration tree).
	relevant []string
	// inputs holds the digest of every Go file the run reads, by path relative to the
	// root: all but those opgen and controller-gen generated.
	inputs map[string][sha256.Size]byte
}

func (sv *survey) matches(pattern string) bool {
	for _, p := range sv.packages {
		if matchesAny([]string{pattern}, p) {
			return true
		}
	}
	return false
}

// surveyModule walks the module as `./...` does (not into nested modules, testdata,
// vendor, or directories whose names start with "." or "_", and not through symbolic
// links) and reads every Go file once, the overlay's instead of the disk's.
func surveyModule(root, modPath string, overlay map[string][]byte) (*survey, error) {
	type dirFacts struct{ goFiles, relevant bool }
	dirs := map[string]*dirFacts{}
	inputs := map[string][sha256.Size]byte{}
	facts := func(dir string) *dirFacts {
		if dirs[dir] == nil {
			dirs[dir] = &dirFacts{}
		}
		return dirs[dir]
	}
	consider := func(file string, src []byte) {
		if !strings.HasSuffix(file, ".go") {
			return
		}
		f := facts(filepath.Dir(file))
		f.goFiles = true
		tool := artifact.GeneratedByContent(src)
		if !tool.Generated() {
			if rel, err := filepath.Rel(root, file); err == nil {
				inputs[filepath.ToSlash(rel)] = sha256.Sum256(src)
			}
		}
		if strings.HasSuffix(file, "_test.go") {
			return
		}
		if tool.Generated() {
			// A deepcopy opgen wrote is output to account for: the package whose
			// markers went loses it. (An applyconfiguration tree is its parent's, and the
			// controller package is always accounted for.)
			f.relevant = f.relevant || tool == artifact.Opgen && filepath.Base(file) == naming.DeepCopyFile
			return
		}
		for _, t := range relevantText {
			if bytes.Contains(src, t) {
				f.relevant = true
				return
			}
		}
		// A webhook package without a marker (a conversion webhook's): its setup
		// function, which the generated wiring calls, whatever its parameter's name.
		f.relevant = f.relevant || naming.DeclaresWebhookSetup(src)
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != root && (os.IsPermission(err) || os.IsNotExist(err)) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			if p == root {
				return nil
			}
			name := d.Name()
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			if name == model.ApplyConfigurationDir {
				facts(filepath.Dir(p)).relevant = true
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		if _, over := overlay[p]; over {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		consider(p, src)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for p, src := range overlay {
		if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
			consider(p, src)
		}
	}
	sv := &survey{inputs: inputs}
	for d, f := range dirs {
		if !f.goFiles {
			continue
		}
		rel, _ := filepath.Rel(root, d)
		ip := modPath
		if rel != "." {
			ip = path.Join(modPath, filepath.ToSlash(rel))
		}
		sv.packages = append(sv.packages, ip)
		if f.relevant {
			sv.relevant = append(sv.relevant, ip)
		}
	}
	sort.Strings(sv.packages)
	sort.Strings(sv.relevant)
	return sv, nil
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
		if artifact.GeneratedByContent(src) != artifact.User {
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
