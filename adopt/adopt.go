package adopt

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/genall"
	"sigs.k8s.io/controller-tools/pkg/markers"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"
	ctwebhook "sigs.k8s.io/controller-tools/pkg/webhook"

	"github.com/opgen-dev/opgen/project"
)

// ControllerToolsVersion is the controller-tools release opgen links (go.mod's
// requirement; TestEmbeddedVersion keeps the two equal).
const ControllerToolsVersion = "v0.23.0"

// Invocation is one controller-gen command the repository runs.
type Invocation struct {
	// Pos is where it is written: Makefile:42, api/v1/doc.go:3.
	Pos string
	// Dir is the absolute directory it runs in (a cd before it, a //go:generate
	// line's package directory).
	Dir string
	// Args are controller-gen's arguments, make variables expanded, quotes removed.
	Args []string
	// Redirected says its standard output goes into a pipe or a file.
	Redirected bool
}

// Pin is a controller-tools version the repository pins, and where.
type Pin struct {
	Version, Pos string
}

// Module is the adopted configuration of one Go module of the repository: the
// controller-gen lines that run in it, as opgen.yaml's controllerGen section.
type Module struct {
	// Root is the module's absolute directory, Rel the same relative to the repository.
	Root, Rel string
	Config    *project.ControllerGen
}

// Result is what adopt read and what it makes of it.
type Result struct {
	Invocations []Invocation
	Pins        []Pin
	Modules     []Module
	// Notes are what opgen will do differently from the lines it read; Refusals what
	// it cannot take, each one line with its position and the option's name. A result
	// with refusals writes nothing.
	Notes, Refusals []string
	// Kept are the lines a partial adoption leaves to controller-gen (see Partial).
	Kept []Kept
}

// Read reads how the repository at root runs controller-gen: the recipe lines of its
// Makefile (and the files it includes) and the //go:generate lines of its Go files,
// and turns them into one controllerGen section per Go module they run in.
func Read(root string) (*Result, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	r := &Result{}
	mk, err := readMakefile(root, "")
	if err != nil {
		return nil, err
	}
	if mk != nil {
		r.readMakefile(mk, root)
	}
	if err := r.readGoGenerate(root); err != nil {
		return nil, err
	}
	r.Pins = append(r.Pins, goModPins(root)...)
	if len(r.Invocations) == 0 {
		return r, fmt.Errorf("no controller-gen line found (read the Makefile, the files it includes, and //go:generate lines)")
	}
	r.plan(root)
	return r, nil
}

// versionVar names a Makefile variable that pins controller-tools.
var versionVar = regexp.MustCompile(`(?i)^controller[-_]?(tools|gen)[-_]?version$`)

// inlineVersion finds a version installed or run by its module path.
var inlineVersion = regexp.MustCompile(`sigs\.k8s\.io/controller-tools/cmd/controller-gen@(v[0-9][0-9A-Za-z.+-]*)`)

func (r *Result) readMakefile(mk *makefile, root string) {
	names := make([]string, 0, len(mk.vars))
	for name := range mk.vars {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if versionVar.MatchString(name) {
			if v := strings.Trim(mk.expand(mk.vars[name]), `"' `); strings.HasPrefix(v, "v") {
				r.Pins = append(r.Pins, Pin{Version: v, Pos: "Makefile " + name})
			}
		}
	}
	for _, l := range mk.lines {
		text := mk.expand(l.text)
		for _, m := range inlineVersion.FindAllStringSubmatch(text, -1) {
			r.Pins = append(r.Pins, Pin{Version: m[1], Pos: l.pos})
		}
		for _, c := range commands(text, root) {
			if args, ok := controllerGenArgs(c.words); ok && generates(args) {
				for i := range args {
					args[i] = strings.ReplaceAll(args[i], unexpandedSpace, " ")
				}
				r.Invocations = append(r.Invocations, Invocation{Pos: l.pos, Dir: c.dir, Args: args, Redirected: c.redirected})
			}
		}
	}
}

// generates reports whether controller-gen's arguments run a generator, not only ask
// for its version or help.
func generates(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "paths=") {
			return true
		}
	}
	return false
}

