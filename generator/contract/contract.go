package contract

import (
	"go/ast"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"sigs.k8s.io/controller-tools/pkg/loader"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// Generator is one step of a run.
type Generator interface {
	// Name names the generator in errors and help: "deepcopy", "applyconfiguration".
	Name() string
	// Claims returns the places the generator's outputs go to, whether or not the run
	// produces any: an opgen-generated file there that Generate does not return is
	// obsolete and deleted. It must not touch the disk.
	Claims(ctx *Context) []artifact.Claim
	// Generate returns the generator's files. It must not touch the disk.
	Generate(ctx *Context) ([]artifact.File, error)
}

// Options are the run's settings every generator may read.
type Options struct {
	// CRDDir, RBACDir, APFDir and ControllerDir are slash paths relative to the module root.
	CRDDir        string
	RBACDir       string
	APFDir        string
	ControllerDir string
	// MainPath is where the operator's main is scaffolded when missing, relative to the
	// module root; NoMain scaffolds no main.
	MainPath string
	// ProjectName names the operator: its ServiceAccount is <name>-controller-manager in
	// namespace <name>-system, as kubebuilder's kustomize layout names them. Default:
	// the last element of the module path.
	ProjectName string
	// RoleName names the generated ClusterRole. Default: the name in the role.yaml there
	// is, else manager-role, as kubebuilder names it.
	RoleName string
	// HeaderFile is the license header of every generated Go file, a Go comment, as
	// controller-gen's headerFile. Default: hack/boilerplate.go.txt when it exists.
	HeaderFile string
	// Year replaces " YEAR" in the header, as controller-gen's year does. Default: the
	// year the existing generated files carry, else none, as controller-gen.
	Year string
	// WebhookDir is where the webhook configurations (manifests.yaml) go, a slash path
	// relative to the module root: controller-gen's config/webhook unless an adopted
	// opgen.yaml says otherwise.
	WebhookDir string
	// Adopted is opgen.yaml's controllerGen section, resolved (see Adopted).
	Adopted Adopted
	// Chart is "true" or "false" when the command line turns the Helm chart in
	// dist/chart on or off; "" leaves it to opgen.yaml (on in a project, off elsewhere).
	Chart string
}

// NoMain is the MainPath that scaffolds no main (--main-path none).
const NoMain = "none"

// HasMain reports whether a main is scaffolded at MainPath.
func (o Options) HasMain() bool { return o.MainPath != NoMain }

// Context is what one load produced, shared by every generator of a run.
type Context struct {
	Options
	// ModuleRoot is the absolute directory of the main module's go.mod.
	ModuleRoot string
	// ModulePath is the main module's path.
	ModulePath string
	Fset       *token.FileSet
	// Roots are the packages the run loaded: those its patterns matched, and every
	// package of the module that declares kinds or RBAC rules, so that project-wide
	// outputs always describe the whole module.
	Roots []*loader.Package
	// Scope holds the import paths of the packages the patterns matched; only these get
	// output in their own directory (deepcopy, apply configurations).
	Scope      map[string]bool
	Collector  *ctmarkers.Collector
	Checker    *loader.TypeChecker
	API        *model.API
	Controller ControllerPackage
	// Wired says the operator's wiring is generated in the controller package
	// (SetupReconcilers, AddToScheme, CacheOptions, the client-limit flags): in an opgen project, when a
	// kind has a reconciler, or when the main at Options.MainPath calls it. A main that
	// calls it never loses it because the last marker went.
	Wired bool
	// Project is opgen.yaml, nil outside a project opgen init made.
	Project *project.Config
	// Templates renders the files written once for the user.
	Templates *templates.Set
	// Overlay holds file contents, by absolute path, that the run sees instead of the
	// disk's (opgen create api's new files, before anything is written).
	Overlay map[string][]byte
	// License is the header file's text, YEAR replaced, without a final newline: the
	// first lines of every generated Go file. Empty when there is none.
	License string
	// RoleOwner is the tool that wrote the RBAC role there is (artifact.User when none).
	RoleOwner artifact.Tool
	// ListMissingHooks: the conversion functions the user has not written are listed,
	// not refused (opgen create webhook is about to scaffold them).
	ListMissingHooks bool
	// StatusWriters holds, for a status-owner kind, the packages of the module whose
	// code writes its status, where its writer goes (see WriterPackages).
	StatusWriters map[*model.Kind][]GoPackage
	// OpgenFiles are the files of the module opgen generated before the run, as slash
	// paths relative to the module root.
	OpgenFiles []string
}

// GoPackage is a package of the module.
type GoPackage struct {
	// Dir is a slash path relative to the module root.
	Dir, ImportPath, Name string
}

// WriterPackages returns the packages a kind's status writer goes to: those whose code
// writes its status, else the controller package.
func (c *Context) WriterPackages(k *model.Kind) []GoPackage {
	if ps := c.StatusWriters[k]; len(ps) > 0 {
		return ps
	}
	return []GoPackage{{Dir: c.Controller.Dir, ImportPath: c.Controller.ImportPath, Name: c.Controller.Name}}
}

// GeneratedDirs returns the directories that hold a file opgen generated before the
// run whose base name matches pattern, and the extra directories given, once each,
// sorted: with the controller package, the places a per-package output is claimed.
func (c *Context) GeneratedDirs(pattern string, extra ...string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, d := range extra {
		add(d)
	}
	for _, f := range c.OpgenFiles {
		if ok, _ := path.Match(pattern, path.Base(f)); ok {
			add(path.Dir(f))
		}
	}
	sort.Strings(out)
	return out
}

// ChartOn reports whether the run writes the Helm chart dist/chart: --chart when given,
// else in a project opgen init made unless its opgen.yaml says chart: false.
func (c *Context) ChartOn() bool {
	switch c.Chart {
	case "true":
		return true
	case "false":
		return false
	}
	return c.Project != nil && c.Project.Chart.On(true)
}

// GoHeader is what every generated Go file starts with: the license, if any, and
// opgen's "Code generated" line.
func (c *Context) GoHeader() string {
	if c.License == "" {
		return artifact.Header
	}
	return c.License + "\n\n" + artifact.Header
}

// ReadFile reads a file of the module, given relative to the module root, as the run
// sees it: the overlay's content, else the disk's.
func (c *Context) ReadFile(rel string) ([]byte, error) {
	abs := filepath.Join(c.ModuleRoot, filepath.FromSlash(rel))
	if b, ok := c.Overlay[abs]; ok {
		return b, nil
	}
	return os.ReadFile(abs)
}

// Existing returns the tool that generated the file at rel (artifact.User for a file
// the user owns), and whether the file exists at all.
func (c *Context) Existing(rel string) (owner artifact.Tool, exists bool) {
	b, err := c.ReadFile(rel)
	if err != nil {
		return artifact.User, false
	}
	return artifact.OwnedBy(rel, b), true
}

// ControllerPackage is the package generated status writers and reconcilers go into.
type ControllerPackage struct {
	// Dir is a slash path relative to the module root.
	Dir        string
	ImportPath string
	Name       string
	// Files are its user-owned Go files (neither generated nor tests), parsed with
	// comments into Context.Fset.
	Files []*ast.File
	// Generated are the package-level names opgen's generated files there declared
	// before the run.
	Generated []string
}

// Checker is implemented by generators with rules that need the whole run's input (a
// user's hand-written method that clashes with a generated one). Every Check runs before
// any Generate; an error diagnostic stops the run with nothing written.
type Checker interface {
	Check(ctx *Context) diag.Diagnostics
}

// ScopedRoots returns the roots the patterns matched.
func (c *Context) ScopedRoots() []*loader.Package {
	var out []*loader.Package
	for _, r := range c.Roots {
		if c.Scope[r.PkgPath] {
			out = append(out, r)
		}
	}
	return out
}

// PackageDir returns the directory of a loaded package relative to the module root,
// or "" when it has no files or lies outside the module.
func (c *Context) PackageDir(p *loader.Package) string {
	dir := p.Dir
	if dir == "" && len(p.GoFiles) > 0 {
		dir = filepath.Dir(p.GoFiles[0])
	}
	if dir == "" {
		return ""
	}
	rel := c.Rel(dir)
	if rel == ".." || strings.HasPrefix(rel, "../") || filepath.IsAbs(rel) {
		return ""
	}
	return rel
}

// Rel returns the slash path of an absolute path relative to the module root.
func (c *Context) Rel(abs string) string {
	rel, err := filepath.Rel(c.ModuleRoot, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// ImportPath returns the import path of a directory given relative to the module root.
func (c *Context) ImportPath(rel string) string {
	return path.Join(c.ModulePath, rel)
}
