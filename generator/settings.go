package generator

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/stack"
	"github.com/opgen-dev/opgen/templates"
)

// Settings are everything a run decides before it loads a package, resolved once from
// the command line (Config), opgen.yaml, and what the tree says (the module, an
// existing role.yaml's name, the year an existing license carries, the survey). Every
// later step reads them; none reads a setting's source again.
type Settings struct {
	// Dir is the absolute directory the run started in: patterns and diagnostics are
	// relative to it.
	Dir string
	// Patterns are as given (default ./...); ScopePatterns are the same as import-path
	// patterns of the main module.
	Patterns, ScopePatterns []string
	// ModuleRoot is the absolute directory of the main module's go.mod; ModulePath its path.
	ModuleRoot, ModulePath string
	// RepoRoot is the absolute directory of the repository that holds the module (see
	// [RepositoryRoot]): manifests may go anywhere inside it, never outside.
	RepoRoot string
	// Options are resolved: locations are clean slash paths relative to the module root,
	// the project and role names set, License the header's text with its year.
	contract.Options
	// License is the header file's text, YEAR replaced: the first lines of every
	// generated Go file.
	License string
	// RoleOwner is the tool that wrote the role.yaml there is (artifact.User when none).
	RoleOwner artifact.Tool
	// KubernetesMinor is the minor release of the Kubernetes API the module builds
	// against: go.mod's k8s.io/api (else client-go, else apimachinery) v0.<minor>, else
	// the pinned stack's.
	KubernetesMinor int
	// Project is opgen.yaml, nil outside a project opgen init made.
	Project *project.Config
	// TemplatesDir is the templates overlay in use, absolute, "" for the built-in ones;
	// Templates the set parsed from it.
	TemplatesDir string
	Templates    *templates.Set
	// Overlay, NewModule and ListMissingHooks are Config's.
	Overlay          map[string][]byte
	NewModule        bool
	ListMissingHooks bool

	survey *survey
}

// Resolve settles a run's settings: the module of cfg.Dir, opgen.yaml and the templates,
// the options with their defaults and every location checked to lie inside the module,
// the project and role names, the patterns as import paths, the survey of the module
// (each pattern must match a package), and the license header.
func Resolve(cfg Config) (*Settings, error) {
	s := &Settings{Dir: cfg.Dir, Patterns: cfg.Patterns, Options: cfg.Options, Overlay: cfg.Overlay, NewModule: cfg.NewModule, ListMissingHooks: cfg.ListMissingHooks}
	if s.Dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		s.Dir = wd
	}
	dir, err := filepath.Abs(s.Dir)
	if err != nil {
		return nil, err
	}
	s.Dir = dir
	if len(s.Patterns) == 0 {
		s.Patterns = []string{"./..."}
	}
	if s.ModuleRoot, s.ModulePath, err = FindModule(s.Dir); err != nil {
		return nil, err
	}
	s.RepoRoot = RepositoryRoot(s.ModuleRoot)
	s.KubernetesMinor = KubernetesMinor(s.ModuleRoot)
	if err := s.adoptControllerGen(); err != nil {
		return nil, err
	}
	if err := s.resolveOptions(); err != nil {
		return nil, err
	}
	if cfg.TemplatesDir != "" {
		s.TemplatesDir = cfg.TemplatesDir
		if !filepath.IsAbs(s.TemplatesDir) {
			s.TemplatesDir = filepath.Join(s.Dir, s.TemplatesDir)
		}
	}
	if s.Project, s.Templates, err = ProjectSettings(s.ModuleRoot, s.TemplatesDir); err != nil {
		return nil, err
	}
	if s.TemplatesDir == "" && s.Project != nil && s.Project.Templates != "" {
		s.TemplatesDir = filepath.Join(s.ModuleRoot, filepath.FromSlash(s.Project.Templates))
	}
	if s.ProjectName, err = project.Name(s.ProjectName, s.Project, s.ModuleRoot, s.ModulePath); err != nil {
		return nil, err
	}
	if s.ScopePatterns, err = importPatterns(s.Dir, s.ModuleRoot, s.ModulePath, s.Patterns); err != nil {
		return nil, err
	}
	if s.survey, err = surveyModule(s.ModuleRoot, s.ModulePath, s.Overlay); err != nil {
		return nil, err
	}
	for i, p := range s.ScopePatterns {
		if !s.survey.matches(p) {
			// A pattern that matches nothing is a mistake the user must hear about.
			for _, n := range s.survey.nested {
				if strings.HasPrefix(p, path.Join(s.ModulePath, n.Dir)) {
					return nil, fmt.Errorf("pattern %s: in the module %s of its own (%s/go.mod): run opgen there (cd %s && opgen generate ./...)", s.Patterns[i], n.Path, n.Dir, n.Dir)
				}
			}
			return nil, fmt.Errorf("pattern %s: matched no packages", s.Patterns[i])
		}
	}
	if s.License, err = s.license(); err != nil {
		return nil, err
	}
	return s, nil
}

