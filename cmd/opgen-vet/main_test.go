package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoVetTool builds opgen-vet and runs it the way users do, as
// go vet -vettool, on the precision testdata: the kubebuilder-style controller fails
// with four of its six status writes reported, the guarded one passes.
func TestGoVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary and runs go vet")
	}
	bin := filepath.Join(t.TempDir(), "opgen-vet")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	precision := filepath.Join("..", "..", "vet", "testdata", "precision")
	vet := func(args ...string) (string, error) {
		cmd := exec.Command("go", append([]string{"vet", "-vettool=" + bin}, args...)...)
		cmd.Dir = precision
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := vet("./kubebuilder/...")
	if err == nil {
		t.Fatalf("go vet passed on the kubebuilder-style controller:\n%s", out)
	}
	// Six Status().Update calls: the first writes the initial condition once, and the
	// finalizer's second sets Degraded True right after a checked write that stored it
	// Unknown (vet's TestPrecisionKubebuilder says which).
	if n := strings.Count(out, "Status().Update writes status"); n != 4 {
		t.Errorf("%d status writes reported, want 4:\n%s", n, out)
	}
	if out, err := vet("./guarded/...", "./api/..."); err != nil {
		t.Errorf("go vet on the guarded controller: %v\n%s", err, out)
	}
	// An analyzer flag passes through go vet.
	out, _ = vet("-requeue.min=2m", "./kubebuilder/...")
	if !strings.Contains(out, "RequeueAfter of 1m0s is below 2m0s") {
		t.Errorf("-requeue.min=2m not applied:\n%s", out)
	}
}