// readGoGenerate finds //go:generate lines that run controller-gen, as `go generate
// ./...` would: in every Go file of the repository but vendor, testdata and hidden or
// underscore directories.
func (r *Result) readGoGenerate(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(data), "controller-gen") {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 1024*1024), 1024*1024)
		for n := 1; sc.Scan(); n++ {
			line, ok := strings.CutPrefix(sc.Text(), "//go:generate ")
			if !ok {
				continue
			}
			for _, c := range commands(line, filepath.Dir(p)) {
				if args, ok := controllerGenArgs(c.words); ok && generates(args) {
					r.Invocations = append(r.Invocations, Invocation{Pos: fmt.Sprintf("%s:%d", filepath.ToSlash(rel), n), Dir: c.dir, Args: args, Redirected: c.redirected})
				}
				for _, m := range inlineVersion.FindAllStringSubmatch(line, -1) {
					r.Pins = append(r.Pins, Pin{Version: m[1], Pos: fmt.Sprintf("%s:%d", filepath.ToSlash(rel), n)})
				}
			}
		}
		return nil
	})
}

// goModPins are the controller-tools requirements of the repository's go.mod files (a
// tools module, hack/tools/go.mod, or the main module's tool directive).
func goModPins(root string) []Pin {
	var out []Pin
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "go.mod" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		mf, err := modfile.ParseLax(p, data, nil)
		if err != nil {
			return nil
		}
		for _, req := range mf.Require {
			if req.Mod.Path == "sigs.k8s.io/controller-tools" {
				rel, _ := filepath.Rel(root, p)
				out = append(out, Pin{Version: req.Mod.Version, Pos: filepath.ToSlash(rel)})
			}
		}
		return nil
	})
	return out
}

// registry holds controller-gen's options as controller-gen's own command line
// defines them: each generator, with its options, and each output rule, per generator
// and as the default. Parsing with it reads an option exactly as controller-gen does.
func registry() *markers.Registry {
	reg := &markers.Registry{}
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(genall.RegisterOptionsMarkers(reg))
	rules := map[string]genall.OutputRule{
		"dir": genall.OutputToDirectory(""), "none": genall.OutputToNothing,
		"stdout": genall.OutputToStdout, "artifacts": genall.OutputArtifacts{},
	}
	gens := map[string]any{
		"crd": ctcrd.Generator{}, "rbac": ctrbac.Generator{}, "object": ctdeepcopy.Generator{},
		"webhook": ctwebhook.Generator{},
		// controller-gen's two other generators: opgen takes neither, and refuses them
		// by name whatever their options.
		"applyconfiguration": applyConfigurationOptions{}, "schemapatch": schemaPatchOptions{},
	}
	for name, gen := range gens {
		must(reg.Register(markers.Must(markers.MakeDefinition(name, markers.DescribesPackage, gen))))
		for rule, val := range rules {
			must(reg.Register(markers.Must(markers.MakeDefinition("output:"+name+":"+rule, markers.DescribesPackage, val))))
		}
	}
	for rule, val := range rules {
		must(reg.Register(markers.Must(markers.MakeDefinition("output:"+rule, markers.DescribesPackage, val))))
	}
	return reg
}

// applyConfigurationOptions and schemaPatchOptions are the options of controller-gen's
// two generators opgen does not take, so that a line using them parses and the
// generator is refused by name.
type applyConfigurationOptions struct {
	HeaderFile string `marker:",optional"`
}

type schemaPatchOptions struct {
	ManifestsPath              string `marker:"manifests,optional"`
	MaxDescLen                 *int   `marker:",optional"`
	GenerateEmbeddedObjectMeta *bool  `marker:",optional"`
}

// setting is one generator of one invocation, as controller-gen would run it.
type setting struct {
	gen    string
	inv    Invocation
	module string   // absolute module root
	paths  []string // relative to the module root (./api/...), or import paths
	output string   // relative to the module root, slash-separated
	off    bool     // output:none
	crd    ctcrd.Generator
	rbac   ctrbac.Generator
	object ctdeepcopy.Generator
}

// plan parses every invocation, checks what opgen can honour, and merges the
// generators of each module.
func (r *Result) plan(root string) {
	reg := registry()
	var all []setting
	for _, inv := range r.Invocations {
		all = append(all, r.parse(reg, root, inv)...)
	}
	byModule := map[string][]setting{}
	var order []string
	for _, s := range all {
		if byModule[s.module] == nil {
			order = append(order, s.module)
		}
		byModule[s.module] = append(byModule[s.module], s)
	}
	for _, mod := range order {
		rel, _ := filepath.Rel(root, mod)
		cfg := r.merge(byModule[mod])
		if len(r.Pins) > 0 {
			cfg.Pinned = r.Pins[0].Version + " (" + r.Pins[0].Pos + ")"
		}
		r.Modules = append(r.Modules, Module{Root: mod, Rel: filepath.ToSlash(rel), Config: cfg})
	}
	r.versionNotes()
}