// KubernetesMinor reads the minor release of the Kubernetes API the module at root
// requires: go.mod's k8s.io/api (else apimachinery, else client-go) v0.<minor>, else
// the pinned stack's.
func KubernetesMinor(root string) int {
	minor := func(v string) int {
		parts := strings.Split(strings.TrimPrefix(v, "v"), ".")
		if len(parts) < 2 || parts[0] != "0" {
			return 0
		}
		n, _ := strconv.Atoi(parts[1])
		return n
	}
	if data, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		if mf, err := modfile.ParseLax("go.mod", data, nil); err == nil {
			for _, m := range stack.KubernetesModules {
				for _, r := range mf.Require {
					if r.Mod.Path == m && minor(r.Mod.Version) > 0 {
						return minor(r.Mod.Version)
					}
				}
			}
		}
	}
	return minor(stack.Kubernetes)
}

// ProjectSettings reads opgen.yaml and loads the templates: the directory given, else
// the one opgen.yaml names (relative to the module root).
func ProjectSettings(root, templatesDir string) (*project.Config, *templates.Set, error) {
	proj, err := project.Read(root)
	if err != nil {
		return nil, nil, err
	}
	if !proj.IsProject() {
		proj = nil // only a controllerGen section: an adopted repository, not a project
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

// resolveOptions fills in the defaults and turns every output location into a clean
// slash path relative to the module root. A location outside the module, or inside a
// .git directory, is refused: no write may leave the module. A relative location is
// relative to the module root, whatever the working directory; an absolute one must
// lie inside the module.
func (s *Settings) resolveOptions() error {
	opts, root := &s.Options, s.ModuleRoot
	for _, d := range []struct {
		flag string
		dst  *string
		def  string
	}{
		{"--crd-dir", &opts.CRDDir, DefaultOptions.CRDDir},
		{"--rbac-dir", &opts.RBACDir, DefaultOptions.RBACDir},
		{"--apf-dir", &opts.APFDir, DefaultOptions.APFDir},
		{"webhook output", &opts.WebhookDir, DefaultOptions.WebhookDir},
		{"--controller-dir", &opts.ControllerDir, DefaultOptions.ControllerDir},
		{"--main-path", &opts.MainPath, DefaultOptions.MainPath},
	} {
		if *d.dst == "" {
			*d.dst = d.def
		}
		if d.flag == "--main-path" && *d.dst == contract.NoMain {
			continue
		}
		rel, err := s.location(d.flag, *d.dst)
		if err != nil {
			return fmt.Errorf("%s %s: %v", d.flag, *d.dst, err)
		}
		if rel == "." {
			if d.flag == "--main-path" {
				return fmt.Errorf("%s %s: names the module root, not a file", d.flag, *d.dst)
			}
		}
		*d.dst = rel
	}
	// An existing role.yaml, controller-gen's or opgen's, keeps its name
	// (rbac:roleName=keda-operator), and its owner decides whether a run without RBAC
	// rules still writes an empty role.
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(opts.RBACDir), opts.Adopted.RoleFile()))
	if err == nil {
		s.RoleOwner = artifact.OwnedBy(opts.Adopted.RoleFile(), data)
	}
	if opts.RoleName == "" {
		opts.RoleName = "manager-role"
		if n := artifact.RoleName(bytes.TrimPrefix(data, []byte(artifact.YAMLHeader+"\n"))); n != "" {
			opts.RoleName = n
		}
	}
	return nil
}

