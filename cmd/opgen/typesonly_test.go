package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTypesOnlyModule is the first-contact path: a module that holds only API types and
// requires nothing but apimachinery and controller-runtime builds, vets and passes
// --check after one `opgen generate ./...`, which also requires k8s.io/client-go for
// the apply configurations.
func TestTypesOnlyModule(t *testing.T) {
	t.Parallel() // a long build in a folder of its own
	if testing.Short() {
		t.Skip("resolves modules through the Go module proxy")
	}
	dir := t.TempDir()
	copyTree(t, filepath.Join(testdataDir, "every-marker", "api"), filepath.Join(dir, "api"))
	for _, f := range []string{"api/v1alpha1/groupversion_info.go", "api/v1alpha1/memcached_types.go"} {
		p := filepath.Join(dir, f)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, p, []byte(strings.ReplaceAll(string(data), "opgen.test/golden/every-marker", "example.com/typesonly")))
	}
	writeFile(t, filepath.Join(dir, "go.mod"), []byte("module example.com/typesonly\n\ngo 1.26\n"))
	goCmd(t, dir, "get", "k8s.io/apimachinery@v0.37.2", "sigs.k8s.io/controller-runtime@v0.25.2")
	goCmd(t, dir, "mod", "tidy")
	if gomod, _ := os.ReadFile(filepath.Join(dir, "go.mod")); strings.Contains(string(gomod), "k8s.io/client-go ") && !strings.Contains(string(gomod), "client-go v0.37.2 // indirect") {
		t.Fatalf("the module already requires client-go directly:\n%s", gomod)
	}

	code, _, stderr := runOpgen(t, "-C", dir, "generate", "./...")
	if code != 0 {
		t.Fatalf("opgen generate: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "go.mod: requires k8s.io/client-go v0.37.2, which generated code imports") {
		t.Errorf("no notice of the added requirement in stderr:\n%s", stderr)
	}
	// The markers ask for a status writer and a reconciler: opgen scaffolds the user's
	// side and a main, so the module is an operator that builds.
	for _, p := range []string{"internal/controller/zz_generated.memcached_status.go", "internal/controller/memcached_controller.go", "cmd/main.go", "config/rbac/role.yaml", "config/apf/apf.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s was not generated: %v", p, err)
		}
	}
	goCmd(t, dir, "build", "./...")
	goCmd(t, dir, "vet", "./...")
	if code, diff, stderr := runOpgen(t, "-C", dir, "generate", "--check", "./..."); code != 0 {
		t.Fatalf("--check after generate: exit %d\n%s%s", code, diff, stderr)
	}
}

func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