// refuse records what opgen cannot take, once per line and option.
func (r *Result) refuse(inv Invocation, option, format string, args ...any) {
	prefix := fmt.Sprintf("%s: %s: ", inv.Pos, option)
	for _, old := range r.Refusals {
		if strings.HasPrefix(old, prefix) {
			return
		}
	}
	r.Refusals = append(r.Refusals, prefix+fmt.Sprintf(format, args...))
}

// parse reads one invocation's arguments as controller-gen does.
func (r *Result) parse(reg *markers.Registry, root string, inv Invocation) []setting {
	mod, err := moduleOf(inv.Dir, root)
	if err != nil {
		r.refuse(inv, "directory", "%v", err)
		return nil
	}
	var gens []string
	byGen := map[string]*setting{}
	rules := map[string]*outputRule{} // by generator, "" the default
	var paths []string
	for _, raw := range inv.Args {
		if raw == "" {
			continue
		}
		if strings.HasPrefix(raw, "-") {
			r.refuse(inv, raw, "a controller-gen flag opgen has no equivalent for")
			continue
		}
		opt := "+" + raw
		defn := reg.Lookup(opt, markers.DescribesPackage)
		if defn == nil {
			r.refuse(inv, raw, "not an option controller-tools %s knows", ControllerToolsVersion)
			continue
		}
		val, err := defn.Parse(opt)
		if err != nil {
			r.refuse(inv, raw, "%v", err)
			continue
		}
		switch v := val.(type) {
		case genall.InputPaths:
			paths = append(paths, v...)
		case ctcrd.Generator:
			gens = append(gens, "crd")
			byGen["crd"] = &setting{gen: "crd", crd: v}
		case ctrbac.Generator:
			gens = append(gens, "rbac")
			byGen["rbac"] = &setting{gen: "rbac", rbac: v}
		case ctdeepcopy.Generator:
			gens = append(gens, "object")
			byGen["object"] = &setting{gen: "object", object: v}
		case ctwebhook.Generator:
			gens = append(gens, "webhook")
			byGen["webhook"] = &setting{gen: "webhook"}
			if v.HeaderFile != "" || v.Year != "" {
				r.refuse(inv, raw, "webhook:headerFile and webhook:year: opgen writes its own header on YAML manifests (keep controller-gen for this line)")
			}
		default:
			if strings.HasPrefix(defn.Name, "output:") {
				rules[outputGen(defn.Name)] = &outputRule{raw: raw, name: defn.Name, val: val}
				continue
			}
			r.refuse(inv, raw, "opgen has no %s generator of controller-gen's: keep controller-gen for this line", defn.Name)
		}
	}
	if len(paths) == 0 {
		paths = []string{"."} // controller-gen loads the current directory's package
	}
	byModule, mods, err := modulesPaths(inv.Dir, mod, root, paths)
	if err != nil {
		r.refuse(inv, "paths", "%v", err)
		return nil
	}
	for gen, rule := range rules {
		if gen != "" && byGen[gen] == nil {
			r.refuse(inv, rule.raw, "names generator %s, which the line does not run (controller-gen refuses it too)", gen)
		}
	}
	var out []setting
	for _, m := range mods {
		for _, gen := range gens {
			// In a module the line reaches only through its paths (a nested module
			// under ./...), a generator with nothing to read there writes nothing, as
			// controller-gen's; a section for it would claim the other module's output.
			if m != mod && !hasMarker(m, byModule[m], genMarkers[gen]) {
				continue
			}
			s := *byGen[gen]
			s.inv, s.module, s.paths = inv, m, byModule[m]
			rule, ok := rules[gen]
			if !ok {
				rule = rules[""]
			}
			if !r.output(&s, rule) {
				continue
			}
			if !r.options(&s) {
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// modulesPaths splits controller-gen's paths by the Go module that holds them, as
// controller-tools' loader does: a path ending in /... reaches into the nested modules
// under it too (./... at the root of a repository with an api/go.mod covers both). The
// modules come in the order their paths do.
func modulesPaths(dir, mod, root string, paths []string) (map[string][]string, []string, error) {
	byModule := map[string][]string{}
	var order []string
	add := func(m, p string) {
		if _, ok := byModule[m]; !ok {
			order = append(order, m)
		}
		if !slices.Contains(byModule[m], p) {
			byModule[m] = append(byModule[m], p)
		}
	}
	for _, p := range paths {
		for _, p := range strings.Split(p, ";") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			if p != "." && p != ".." && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && !filepath.IsAbs(p) {
				add(mod, p) // an import path
				continue
			}
			recursive := strings.HasSuffix(p, "/...") || p == "..."
			base := resolve(dir, strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/"))
			if rel, err := filepath.Rel(root, base); err != nil || strings.HasPrefix(rel, "..") {
				return nil, nil, fmt.Errorf("%s is outside the repository", p)
			}
			owner, err := moduleOf(base, root)
			if err != nil {
				return nil, nil, fmt.Errorf("%s is in no Go module of the repository", p)
			}
			rels, err := modulePaths(dir, owner, []string{p})
			if err != nil {
				return nil, nil, err
			}
			add(owner, rels[0])
			if !recursive {
				continue
			}
			_ = filepath.WalkDir(base, func(q string, d fs.DirEntry, err error) error {
				if err != nil || !d.IsDir() || q == base {
					return nil
				}
				if name := d.Name(); name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(q, "go.mod")); err == nil {
					add(q, "./...")
				}
				return nil
			})
		}
	}
	return byModule, order, nil
}

// outputGen is the generator of an output option: output:crd:artifacts is crd's,
// output:artifacts is the default ("").
func outputGen(name string) string {
	parts := strings.SplitN(name, ":", 3)
	if len(parts) == 3 {
		return parts[1]
	}
	return ""
}

// outputRule is an output option as given and as controller-gen parsed it.
type outputRule struct {
	raw, name string
	val       any
}

// output sets where a generator writes, from its output rule (nil: controller-gen's
// default, config/<generator>). It reports false after a refusal.
func (r *Result) output(s *setting, rule *outputRule) bool {
	dir := path.Join("config", s.gen)
	raw := "output"
	if rule != nil {
		raw = rule.raw
		switch v := rule.val.(type) {
		case genall.OutputArtifacts:
			if v.Code != "" && s.gen == "object" {
				r.refuse(s.inv, raw, "object output under artifacts:code: opgen writes deepcopy files into their packages (keep controller-gen for this line)")
				return false
			}
			dir = string(v.Config)
			if dir == "" {
				dir = "."
			}
		case genall.OutputToDirectory:
			if s.gen == "object" {
				r.refuse(s.inv, raw, "object output into one directory: opgen writes deepcopy files into their packages (keep controller-gen for this line)")
				return false
			}
			dir = string(v)
		default:
			switch {
			case strings.HasSuffix(rule.name, ":none"):
				s.off = true
				return true
			default: // stdout
				r.refuse(s.inv, raw, "the output goes to standard output: opgen writes files, not streams (keep controller-gen for this line)")
				return false
			}
		}
	}
	if s.inv.Redirected {
		r.refuse(s.inv, raw, "the line pipes or redirects controller-gen's output: opgen writes files, not streams (keep controller-gen for this line)")
		return false
	}
	if s.gen == "object" {
		return true
	}
	rel, err := filepath.Rel(s.module, resolve(s.inv.Dir, dir))
	if err != nil {
		r.refuse(s.inv, raw, "%v", err)
		return false
	}
	s.output = filepath.ToSlash(rel)
	return true
}

// options checks a generator's options: each is taken into opgen.yaml or refused.
func (r *Result) options(s *setting) bool {
	ok := true
	switch s.gen {
	case "crd":
		g := s.crd
		for _, v := range g.CRDVersions {
			if v != "v1" {
				r.refuse(s.inv, "crd:crdVersions="+v, "controller-tools writes apiextensions.k8s.io/v1 only")
				ok = false
			}
		}
		if g.HeaderFile != "" || g.Year != "" {
			r.refuse(s.inv, "crd:headerFile", "opgen writes its own header on YAML manifests (keep controller-gen for this line)")
			ok = false
		}
		if g.DeprecatedV1beta1CompatibilityPreserveUnknownFields != nil {
			r.refuse(s.inv, "crd:deprecatedV1beta1CompatibilityPreserveUnknownFields", "a v1beta1 transform opgen does not apply (keep controller-gen for this line)")
			ok = false
		}
	case "rbac":
		if s.rbac.HeaderFile != "" || s.rbac.Year != "" {
			r.refuse(s.inv, "rbac:headerFile", "opgen writes its own header on YAML manifests (keep controller-gen for this line)")
			ok = false
		}
	case "object":
		if s.object.HeaderFile != "" {
			h, err := filepath.Rel(s.module, resolve(s.inv.Dir, s.object.HeaderFile))
			if err != nil {
				r.refuse(s.inv, "object:headerFile", "%v", err)
				return false
			}
			if _, err := os.Stat(resolve(s.inv.Dir, s.object.HeaderFile)); err != nil {
				r.refuse(s.inv, "object:headerFile="+s.object.HeaderFile, "no such file (controller-gen fails on it too)")
				return false
			}
			s.object.HeaderFile = filepath.ToSlash(h)
		}
	}
	return ok
}

// moduleOf returns the root of the Go module dir belongs to, inside the repository.
func moduleOf(dir, root string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if d == root || filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is in no Go module of the repository", dir)
		}
	}
}

// modulePaths turns controller-gen's paths, relative to the directory it runs in,
// into patterns relative to the module root.
func modulePaths(dir, mod string, paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		for _, p := range strings.Split(p, ";") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			if p != "." && p != ".." && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && !filepath.IsAbs(p) {
				out = append(out, p) // an import path
				continue
			}
			tail := ""
			if strings.HasSuffix(p, "/...") || p == "..." {
				tail, p = "/...", strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
			}
			rel, err := filepath.Rel(mod, resolve(dir, p))
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return nil, fmt.Errorf("%s is outside the module at %s", p, mod)
			}
			rel = filepath.ToSlash(rel)
			if rel == "." {
				out = append(out, "."+tail)
			} else {
				out = append(out, "./"+rel+tail)
			}
		}
	}
	return out, nil
}

