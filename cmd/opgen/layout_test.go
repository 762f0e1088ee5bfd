package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Repository layouts opgen meets in operators it did not make (docs/adopting.md,
// "Repository layouts"): each is a small project under testdata/_layouts, copied into a
// git repository of its own.

const layoutsDir = "../../testdata/_layouts"

// layoutRepo copies testdata/_layouts/<name> into a fresh git repository and gives each
// module listed its go.mod (the golden module's requirements, whose go.sum it copies),
// the first module requiring and replacing the others with their directories.
func layoutRepo(t *testing.T, name string, modules [][2]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs opgen in a repository")
	}
	// The modules' own code may need modules the golden go.mod does not list.
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := filepath.Join(t.TempDir(), name)
	copyTree(t, filepath.Join(layoutsDir, name), dir)
	mod, err := os.ReadFile(filepath.Join(goldenDir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(goldenDir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range modules {
		content := regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module "+m[1]))
		if i == 0 {
			for _, other := range modules[1:] {
				content = append(content, []byte("\nrequire "+other[1]+" v0.0.0\n\nreplace "+other[1]+" => ./"+other[0]+"\n")...)
			}
		}
		writeFile(t, filepath.Join(dir, filepath.FromSlash(m[0]), "go.mod"), content)
		writeFile(t, filepath.Join(dir, filepath.FromSlash(m[0]), "go.sum"), sum)
	}
	git(t, dir, "init", "-q")
	return dir
}

// TestNestedAPIModule: API types in a module of their own (api/go.mod, replaced in the
// operator's go.mod), the license and the manifests at the repository root, as
// source-controller lays them out. From the operator's module a run generates what is
// its own (the role) and says, naming the command, that the nested module's kinds are
// not; from api/ the run writes the CRDs to the repository's config/crd/bases
// (--crd-dir ../config/crd/bases, as controller-gen's output:crd:artifacts:config
// there), finds the repository's license header, and adds nothing under api/; a second
// run is fresh. A location outside the repository is still refused, and a pattern
// that reaches into the nested module from outside names the module.
func TestNestedAPIModule(t *testing.T) {
	dir := layoutRepo(t, "nested-api", [][2]string{{".", "example.com/harbor"}, {"api", "example.com/harbor/api"}})
	api := filepath.Join(dir, "api")
	crd := filepath.Join(dir, "config", "crd", "bases", "harbor.example.com_ships.yaml")

	stderr := succeeds(t, dir, "generate", "./...")
	if want := "api/go.mod: warning: the module example.com/harbor/api declares kinds and is a module of its own, which this run does not generate: run opgen generate in it too (cd api && opgen generate ./...)"; !strings.Contains(stderr, want) {
		t.Errorf("the outer module's run does not name the nested module; stderr:\n%s\nwant %q", stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "rbac", "role.yaml")); err != nil {
		t.Errorf("the outer module's role: %v", err)
	}
	if _, err := os.Stat(crd); err == nil {
		t.Errorf("the outer module's run wrote the nested module's CRD")
	}

	refused(t, dir, `^pattern \./api/\.\.\.: in the module example\.com/harbor/api of its own \(api/go\.mod\): run opgen there \(cd api && opgen generate \./\.\.\.\)\n$`, "generate", "./api/...")

	before := readTree(t, dir)
	succeeds(t, api, "generate", "--crd-dir", "../config/crd/bases", "./...")
	after := readTree(t, dir)
	for p := range after {
		if _, ok := before[p]; !ok && p != "config/crd/bases/harbor.example.com_ships.yaml" && p != "api/v1/zz_generated.deepcopy.go" {
			t.Errorf("the api module's run added %s", p)
		}
	}
	if _, err := os.Stat(crd); err != nil {
		t.Errorf("the CRD is not in the repository's config/crd/bases: %v", err)
	}
	deepcopy := after["api/v1/zz_generated.deepcopy.go"]
	if !strings.Contains(deepcopy, "\n/*\nCopyright  The Harbor Authors.\n") {
		t.Errorf("the deepcopy does not carry the repository's license header:\n%.200s", deepcopy)
	}
	if code, diff, stderr := runOpgen(t, "-C", api, "generate", "--check", "--crd-dir", "../config/crd/bases", "./..."); code != 0 {
		t.Errorf("generate --check after the run: exit %d\n%s%s", code, diff, stderr)
	}

	// A stale CRD outside the module is reported and fixed like any output.
	edit(t, dir, "api/v1/ship_types.go", func(s string) string {
		return strings.Replace(s, "// Crew is how many sail.", "// Crew is how many sail, at most.", 1)
	})
	code, diff, _ := runOpgen(t, "-C", api, "generate", "--check", "--crd-dir", "../config/crd/bases", "./...")
	if code != 1 || !strings.Contains(diff, "+++ b/config/crd/bases/harbor.example.com_ships.yaml") || !strings.Contains(diff, "at most") {
		t.Errorf("--check of a stale CRD outside the module: exit %d, patch:\n%s", code, diff)
	}
	succeeds(t, api, "generate", "--crd-dir", "../config/crd/bases", "./...")
	if data, _ := os.ReadFile(crd); !strings.Contains(string(data), "at most") {
		t.Errorf("the CRD outside the module was not regenerated")
	}

	outside := filepath.Join(filepath.Dir(dir), "elsewhere")
	refused(t, api, `^--crd-dir \.\./\.\./elsewhere: outside the repository `+regexp.QuoteMeta(dir)+`\n$`, "generate", "--crd-dir", "../../elsewhere", "./...")
	if _, err := os.Stat(outside); err == nil {
		t.Errorf("a run wrote outside the repository")
	}
}

// TestNestedAPIModuleAdopt: the same layout driven by a Makefile in
// source-controller's shape — the root's line over ./... (which reaches into api/),
// and two lines after `cd api;` writing the CRDs to ../config/crd/bases and the
// deepcopy with ../hack's header. adopt writes one section per module and previews
// the api/ module's CRDs outside it, as generate then writes them; adopting again
// over its own output announces no change.
func TestNestedAPIModuleAdopt(t *testing.T) {
	dir := layoutRepo(t, "nested-api", [][2]string{{".", "example.com/harbor"}, {"api", "example.com/harbor/api"}})
	writeFile(t, filepath.Join(dir, "Makefile"), []byte("manifests:\n"+
		"\tcontroller-gen crd:crdVersions=v1 rbac:roleName=manager-role paths=\"./...\" output:crd:artifacts:config=\"config/crd/bases\"\n"+
		"\tcd api; controller-gen crd:crdVersions=v1 rbac:roleName=manager-role paths=\"./...\" output:crd:artifacts:config=\"../config/crd/bases\"\n"+
		"generate:\n\tcd api; controller-gen object:headerFile=\"../hack/boilerplate.go.txt\" paths=\"./...\"\n"))
	code, stdout, stderr := runOpgen(t, "-C", dir, "adopt")
	if code != 0 {
		t.Fatalf("adopt: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"wrote opgen.yaml\n", "wrote api/opgen.yaml\n", "  adds config/crd/bases/harbor.example.com_ships.yaml\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("adopt's report lacks %q:\n%s", want, stdout)
		}
	}
	succeeds(t, dir, "generate", "./...")
	succeeds(t, filepath.Join(dir, "api"), "generate", "./...")
	if _, err := os.Stat(filepath.Join(dir, "config", "crd", "bases", "harbor.example.com_ships.yaml")); err != nil {
		t.Errorf("the api module's CRD is not in the repository's config/crd/bases: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "api", "config")); err == nil {
		t.Error("the api module's run wrote api/config")
	}
	code, stdout, stderr = runOpgen(t, "-C", dir, "adopt")
	if code != 0 || strings.Count(stdout, "will change 0 files (0 only in their \"Code generated\" lines), add 0, remove 0") != 2 {
		t.Errorf("second adopt: exit %d, want no change in either module\n%s%s", code, stdout, stderr)
	}
}

// TestControllerSubpackages: controllers in subpackages of internal/controller, one
// per kind, as spark-operator and kube-green lay them out. Each status writer goes to
// the package whose code writes the kind's status, with the runtime it calls, whatever
// form the write takes there (a parameter, a DeepCopy of a variable, Update or Patch);
// a kind no code writes yet gets its writer in the controller package. The tree builds
// and is fresh. When a package stops writing a kind's status, its writer and runtime
// go from there to the controller package.
func TestControllerSubpackages(t *testing.T) {
	dir := layoutRepo(t, "controller-subpackages", [][2]string{{".", "example.com/port"}})
	succeeds(t, dir, "generate", "./...")
	got := readTree(t, dir)
	for _, p := range []string{
		"internal/controller/ship/zz_generated.ship_status.go",
		"internal/controller/ship/zz_generated.opguard.go",
		"internal/controller/dock/zz_generated.dock_status.go",
		"internal/controller/dock/zz_generated.opguard.go",
		"internal/controller/zz_generated.crate_status.go",
		"internal/controller/zz_generated.opguard.go",
	} {
		if _, ok := got[p]; !ok {
			t.Errorf("%s was not generated", p)
		}
	}
	for p, content := range got {
		if strings.HasSuffix(p, "_status.go") && !strings.HasPrefix(p, "internal/controller/") {
			t.Errorf("a status writer outside the controller packages: %s", p)
		}
		if strings.HasPrefix(p, "internal/controller/ship/zz_") && !strings.Contains(content, "\npackage ship\n") {
			t.Errorf("%s is not in package ship", p)
		}
	}
	for _, p := range []string{"internal/controller/zz_generated.ship_status.go", "internal/controller/zz_generated.dock_status.go"} {
		if _, ok := got[p]; ok {
			t.Errorf("%s: a kind written in a subpackage also got a writer in internal/controller", p)
		}
	}
	fresh(t, dir)

	// The ship package moves its write onto the writer (as vet -fix does): the writer
	// stays.
	edit(t, dir, "internal/controller/ship/controller.go", func(s string) string {
		s = strings.Replace(s, "return r.client.Status().Update(ctx, ship)", "_, err := ApplyShipStatus(ctx, r.client, ship, ship.Status)\n\treturn err", 1)
		return s
	})
	succeeds(t, dir, "generate", "./...")
	if _, err := os.Stat(filepath.Join(dir, "internal/controller/ship/zz_generated.ship_status.go")); err != nil {
		t.Errorf("the writer left the package that calls it: %v", err)
	}
	fresh(t, dir)

	// The dock package stops writing the status: its writer moves.
	edit(t, dir, "internal/controller/dock/reconciler.go", func(s string) string {
		s = strings.Replace(s, "return ctrl.Result{}, r.Status().Patch(ctx, dock, patch)", "_, _ = dock, patch\n\treturn ctrl.Result{}, nil", 1)
		return s
	})
	succeeds(t, dir, "generate", "./...")
	got = readTree(t, dir)
	for _, p := range []string{"internal/controller/dock/zz_generated.dock_status.go", "internal/controller/dock/zz_generated.opguard.go"} {
		if _, ok := got[p]; ok {
			t.Errorf("%s stays after the package stopped writing Dock's status", p)
		}
	}
	if _, ok := got["internal/controller/zz_generated.dock_status.go"]; !ok {
		t.Errorf("Dock's writer did not move to the controller package")
	}
	fresh(t, dir)
}
