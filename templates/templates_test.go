package templates

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestTemplatesParseAndRender(t *testing.T) {
	names, err := Names()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, ",") != "controller.go.tmpl,main.go.tmpl" {
		t.Fatalf("templates = %v", names)
	}
	cases := map[string]map[string]any{
		"controller.go.tmpl": {"Package": "controller", "APIImport": "example.com/op/api/v1", "APIAlias": "appv1", "Kind": "App", "HasConditions": true, "Finalizer": "example.com/cleanup"},
		"main.go.tmpl":       {"ControllerImport": "example.com/op/internal/controller", "ControllerName": "controller", "LeaderElectionID": "op.example.com"},
	}
	for name, data := range cases {
		out, err := Render(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), name, out, 0); err != nil {
			t.Fatalf("%s renders invalid Go: %v", name, err)
		}
	}
	plain := map[string]any{"Package": "controller", "APIImport": "example.com/op/api/v1", "APIAlias": "appv1", "Kind": "App", "HasConditions": false, "Finalizer": ""}
	out, err := Render("controller.go.tmpl", plain)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "Cleanup") || strings.Contains(string(out), "meta.") {
		t.Fatalf("options off, output still has them:\n%s", out)
	}
	// missingkey=error: a template asking for data that is not there fails.
	delete(plain, "Kind")
	if _, err := Render("controller.go.tmpl", plain); err == nil || !strings.Contains(err.Error(), "Kind") {
		t.Fatalf("missing data: err = %v", err)
	}
}
