package output

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/opgen-dev/opgen/internal/gocmd"
	"github.com/opgen-dev/opgen/stack"
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

// MissingRequirements returns what `go get` must add so that the files the plan leaves
// on disk build: every package the generated files import, and those of the scaffold
// files it creates (not of the user's own files it keeps), that is neither in the
// standard library, nor in the main module, nor among the packages the run loaded
// (which the go command resolved, so go.mod and go.sum cover them). Each goes at the
// version go.mod requires of its module; a module go.mod does not require (a types-only
// module rarely requires k8s.io/client-go) goes at the version of k8s.io/apimachinery,
// or at the controller-runtime, kustomize or Helm opgen generates for.
func MissingRequirements(p *Plan, loaded map[string]bool) ([]Requirement, error) {
	data, err := os.ReadFile(p.modFile("go.mod"))
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
	for _, c := range p.Changes {
		if !strings.HasSuffix(c.Path, ".go") || c.Action == Keep || c.Action == Delete {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), c.Path, c.New, parser.ImportsOnly)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Path, err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if gocmd.IsStd(p) || loaded[p] || p == mf.Module.Mod.Path || strings.HasPrefix(p, mf.Module.Mod.Path+"/") {
				continue
			}
			r := requirementOf(p, have)
			if r.Version == "" {
				return nil, fmt.Errorf("%s imports %s, which go.mod does not provide and opgen cannot choose a version of: go get it", c.Path, p)
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
	for _, m := range append(append([]string(nil), stack.KubernetesModules...), "sigs.k8s.io/controller-runtime", kustomizeAPI, kustomizeKyaml, helm, prometheusClient) {
		if importPath == m || strings.HasPrefix(importPath, m+"/") {
			return m
		}
	}
	return ""
}

// The modules of kustomize's Go API, which a project's generated deploy tests import.
const (
	kustomizeAPI   = "sigs.k8s.io/kustomize/api"
	kustomizeKyaml = "sigs.k8s.io/kustomize/kyaml"
	// helm is Helm's Go library, which a project's generated chart tests import.
	helm = "helm.sh/helm/v4"
	// prometheusClient registers the guards' metrics in the generated runtime.
	prometheusClient = "github.com/prometheus/client_golang"
)

func versionFor(m string, have map[string]string) string {
	switch m {
	case "sigs.k8s.io/controller-runtime":
		return stack.ControllerRuntime
	case kustomizeAPI, kustomizeKyaml:
		return stack.Kustomize
	case helm:
		return stack.Helm
	case prometheusClient:
		return stack.PrometheusClient
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
	out, err := gocmd.Command(root, append([]string{"list", "-e", "-deps", "-f", "{{if .Error}}{{.ImportPath}}{{end}}"}, pkgs...)...).Output()
	return err == nil && strings.TrimSpace(string(out)) == ""
}

// Require adds to the plan the changes of go.mod and go.sum that the requirements need:
// `go get` of the imported packages, which also adds what those packages need to
// build, run on copies of go.mod and go.sum (-modfile), so that nothing changes before
// the plan is applied, and --check shows the change in its patch. It reports whether
// go.mod or go.sum change, and names each requirement go.mod gains or raises
// ("k8s.io/client-go v0.37.2"): packages new to the load are often already provided.
func Require(p *Plan, reqs []Requirement) (bool, []string, error) {
	if len(reqs) == 0 || Satisfied(p.modFile(""), reqs) {
		return false, nil, nil
	}
	tmp, err := os.MkdirTemp("", "opgen-modfile-")
	if err != nil {
		return false, nil, err
	}
	defer os.RemoveAll(tmp)
	oldMod, err := os.ReadFile(p.modFile("go.mod"))
	if err != nil {
		return false, nil, err
	}
	oldSum, sumErr := os.ReadFile(p.modFile("go.sum"))
	if sumErr != nil && !os.IsNotExist(sumErr) {
		return false, nil, sumErr
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), oldMod, 0o644); err != nil {
		return false, nil, err
	}
	if sumErr == nil {
		if err := os.WriteFile(filepath.Join(tmp, "go.sum"), oldSum, 0o644); err != nil {
			return false, nil, err
		}
	}
	args := []string{"get", "-modfile=" + filepath.Join(tmp, "go.mod")}
	for _, r := range reqs {
		for _, pkg := range r.Packages {
			args = append(args, pkg+"@"+r.Version)
		}
	}
	if out, err := gocmd.Command(p.modFile(""), args...).CombinedOutput(); err != nil {
		return false, nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	newMod, err := os.ReadFile(filepath.Join(tmp, "go.mod"))
	if err != nil {
		return false, nil, err
	}
	newSum, err := os.ReadFile(filepath.Join(tmp, "go.sum"))
	if err != nil && !os.IsNotExist(err) {
		return false, nil, err
	}
	changed := false
	for _, f := range []struct {
		name     string
		old, new []byte
		existed  bool
	}{{"go.mod", oldMod, newMod, true}, {"go.sum", oldSum, newSum, sumErr == nil}} {
		if f.existed && bytes.Equal(f.old, f.new) || !f.existed && len(f.new) == 0 {
			continue
		}
		changed = true
		c := Change{Path: path.Join(p.Module, f.name), Action: Update, Old: f.old, New: f.new}
		if !f.existed {
			c.Action, c.Old = Create, nil
		}
		p.Set(c)
	}
	return changed, newRequirements(oldMod, newMod), nil
}

// newRequirements lists the requirements of after that before lacks or has at
// another version.
func newRequirements(before, after []byte) []string {
	versions := func(data []byte) map[string]string {
		m := map[string]string{}
		if f, err := modfile.ParseLax("go.mod", data, nil); err == nil {
			for _, r := range f.Require {
				m[r.Mod.Path] = r.Mod.Version
			}
		}
		return m
	}
	old, cur := versions(before), versions(after)
	var out []string
	for m, v := range cur {
		if old[m] != v {
			out = append(out, m+" "+v)
		}
	}
	sort.Strings(out)
	return out
}
