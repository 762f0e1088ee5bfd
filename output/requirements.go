package output

import (
	"bufio"
	"bytes"
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

	"github.com/opgen-dev/opgen/generator/core"
)

// Requirement is a module that generated code imports and the main module's go.mod
// or go.sum does not provide yet.
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

// MissingRequirements returns the modules that the generated Go files import and that
// root's go.mod does not require, or whose go.sum lacks the module's hash. A types-only
// module usually requires k8s.io/apimachinery but not k8s.io/client-go, whose apply
// configurations the generated code imports.
func MissingRequirements(root string, files []core.File) ([]Requirement, error) {
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
	for _, r := range mf.Replace {
		have[r.Old.Path] = r.Old.Version
		if have[r.Old.Path] == "" {
			have[r.Old.Path] = "replaced"
		}
	}
	sums := goSumModules(filepath.Join(root, "go.sum"))

	needed := map[string]map[string]bool{}
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
			if m := moduleOf(p); m != "" && m != mf.Module.Mod.Path {
				if needed[m] == nil {
					needed[m] = map[string]bool{}
				}
				needed[m][p] = true
			}
		}
	}
	var missing []Requirement
	for m, pkgs := range needed {
		v, required := have[m]
		if required && (v == "replaced" || sums[m+" "+v]) {
			continue
		}
		if !required {
			v = versionFor(m, have)
			if v == "" {
				return nil, fmt.Errorf("go.mod requires neither %s nor k8s.io/apimachinery: add the Kubernetes libraries your API types use", m)
			}
		}
		r := Requirement{Module: m, Version: v}
		for p := range pkgs {
			r.Packages = append(r.Packages, p)
		}
		sort.Strings(r.Packages)
		missing = append(missing, r)
	}
	sort.Slice(missing, func(i, j int) bool { return missing[i].Module < missing[j].Module })
	return missing, nil
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

// goSumModules returns "module version" for every module go.sum holds a zip hash of.
func goSumModules(path string) map[string]bool {
	out := map[string]bool{}
	data, err := os.ReadFile(path)
	if err != nil {
		return out
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && !strings.HasSuffix(f[1], "/go.mod") {
			out[f[0]+" "+f[1]] = true
		}
	}
	return out
}

// Require adds the requirements to root's go.mod and go.sum with `go get` of the
// imported packages, which also adds what those packages need to build. It needs
// nothing from the generated files, so it runs before they are written.
func Require(root string, reqs []Requirement) error {
	if len(reqs) == 0 {
		return nil
	}
	args := []string{"get"}
	for _, r := range reqs {
		for _, p := range r.Packages {
			args = append(args, p+"@"+r.Version)
		}
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}
