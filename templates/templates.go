package templates

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/imports"
)

//go:embed all:project all:api all:scaffold all:webhook all:chart all:controller
var builtin embed.FS

// funcNames are the sprig functions templates may use; a short list keeps templates
// readable and portable.
var funcNames = []string{"lower", "upper", "title", "camelcase", "kebabcase", "snakecase", "quote", "trimSuffix", "trimPrefix", "replace", "join", "default", "has"}

// Funcs returns the functions available to templates.
func Funcs() template.FuncMap {
	all := sprig.TxtFuncMap()
	fm := template.FuncMap{}
	for _, n := range funcNames {
		fm[n] = all[n]
	}
	return fm
}

// Set is a parsed set of templates: a version of opgen's scaffold templates, with an
// overlay's laid over.
type Set struct {
	tmpls map[string]*template.Template // by slash path, without ".tmpl"
	from  map[string]string             // where each came from, for errors
	src   map[string]string             // each one's source
	// version is the scaffold set's; overlay the overlay's identity, nil without one.
	version int
	overlay *Overlay
}

// Version is the version of the built-in scaffold template set the set starts from.
func (s *Set) Version() int { return s.version }

// Overlay is the identity of the overlay laid over the built-in set, nil when none was.
func (s *Set) Overlay() *Overlay {
	if s.overlay == nil {
		return nil
	}
	o := *s.overlay
	return &o
}

// Builtin returns the built-in set, parsed once.
var Builtin = sync.OnceValues(func() (*Set, error) { return Load("") })

// Load parses the current built-in templates (version [Version]) and, when overlay is
// not empty, the templates of that directory over them. A directory [Materialize]
// wrote holds a whole set, and is loaded alone, as the version and overlay it names.
func Load(overlay string) (*Set, error) {
	if overlay != "" {
		if _, err := os.Stat(filepath.Join(overlay, SetFile)); err == nil {
			return loadMaterialized(overlay)
		}
	}
	return LoadVersion(Version, overlay)
}

// LoadVersion parses version v of the built-in templates and, when overlay is not
// empty, the templates of that directory over them. Every version opgen has released
// is kept (see sets.go); an unknown one is an error that says which versions this
// opgen knows.
func LoadVersion(v int, overlay string) (*Set, error) {
	fsys, where, err := setFS(v)
	if err != nil {
		return nil, err
	}
	s := &Set{tmpls: map[string]*template.Template{}, from: map[string]string{}, src: map[string]string{}, version: v}
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tmpl") {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		return s.add(p, where+p, string(src))
	})
	if err != nil {
		return nil, err
	}
	if overlay == "" {
		return s, nil
	}
	info, err := os.Stat(overlay)
	if err != nil || !info.IsDir() {
		return nil, fmt.Errorf("templates directory %s: not a directory", overlay)
	}
	files, err := overlayFiles(overlay)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if err := s.add(f.rel, f.file, string(f.src)); err != nil {
			return nil, err
		}
	}
	id, err := ReadOverlay(overlay)
	if err != nil {
		return nil, err
	}
	id.Digest = digestFiles(files)
	s.overlay = id
	return s, nil
}

// overlayFile is one template of an overlay directory.
type overlayFile struct {
	rel, file string // slash path in the overlay; the path to name in errors
	src       []byte
}

// overlayFiles reads the templates (*.tmpl) of an overlay directory.
func overlayFiles(overlay string) ([]overlayFile, error) {
	realOverlay, err := filepath.EvalSymlinks(overlay)
	if err != nil {
		return nil, err
	}
	var out []overlayFile
	err = filepath.WalkDir(overlay, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tmpl") {
			return err
		}
		rel, _ := filepath.Rel(overlay, p)
		for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
			if part == ".git" {
				return fmt.Errorf("%s: a template may not write into .git", p)
			}
		}
		// A template that is a symbolic link must stay inside the overlay: an overlay is
		// shared between projects, and must not read whatever file the link names.
		if d.Type()&fs.ModeSymlink != 0 {
			real, err := filepath.EvalSymlinks(p)
			if err != nil {
				return fmt.Errorf("%s: %v", p, err)
			}
			if in, err := filepath.Rel(realOverlay, real); err != nil || in == ".." || strings.HasPrefix(in, ".."+string(filepath.Separator)) {
				return fmt.Errorf("%s: a symbolic link to %s, outside the templates directory", p, real)
			}
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, overlayFile{rel: filepath.ToSlash(rel), file: p, src: src})
		return nil
	})
	return out, err
}

var templateErr = regexp.MustCompile(`^template: [^:]*:(\d+):(?:(\d+):)?\s*(.*)$`)

// positioned rewrites text/template's "template: name:line: msg" as "file:line: msg".
func positioned(file string, err error) error {
	msg := err.Error()
	if m := templateErr.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s: %s", file, m[1], m[3])
	}
	return fmt.Errorf("%s: %s", file, msg)
}

