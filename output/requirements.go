package output

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opgen-dev/opgen/artifact"
)

// Requirement is a module whose packages generated code imports, and which go.mod or
// go.sum does not fully provide yet.
type Requirement struct {
	Module, Version string
	// Packages are the module's packages the generated code imports; `go get` is given
	// them, not just the module, so it also adds what they need to build.
	Packages []string
}

func (r Requirement) String() string { return r.Module + "@" + r.Version }

// ControllerRuntimeVersion is the controller-runtime opgen's generated code is written
// against; it is required when a module does not require controller-runtime at all.
const ControllerRuntimeVersion = "v0.25.2"

// stagingModules are modules released with Kubernetes in lockstep: a module missing
// from go.mod is required at the version of k8s.io/apimachinery already there.
var stagingModules = []string{"k8s.io/api", "k8s.io/apimachinery", "k8s.io/client-go"}

// MissingRequirements returns what `go get` must add so that the generated files build:
// every package they import that is neither in the standard library, nor in the main
// module, nor among the packages the run loaded (which the go command resolved, so
// go.mod and go.sum cover them). Each goes at the version go.mod requires of its
// module; a module go.mod does not require (a types-only module rarely requires
// k8s.io/client-go) goes at the version of k8s.io/apimachinery, or at the
// controller-runtime opgen generates for.
func MissingRequirements(root string, files []artifact.File, loaded map[string]bool) ([]Requirement, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	mf, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		return nil, err
	}
	have := map[string]string{}
	for _, r := range mf.Require {
		have[r.Mod.Path] = r.Mod.Version
	}
	type modVersion struct{ module, version string }
	byModule := map[modVersion]map[string]bool{}
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.ImportsOnly)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path, err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			if !strings.Contains(first, ".") || loaded[p] || p == mf.Module.Mod.Path || strings.HasPrefix(p, mf.Module.Mod.Path+"/") {
				continue
			}
			r := requirementOf(p, have)
			if r.Version == "" {
				return nil, fmt.Errorf("%s imports %s, which go.mod does not provide and opgen cannot choose a version of: go get it", f.Path, p)
			}
			key := modVersion{r.Module, r.Version}
			if byModule[key] == nil {
				byModule[key] = map[string]bool{}
			}
			byModule[key][p] = true
		}
	}
	var missing []Requirement
	for key, pkgs := range byModule {
		r := Requirement{Module: key.module, Version: key.version}
		for p := range pkgs {
			r.Packages = append(r.Packages, p)
		}
		sort.Strings(r.Packages)
		missing = append(missing, r)
	}
	sort.Slice(missing, func(i, j int) bool { return missing[i].Module < missing[j].Module })
	return missing, nil
}

// requirementOf finds the module of an import path: the longest requirement of go.mod
// that is a prefix, else a module opgen knows the version policy of.
func requirementOf(p string, have map[string]string) Requirement {
	best := ""
	for m := range have {
		if (p == m || strings.HasPrefix(p, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	if best != "" {
		return Requirement{Module: best, Version: have[best]}
	}
	if m := moduleOf(p); m != "" {
		return Requirement{Module: m, Version: versionFor(m, have)}
	}
	return Requirement{}
}

func moduleOf(importPath string) string {
	for _, m := range append(stagingModules, "sigs.k8s.io/controller-runtime") {
		if importPath == m || strings.HasPrefix(importPath, m+"/") {
			return m
		}
	}
	return ""
}

func versionFor(m string, have map[string]string) string {
	if m == "sigs.k8s.io/controller-runtime" {
		return ControllerRuntimeVersion
	}
	return have["k8s.io/apimachinery"]
}

// Satisfied reports whether go.mod and go.sum already provide the requirements'
// packages and everything they import, asking go list.
func Satisfied(root string, reqs []Requirement) bool {
	var pkgs []string
	for _, r := range reqs {
		pkgs = append(pkgs, r.Packages...)
	}
	if len(pkgs) == 0 {
		return true
	}
	list := exec.Command("go", append([]string{"list", "-e", "-deps", "-f", "{{if .Error}}{{.ImportPath}}{{end}}"}, pkgs...)...)
	list.Dir = root
	out, err := list.Output()
	return err == nil && strings.TrimSpace(string(out)) == ""
}

// Require adds the requirements to root's go.mod and go.sum with `go get` of the
// imported packages, which also adds what those packages need to build. It needs
// nothing from the generated files, so it runs before they are written. It reports
// whether go.mod or go.sum changed: packages new to the load are often already provided.
func Require(root string, reqs []Requirement) (bool, error) {
	if len(reqs) == 0 {
		return false, nil
	}
	read := func() string {
		mod, _ := os.ReadFile(filepath.Join(root, "go.mod"))
		sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
		return string(mod) + "\x00" + string(sum)
	}
	// Packages new to the load are usually provided already: a quick go list tells,
	// and spares the slower go get (module queries through the proxy).
	if Satisfied(root, reqs) {
		return false, nil
	}
	before := read()
	args := []string{"get"}
	for _, r := range reqs {
		for _, p := range r.Packages {
			args = append(args, p+"@"+r.Version)
		}
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return false, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return read() != before, nil
}