// roleFile is the RBAC manifest's name, as controller-gen names it.
const roleFile = "role.yaml"

// goLocations are the options that name Go code of the module (a package, the main):
// they stay inside the module. Every other location is a manifest directory, which may
// lie anywhere in the repository: an API module nested in an operator's repository
// (api/go.mod) writes its CRDs to the repository's config/crd/bases, as controller-gen
// run there with output:crd:artifacts:config=../config/crd/bases does.
var goLocations = map[string]bool{"--controller-dir": true, "--main-path": true}

// location resolves the location an option names, as ModulePath or, for a manifest
// directory, RepoPath.
func (s *Settings) location(flag, p string) (string, error) {
	if goLocations[flag] {
		return ModulePath(s.ModuleRoot, p)
	}
	return RepoPath(s.ModuleRoot, s.RepoRoot, p)
}

// RepoPath is ModulePath for a location that may lie outside the module root but
// inside the repository root repo: the slash path relative to the module root, "../"
// where it leaves it.
func RepoPath(root, repo, p string) (string, error) {
	if repo == "" || repo == root {
		return ModulePath(root, p)
	}
	native := filepath.FromSlash(p)
	if !filepath.IsAbs(native) {
		native = filepath.Join(root, native)
	}
	inRepo, err := ModulePath(repo, native)
	if err != nil {
		if strings.HasPrefix(err.Error(), "outside") {
			return "", fmt.Errorf("outside the repository %s", repo)
		}
		return "", err
	}
	rel, err := filepath.Rel(root, filepath.Join(repo, filepath.FromSlash(inRepo)))
	if err != nil {
		return "", err
	}
	return filepath.ToSlash(rel), nil
}

// RepositoryRoot returns the directory of the repository that holds the module at
// root: the nearest directory, root or above, with a .git entry (a directory, or the
// file of a worktree or submodule). Outside a repository it is the module root, so a
// run writes only inside the module.
func RepositoryRoot(root string) string {
	for d := root; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return root
		}
		d = parent
	}
}

// ModulePath turns a location given relative to the module root (or absolute) into a
// clean slash path relative to it, and refuses one outside the module or in .git.
func ModulePath(root, p string) (string, error) {
	native := filepath.FromSlash(p)
	if filepath.IsAbs(native) {
		rel, err := filepath.Rel(root, native)
		if err != nil {
			return "", fmt.Errorf("outside the module root %s", root)
		}
		native = rel
	}
	rel := path.Clean(filepath.ToSlash(native))
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("outside the module root %s", root)
	}
	for _, part := range strings.Split(rel, "/") {
		if part == ".git" {
			return "", fmt.Errorf("inside .git")
		}
	}
	return rel, nil
}

// DefaultHeaderFile is the license header kubebuilder scaffolds and passes to
// controller-gen; opgen uses it when it is there and no --header-file is given.
const DefaultHeaderFile = "hack/boilerplate.go.txt"

// license reads the header file, checks that it is Go comments only, and replaces
// " YEAR" in it as controller-gen does: with " " and the year, which is the one given,
// else the one the existing generated files carry (so a run next January changes no
// byte), else none (controller-gen's default).
func (s *Settings) license() (string, error) {
	return license(s.Options, s.ModuleRoot, s.RepoRoot, s.survey.generatedHeaders(s.ModulePath, s.ControllerDir))
}

