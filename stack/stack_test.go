package stack

import (
	"os"
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
	want := map[string]string{"sigs.k8s.io/controller-runtime": ControllerRuntime, "helm.sh/helm/v4": Helm}
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
