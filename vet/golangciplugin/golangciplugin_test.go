package golangciplugin_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/google/go-cmp/cmp"

	"github.com/opgen-dev/opgen/vet"
	"github.com/opgen-dev/opgen/vet/golangciplugin"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin(golangciplugin.Name)
	if err != nil {
		t.Fatal(err)
	}
	requeueMin := vet.ByName("requeue").Flags.Lookup("min")
	workersMax := vet.ByName("workers").Flags.Lookup("max")
	gated := vet.ByName("statusupdate").Flags.Lookup("gated")
	t.Cleanup(func() {
		_ = requeueMin.Value.Set(requeueMin.DefValue)
		_ = workersMax.Value.Set(workersMax.DefValue)
		_ = gated.Value.Set(gated.DefValue)
	})

	// Settings arrive as golangci-lint decodes YAML: maps and slices of any.
	p, err := newPlugin(map[string]any{"disable": []any{"workers", "deepequal"}, "requeue-min": "30s", "workers-max": 4, "statusupdate-gated": true})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range analyzers {
		names = append(names, a.Name)
	}
	want := []string{"statusupdate", "cachedupdate", "statustime", "unfilteredfor", "generationfilter", "requeue", "ignoredirective"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("analyzers (-want +got):\n%s", diff)
	}
	if requeueMin.Value.String() != "30s" || workersMax.Value.String() != "4" || gated.Value.String() != "true" {
		t.Errorf("flags: requeue.min=%s workers.max=%s statusupdate.gated=%s, want 30s, 4 and true", requeueMin.Value, workersMax.Value, gated.Value)
	}

	for _, bad := range []map[string]any{
		{"disable": []any{"nosuch"}},
		{"requeue-min": "soon"},
		{"workers_max": 4},
	} {
		if _, err := newPlugin(bad); err == nil || !strings.Contains(err.Error(), golangciplugin.Name) {
			t.Errorf("settings %v: err = %v, want an error naming the plugin", bad, err)
		}
	}
}