// license reads the header: the file given, relative to the module root, else
// DefaultHeaderFile of the module, else, in a module nested in a repository (an API
// module in api/), the repository's, which kubebuilder scaffolds at its root.
func license(opts contract.Options, root, repo string, existing [][]byte) (string, error) {
	file, given := opts.HeaderFile, opts.HeaderFile != ""
	if !given && opts.Adopted.On {
		return "", nil // controller-gen's lines name no header: none, as controller-gen
	}
	if !given {
		file = DefaultHeaderFile
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(root, filepath.FromSlash(file))
	}
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) && !given && repo != "" && repo != root {
		data, err = os.ReadFile(filepath.Join(repo, filepath.FromSlash(DefaultHeaderFile)))
	}
	if os.IsNotExist(err) && !given {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("--header-file: %v", err)
	}
	// Line ends as gofmt leaves them: a header file saved with CRLF (seen in the wild)
	// is written with LF, as controller-gen's formatted output has it.
	text := strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), " \t\r\n")
	if text == "" {
		return "", nil
	}
	if !onlyComments(text) {
		return "", fmt.Errorf("--header-file %s: not Go comments (// lines or a /* */ block), as a header above the package clause must be", opts.HeaderFile)
	}
	if !strings.Contains(text, " YEAR") {
		return text, nil
	}
	year := opts.Year
	if year == "" {
		year = existingYear(text, existing)
	}
	return strings.ReplaceAll(text, " YEAR", " "+year), nil
}

// onlyComments reports whether src holds nothing but Go comments.
func onlyComments(src string) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), []byte(src), nil, scanner.ScanComments)
	for {
		_, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return true
		case token.COMMENT:
		case token.SEMICOLON: // the scanner's automatic one after a line comment
		default:
			return false
		}
	}
}

// existingYear finds the year an existing generated file's header carries in place of
// YEAR.
func existingYear(text string, existing [][]byte) string {
	re := regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(text), " YEAR", ` (\d{4})?`))
	for _, src := range existing {
		if m := re.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return ""
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

// adoptControllerGen applies opgen.yaml's controllerGen section (opgen adopt): each
// location and name it gives fills the option the command line left empty, and its
// generators' paths become import-path patterns of the module.
func (s *Settings) adoptControllerGen() error {
	cg, err := project.ReadControllerGen(s.ModuleRoot)
	if err != nil || cg == nil {
		return err
	}
	opts := &s.Options
	a := contract.Adopted{On: true, IgnoreUnexportedFields: false}
	fill := func(dst *string, v string) {
		if *dst == "" {
			*dst = v
		}
	}
	patterns := func(gen string, paths []string) ([]string, error) {
		ps, err := importPatterns(s.ModuleRoot, s.ModuleRoot, s.ModulePath, paths)
		if err != nil {
			return nil, fmt.Errorf("%s: controllerGen: %s: %v", project.FileName, gen, err)
		}
		return ps, nil
	}
	if g := cg.Object; g != nil {
		if a.Object, err = patterns(contract.GenObject, g.Paths); err != nil {
			return err
		}
		fill(&opts.HeaderFile, g.HeaderFile)
		fill(&opts.Year, g.Year)
	}
	if g := cg.CRD; g != nil {
		if a.CRD, err = patterns(contract.GenCRD, g.Paths); err != nil {
			return err
		}
		fill(&opts.CRDDir, g.Output)
		on := func(b *bool) bool { return b != nil && *b }
		a.GenerateEmbeddedObjectMeta, a.AllowDangerousTypes = on(g.GenerateEmbeddedObjectMeta), on(g.AllowDangerousTypes)
		a.IgnoreUnexportedFields = on(g.IgnoreUnexportedFields)
		if g.MaxDescLen != nil {
			a.MaxDescLen, a.HasMaxDescLen = *g.MaxDescLen, true
		}
	}
	if g := cg.RBAC; g != nil {
		if a.RBAC, err = patterns(contract.GenRBAC, g.Paths); err != nil {
			return err
		}
		fill(&opts.RBACDir, g.Output)
		fill(&opts.RoleName, g.RoleName)
		a.RBACFile = g.FileName
	}
	if g := cg.Webhook; g != nil {
		if a.Webhook, err = patterns(contract.GenWebhook, g.Paths); err != nil {
			return err
		}
		fill(&opts.WebhookDir, g.Output)
	}
	opts.Adopted = a
	return nil
}
