package guards

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/model"
)

// TestFloor: a status writer on releases older than the runtime needs is one error at
// the kind, naming each floor, what go.mod has, and the command that reaches them: go
// get for a requirement, go mod edit for a replace (every lockstep Kubernetes module
// the replace pins below the floor); releases at the floor pass, and so does a module
// with no runtime to emit.
func TestFloor(t *testing.T) {
	kind := &model.Kind{Name: "SleepInfo", StatusOwner: "kube-green", Pos: token.Position{Filename: "api/v1/sleepinfo_types.go", Line: 40, Column: 6}}
	api := &model.API{Packages: []*model.Package{{Kinds: []*model.Kind{kind}}}}
	cases := []struct {
		name, gomod, want string
	}{{
		name:  "requirements below",
		gomod: "require (\n\tk8s.io/apimachinery v0.34.3\n\tsigs.k8s.io/controller-runtime v0.22.4\n)\n",
		want:  "api/v1/sleepinfo_types.go:40:6: the code opgen generates for this kind needs sigs.k8s.io/controller-runtime v0.23.0 (SubResourceWriter.Apply) and k8s.io/apimachinery v0.35.0 (k8s.io/apimachinery/pkg/util/resourceversion); go.mod has sigs.k8s.io/controller-runtime v0.22.4 and k8s.io/apimachinery v0.34.3: run go get sigs.k8s.io/controller-runtime@v0.23.0 k8s.io/apimachinery@v0.35.0",
	}, {
		name:  "a replace below",
		gomod: "require (\n\tk8s.io/apimachinery v0.35.2\n\tsigs.k8s.io/controller-runtime v0.23.1\n)\n\nreplace (\n\tk8s.io/api => k8s.io/api v0.34.0\n\tk8s.io/apimachinery => k8s.io/apimachinery v0.34.0\n)\n",
		want:  "api/v1/sleepinfo_types.go:40:6: the code opgen generates for this kind needs k8s.io/apimachinery v0.35.0 (k8s.io/apimachinery/pkg/util/resourceversion); go.mod has k8s.io/apimachinery replaced with v0.34.0: run go mod edit -replace=k8s.io/api=k8s.io/api@v0.35.0 -replace=k8s.io/apimachinery=k8s.io/apimachinery@v0.35.0",
	}, {
		name:  "at the floor",
		gomod: "require (\n\tk8s.io/apimachinery v0.35.0\n\tsigs.k8s.io/controller-runtime v0.23.0\n)\n",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/op\n\ngo 1.26\n\n"+c.gomod), 0o644); err != nil {
				t.Fatal(err)
			}
			ds := Generator{}.Check(&contract.Context{ModuleRoot: root, API: api})
			var got []string
			for _, d := range ds {
				got = append(got, d.String())
			}
			if strings.Join(got, "\n") != c.want {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), c.want)
			}
		})
	}
	t.Run("no runtime", func(t *testing.T) {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/op\n\nrequire k8s.io/apimachinery v0.29.4\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		plain := &model.API{Packages: []*model.Package{{Kinds: []*model.Kind{{Name: "Plain"}}}}}
		if ds := (Generator{}).Check(&contract.Context{ModuleRoot: root, API: plain}); len(ds) != 0 {
			t.Errorf("a module without a runtime to emit: %v", ds)
		}
	})
}