// merge makes one controllerGen section of a module's settings. A generator run by
// several lines is taken once when the lines agree on its output and options (their
// paths joined); lines that disagree are refused, as opgen runs each generator once.
// rbac and webhook write one file: when several lines write it over different
// packages, the file on disk is the last writer's, and a line whose packages hold no
// marker of the generator writes nothing (controller-gen writes no empty role or
// manifest). So the one line whose packages hold markers is taken; two such lines
// are refused (which one wins depends on the order make runs them in).
func (r *Result) merge(settings []setting) *project.ControllerGen {
	cfg := &project.ControllerGen{}
	settings = r.singleWriters(settings)
	first := map[string]*setting{}
	for i := range settings {
		s := &settings[i]
		if s.off {
			r.Notes = append(r.Notes, fmt.Sprintf("%s: output:%s:none: the %s generator writes nothing there; opgen does not run it", s.inv.Pos, s.gen, s.gen))
			continue
		}
		if f := first[s.gen]; f != nil {
			if f.output != s.output || fmt.Sprint(f.crd, f.rbac, f.object) != fmt.Sprint(s.crd, s.rbac, s.object) {
				r.refuse(s.inv, s.gen, "runs again with other options or output than %s: opgen runs each generator once per module (keep controller-gen for one of the lines)", f.inv.Pos)
				continue
			}
		} else {
			first[s.gen] = s
		}
		gen := genOf(cfg, s)
		gen.From = appendNew(gen.From, s.inv.Pos)
		for _, p := range s.paths {
			gen.Paths = appendNew(gen.Paths, p)
		}
	}
	return cfg
}

