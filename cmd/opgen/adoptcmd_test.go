package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/project"
)

// TestAdoptCommand: opgen adopt on a project whose Makefile runs controller-gen with
// per-generator paths, options and output directories prints what it read and what
// generate will change, writes opgen.yaml, and opgen generate then writes only where
// those lines write; a second generate changes nothing.
func TestAdoptCommand(t *testing.T) {
	dir := moduleCopy(t, filepath.Join(testdataDir, "_adopt", "options"), "adopt-options")
	code, stdout, stderr := runOpgen(t, "-C", dir, "adopt")
	if code != 0 {
		t.Fatalf("adopt: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"read Makefile:12: controller-gen crd:generateEmbeddedObjectMeta=true,maxDescLen=40,allowDangerousTypes=true paths=./api/... output:crd:artifacts:config=deploy/crds\n",
		"differs: controller-tools: the repository pins v0.21.0 (Makefile CONTROLLER_TOOLS_VERSION); opgen embeds v0.23.0",
		"wrote opgen.yaml\n",
		"will change 0 files (0 only in their \"Code generated\" lines), add 6, remove 0\n",
		"  adds deploy/rbac/cluster-role.yaml\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("adopt output lacks %q:\n%s", want, stdout)
		}
	}
	if code, out, errOut := runOpgen(t, "-C", dir, "generate"); code != 0 {
		t.Fatalf("generate: exit %d\n%s%s", code, out, errOut)
	}
	for _, p := range []string{"deploy/crds/widgets.example.com_widgets.yaml", "deploy/rbac/cluster-role.yaml", "deploy/webhook/manifests.yaml", "api/v1/zz_generated.deepcopy.go"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "config")); err == nil {
		t.Error("generate wrote config/, where no controller-gen line writes")
	}
	if code, out, errOut := runOpgen(t, "-C", dir, "generate", "--check"); code != 0 {
		t.Errorf("generate --check after generate: exit %d\n%s%s", code, out, errOut)
	}
	// Adopting again, over its own output, announces no change at all.
	if code, out, errOut := runOpgen(t, "-C", dir, "adopt"); code != 0 || !strings.Contains(out, "will change 0 files (0 only in their \"Code generated\" lines), add 0, remove 0") {
		t.Errorf("second adopt: exit %d\n%s%s", code, out, errOut)
	}
}

// TestAdoptRefuses: an option opgen cannot honour stops adopt with exit 1, the option
// named on its line, and nothing written.
func TestAdoptRefuses(t *testing.T) {
	dir := moduleCopy(t, filepath.Join(testdataDir, "_adopt", "options"), "adopt-refused")
	writeFile(t, filepath.Join(dir, "Makefile"), []byte("manifests:\n\tcontroller-gen crd paths=./api/... output:stdout | yq 'select(.kind == \"CustomResourceDefinition\")' > crds.yaml\n\tcontroller-gen object paths=./api/...\n"))
	code, stdout, stderr := runOpgen(t, "-C", dir, "adopt")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout, stderr)
	}
	if want := "cannot take Makefile:2: output:stdout: the output goes to standard output: opgen writes files, not streams (keep controller-gen for this line)\n"; !strings.Contains(stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout)
	}
	if strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr is not one line:\n%s", stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "opgen.yaml")); err == nil {
		t.Error("a refused adopt wrote opgen.yaml")
	}
	if !strings.Contains(stderr, "opgen adopt --partial adopts the other lines") {
		t.Errorf("the refusal does not name --partial:\n%s", stderr)
	}
	// --partial: the stream line stays controller-gen's, named; the object line is
	// adopted, and generate then writes no CRD (nothing of the kept line's output).
	code, stdout, stderr = runOpgen(t, "-C", dir, "adopt", "--partial")
	if code != 0 {
		t.Fatalf("adopt --partial: exit %d\n%s%s", code, stdout, stderr)
	}
	if want := "keeps controller-gen for Makefile:2: output:stdout: the output goes to standard output"; !strings.Contains(stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout)
	}
	cfg, err := project.ReadControllerGen(dir)
	if err != nil || cfg == nil || cfg.Object == nil || cfg.CRD != nil {
		t.Fatalf("opgen.yaml's section after --partial: %+v, %v; want object only", cfg, err)
	}
	if code, out, errOut := runOpgen(t, "-C", dir, "generate", "./..."); code != 0 {
		t.Fatalf("generate after adopt --partial: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "config", "crd")); err == nil {
		t.Error("generate wrote config/crd: the kept line's generator ran")
	}
	if err := os.Remove(filepath.Join(dir, "opgen.yaml")); err != nil {
		t.Fatal(err)
	}
	// No controller-gen line at all: refused the same way.
	writeFile(t, filepath.Join(dir, "Makefile"), []byte("all:\n\tgo build ./...\n"))
	if code, _, stderr := runOpgen(t, "-C", dir, "adopt"); code != 1 || !strings.Contains(stderr, "no controller-gen line found") {
		t.Errorf("no controller-gen line: exit %d, %s", code, stderr)
	}
}
