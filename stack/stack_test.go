package stack

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/mod/modfile"
)

// TestMatchesGoMod ties the pinned versions to the ones opgen itself builds and tests
// against: a bump of one without the other fails here.
func TestMatchesGoMod(t *testing.T) {
	data, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"sigs.k8s.io/controller-runtime": ControllerRuntime, "helm.sh/helm/v4": Helm,
		"github.com/prometheus/client_golang": PrometheusClient}
	for _, m := range KubernetesModules {
		want[m] = Kubernetes
	}
	for _, r := range f.Require {
		if v, ok := want[r.Mod.Path]; ok {
			if r.Mod.Version != v {
				t.Errorf("go.mod requires %s %s, the stack says %s", r.Mod.Path, r.Mod.Version, v)
			}
			delete(want, r.Mod.Path)
		}
	}
	for m := range want {
		t.Errorf("go.mod does not require %s", m)
	}
	if f.Go == nil || f.Go.Version[:len(Go)] != Go {
		t.Errorf("go.mod's go directive is not %s", Go)
	}
}

// TestGoModTidy holds go.mod and go.sum of opgen and of the golden module equal to
// what `go mod tidy` makes of them: a requirement listed as indirect while imported
// directly (or the reverse) is rewritten by the next -mod=mod run, a change nobody
// asked for.
func TestGoModTidy(t *testing.T) {
	if testing.Short() {
		t.Skip("go mod tidy reads every module of the build graph")
	}
	for _, dir := range []string{"..", "../golden"} {
		cmd := exec.Command("go", "mod", "tidy", "-diff")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("go mod tidy -diff in %s: %v; run go mod tidy there:\n%s", dir, err, out)
		}
	}
}