// genMarkers are the markers each generator reads: a package without them gives it
// nothing to write.
var genMarkers = map[string]string{
	"object": "+kubebuilder:object:", "crd": "+kubebuilder:object:root",
	"rbac": "+kubebuilder:rbac:", "webhook": "+kubebuilder:webhook:",
}

// fileMarkers are the markers of the generators that write one file.
var fileMarkers = map[string]string{"rbac": "+kubebuilder:rbac:", "webhook": "+kubebuilder:webhook:"}

// singleWriters keeps, of the rbac and webhook lines that write one file over
// different packages, the one that writes it (see merge).
func (r *Result) singleWriters(settings []setting) []setting {
	drop := map[int]bool{}
	for gen, marker := range fileMarkers {
		var idx []int
		for i, s := range settings {
			if s.gen == gen && !s.off {
				idx = append(idx, i)
			}
		}
		differ := false
		for _, i := range idx[min(1, len(idx)):] {
			if !slices.Equal(settings[i].paths, settings[idx[0]].paths) || settings[i].output != settings[idx[0]].output {
				differ = true
			}
		}
		if !differ {
			continue
		}
		var writers []int
		for _, i := range idx {
			if hasMarker(settings[i].module, settings[i].paths, marker) {
				writers = append(writers, i)
			}
		}
		if len(writers) > 1 {
			a, b := settings[writers[0]], settings[writers[1]]
			r.refuse(b.inv, gen, "writes %s from other packages than %s, and both hold %s markers: which one is kept depends on the order make runs them (keep controller-gen for one of the lines)", path.Join(b.output, "*"), a.inv.Pos, marker)
			for _, i := range idx {
				drop[i] = true
			}
			continue
		}
		keep := idx[len(idx)-1]
		if len(writers) == 1 {
			keep = writers[0]
		}
		for _, i := range idx {
			if i != keep {
				drop[i] = true
				r.Notes = append(r.Notes, fmt.Sprintf("%s: %s reads packages with no %s marker and writes nothing; %s's is the %s opgen writes", settings[i].inv.Pos, gen, marker, settings[keep].inv.Pos, gen))
			}
		}
	}
	var out []setting
	for i, s := range settings {
		if !drop[i] {
			out = append(out, s)
		}
	}
	return out
}