func (s *Set) add(rel, file, src string) error {
	name := strings.TrimSuffix(rel, ".tmpl")
	t, err := template.New(name).Option("missingkey=error").Funcs(Funcs()).Parse(src)
	if err != nil {
		return positioned(file, err)
	}
	s.tmpls[name] = t
	s.from[name] = file
	s.src[name] = src
	return nil
}

// Under lists the templates below dir ("project", "api"), as paths relative to it, sorted.
func (s *Set) Under(dir string) []string {
	var out []string
	for name := range s.tmpls {
		if rel, ok := strings.CutPrefix(name, dir+"/"); ok {
			out = append(out, rel)
		}
	}
	sort.Strings(out)
	return out
}

// Render executes a template by its name (its path without ".tmpl"); Go output is
// formatted, its unused imports removed and missing ones added (tidyImports). Errors
// name the template's file and line.
func (s *Set) Render(name string, data any) ([]byte, error) {
	t, ok := s.tmpls[name]
	if !ok {
		return nil, fmt.Errorf("no template %s", name)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, positioned(s.from[name], err)
	}
	if path.Ext(name) != ".go" {
		return b.Bytes(), nil
	}
	// Imports are the output's business, not the template author's: a missing one is
	// added, an unused one (used only in a section the data left out) removed.
	out, err := tidyImports(name, b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: the output is not valid Go: %v", s.from[name], err)
	}
	return out, nil
}

// GeneratedDeclarations are the package-level names opgen generate declares in a test
// package's envtest suite (generator/envtestsuite), which a template's test file uses
// without declaring them. They are names, not packages: an import is never looked for
// under one. generator/envtestsuite's tests hold its suites to this list.
var GeneratedDeclarations = []string{
	"crdDir", "envtestScript", "intruder", "managerApplies", "managerWrites", "quietWindow",
	"samplesDir", "testCRDDir", "testClient", "testConfig", "testManager", "webhookDir",
}

// goimported holds goimports' output by its input, for this process: opgen upgrade
// renders the same file for an old and a new template set.
var goimported sync.Map

var goimportsRuns atomic.Int64

// GoimportsRuns is how many renders of this process needed goimports to add an import:
// opgen's tests hold the built-in template sets to none.
func GoimportsRuns() int64 { return goimportsRuns.Load() }

// tidyImports formats a rendered Go file and makes its imports the packages it uses.
// Removing an unused import needs only the file: it is done here. Adding a missing one
// needs goimports, which looks for the package in the standard library and then scans
// the whole module cache (minutes on a cache of tens of gigabytes, for a name it never
// finds): it runs only when the file uses a package name nothing declares, or imports a
// path whose package name cannot be told from it.
func tidyImports(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	declared := map[string]bool{}
	for _, n := range GeneratedDeclarations {
		declared[n] = true
	}
	type imported struct{ alias, path string }
	byName := map[string][]imported{}
	known := true
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		n, alias := assumedName(p), ""
		if imp.Name != nil {
			n, alias = imp.Name.Name, imp.Name.Name
		}
		if n == "_" || n == "." {
			continue
		}
		if !token.IsIdentifier(n) {
			known = false
			continue
		}
		byName[n] = append(byName[n], imported{alias, p})
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && x.Obj == nil {
				used[x.Name] = true
			}
		}
		return true
	})
	for n := range used {
		// An exported name is a declaration of another file of the package (a
		// SchemeBuilder), not a package: package names are lower case.
		if _, ok := byName[n]; !ok && !ast.IsExported(n) && !declared[n] {
			known = false
		}
	}
	if !known {
		goimportsRuns.Add(1)
		return processImports(name, src)
	}
	removed := false
	for n, imps := range byName {
		if used[n] {
			continue
		}
		for _, imp := range imps {
			removed = astutil.DeleteNamedImport(fset, f, imp.alias, imp.path) || removed
		}
	}
	if removed {
		var b bytes.Buffer
		if err := format.Node(&b, fset, f); err != nil {
			return nil, err
		}
		src = b.Bytes()
	}
	return format.Source(src)
}

func processImports(name string, src []byte) ([]byte, error) {
	key := name + "\x00" + string(src)
	if out, ok := goimported.Load(key); ok {
		return append([]byte(nil), out.([]byte)...), nil
	}
	out, err := imports.Process(name, src, &imports.Options{Comments: true, TabIndent: true, TabWidth: 8})
	if err == nil {
		goimported.Store(key, out)
	}
	return out, err
}

// assumedName is the package name an import path suggests, as goimports assumes it:
// the last element, without a major version element or a go- prefix or .vN suffix.
func assumedName(p string) string {
	parts := strings.Split(p, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	last = strings.TrimPrefix(last, "go-")
	if i := strings.Index(last, ".v"); i > 0 {
		last = last[:i]
	}
	return last
}

// Render renders a built-in template.
func Render(name string, data any) ([]byte, error) {
	s, err := Builtin()
	if err != nil {
		return nil, err
	}
	return s.Render(name, data)
}
