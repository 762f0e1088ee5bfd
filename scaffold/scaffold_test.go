package scaffold

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// TestBuiltinSetsNeedNoGoimports renders every Go file of every built-in template set
// through the create commands' own data and holds it to imports that need no module
// lookup: goimports, which adding an import needs, scans the whole module cache (minutes
// on a large one) for a name it cannot find, like the envtest suite's testClient.
func TestBuiltinSetsNeedNoGoimports(t *testing.T) {
	const module = "example.com/op"
	cfg := &project.Config{ProjectName: "op", Domain: "example.com"}
	for _, v := range templates.Versions() {
		set, err := templates.LoadVersion(v, "")
		if err != nil {
			t.Fatal(err)
		}
		before := templates.GoimportsRuns()
		var files []string
		add := func(what string, paths []string, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("set v%d, %s: %v", v, what, err)
			}
			files = append(files, paths...)
		}
		init, err := Init(set, InitOptions{Module: module, Domain: "example.com", ProjectName: "op"}, "")
		add("init", goFiles(t, init), err)
		for _, namespaced := range []bool{true, false} {
			api, err := CreateAPI(set, module, cfg, APIOptions{Group: "cache", Version: "v1", Kind: "Memcached", Namespaced: namespaced, Owns: []string{"apps/v1/Deployment"}}, true)
			add("create api", goFiles(t, api), err)
		}
		o := WebhookOptions{Group: "cache", Version: "v1", Kind: "Memcached", Defaulting: true, Validation: true, Conversion: true, Spokes: []string{"v2"}}
		hooks, err := WebhookFiles(set, module, cfg, o, false)
		add("create webhook", goFiles(t, hooks), err)
		spoke, err := SpokeFile(set, module, cfg, o, "v2", []SpokeHook{{Name: "convertSizeTo", Field: "Size", InType: "int32", OutType: "string", Other: "v1"}})
		add("create webhook (spoke)", goFiles(t, []artifact.File{spoke}), err)
		if len(set.Under("controller")) > 0 {
			ctl, err := ControllerFiles(set, module, cfg, ControllerOptions{Group: "apps", Version: "v1", Kind: "Deployment", FullGroup: "apps", Namespaced: true, Finalizer: "example.com/cleanup"})
			add("create controller", goFiles(t, ctl), err)
		}
		if len(files) < 5 {
			t.Fatalf("set v%d rendered only %d Go files: %v", v, len(files), files)
		}
		if n := templates.GoimportsRuns() - before; n != 0 {
			t.Errorf("set v%d: %d of its Go files (%s) needed goimports' module lookup", v, n, strings.Join(files, ", "))
		}
	}
}

// goFiles are the paths of the Go files among files; each must parse.
func goFiles(t *testing.T, files []artifact.File) []string {
	t.Helper()
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, 0); err != nil {
			t.Fatalf("%s renders invalid Go: %v", f.Path, err)
		}
		out = append(out, f.Path)
	}
	return out
}