// hasMarker reports whether a Go file (not a test) of the packages the patterns match,
// relative to the module root mod, holds the marker's text. An import-path pattern
// counts as holding it: adopt does not resolve it, and so does not drop it.
func hasMarker(mod string, patterns []string, marker string) bool {
	for _, p := range patterns {
		if !strings.HasPrefix(p, ".") {
			return true
		}
		recursive := strings.HasSuffix(p, "/...") || p == "..."
		dir := filepath.Join(mod, filepath.FromSlash(strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")))
		found := false
		_ = filepath.WalkDir(dir, func(q string, d fs.DirEntry, err error) error {
			if err != nil || found {
				return filepath.SkipDir
			}
			if d.IsDir() {
				name := d.Name()
				if q != dir && (!recursive || name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return filepath.SkipDir
				}
				if q != dir {
					if _, err := os.Stat(filepath.Join(q, "go.mod")); err == nil {
						return filepath.SkipDir // another module
					}
				}
				return nil
			}
			if strings.HasSuffix(q, ".go") && !strings.HasSuffix(q, "_test.go") {
				if data, err := os.ReadFile(q); err == nil && strings.Contains(string(data), marker) {
					found = true
				}
			}
			return nil
		})
		if found {
			return true
		}
	}
	return false
}

func appendNew(list []string, v string) []string {
	if slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

// genOf returns the section's entry for a setting's generator, made on first use.
func genOf(cfg *project.ControllerGen, s *setting) *project.Gen {
	switch s.gen {
	case "object":
		if cfg.Object == nil {
			cfg.Object = &project.ObjectGen{HeaderFile: s.object.HeaderFile, Year: s.object.Year}
		}
		return &cfg.Object.Gen
	case "crd":
		if cfg.CRD == nil {
			g := s.crd
			no := false
			if g.IgnoreUnexportedFields == nil {
				g.IgnoreUnexportedFields = &no // controller-gen's default, written out
			}
			cfg.CRD = &project.CRDGen{Output: s.output, GenerateEmbeddedObjectMeta: g.GenerateEmbeddedObjectMeta,
				AllowDangerousTypes: g.AllowDangerousTypes, IgnoreUnexportedFields: g.IgnoreUnexportedFields,
				MaxDescLen: g.MaxDescLen, CRDVersions: g.CRDVersions}
		}
		return &cfg.CRD.Gen
	case "rbac":
		if cfg.RBAC == nil {
			cfg.RBAC = &project.RBACGen{Output: s.output, RoleName: s.rbac.RoleName, FileName: s.rbac.FileName}
		}
		return &cfg.RBAC.Gen
	default:
		if cfg.Webhook == nil {
			cfg.Webhook = &project.WebhookGen{Output: s.output}
		}
		return &cfg.Webhook.Gen
	}
}

// versionNotes announces the controller-tools version the repository pins against
// the one opgen embeds.
func (r *Result) versionNotes() {
	seen := map[string]bool{}
	for _, p := range r.Pins {
		if seen[p.Version] {
			continue
		}
		seen[p.Version] = true
		if p.Version != ControllerToolsVersion {
			r.Notes = append(r.Notes, fmt.Sprintf("controller-tools: the repository pins %s (%s); opgen embeds %s: the lines that differ because of it are listed with the files below", p.Version, p.Pos, ControllerToolsVersion))
		}
	}
	if len(r.Pins) == 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("controller-tools: no pinned version found; opgen embeds %s", ControllerToolsVersion))
	}
}
