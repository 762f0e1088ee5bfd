package templates

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/stack"
)

var data = map[string]any{
	"Module": "example.com/op", "ProjectName": "op", "Domain": "example.com",
	"GoVersion": stack.Go, "KubernetesVersion": stack.Kubernetes, "ControllerRuntimeVersion": stack.ControllerRuntime,
	"KustomizeVersion": stack.Kustomize, "KustomizeCLIVersion": stack.KustomizeCLI,
	"PrometheusClientVersion": stack.PrometheusClient,
	"Resource": map[string]any{
		"Group": "cache", "FullGroup": "cache.example.com", "Version": "v1", "Kind": "App",
		"Plural": "apps", "Namespaced": true, "Owns": []string{"apps/v1/Deployment"}, "FirstVersion": true,
		"Names": naming.For("App"),
	},
	"Names": naming.For("App"), "Wiring": naming.Wire,
	"Package": "controller", "APIImport": "example.com/op/api/v1", "APIAlias": "appv1", "Kind": "App",
	"HasConditions": true, "Finalizer": "example.com/cleanup",
	"Namespaced": true, "Replicas": "value", "Managed": true, "NeedsReplicas": true,
	"Owned": []map[string]string{
		{"Kind": "Deployment", "Func": "ApplyAppDeployment", "Template": "deployment"},
		{"Kind": "Service", "Func": "ApplyAppService", "Template": "service"},
		{"Kind": "ConfigMap", "Func": "ApplyAppConfigMap", "Template": "configmap"},
		{"Kind": "Secret", "Func": "ApplyAppSecret", "Template": "secret"},
		{"Kind": "Widget", "Func": "ApplyAppWidget", "Template": ""},
	},
	"ControllerImport": "example.com/op/internal/controller", "ControllerName": "controller", "LeaderElectionID": "op.example.com",
}

// TestBuiltinTemplatesRender renders every built-in template; Go output must parse.
func TestBuiltinTemplatesRender(t *testing.T) {
	s, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Under("scaffold"), ","); got != "controller.go,main.go" {
		t.Fatalf("scaffold templates = %s", got)
	}
	for _, dir := range []string{"project", "api", "scaffold"} {
		names := s.Under(dir)
		if len(names) == 0 {
			t.Fatalf("no templates under %s", dir)
		}
		for _, n := range names {
			out, err := s.Render(dir+"/"+n, data)
			if err != nil {
				t.Fatalf("%s/%s: %v", dir, n, err)
			}
			if strings.HasSuffix(n, ".go") {
				if _, err := parser.ParseFile(token.NewFileSet(), n, out, 0); err != nil {
					t.Fatalf("%s/%s renders invalid Go: %v", dir, n, err)
				}
			}
		}
	}
	// missingkey=error: a template asking for data that is not there fails.
	if _, err := s.Render("scaffold/controller.go", map[string]any{"Package": "x"}); err == nil || !strings.Contains(err.Error(), "templates/scaffold/controller.go.tmpl:") {
		t.Fatalf("missing data: err = %v", err)
	}
}

// TestOverlay lays a directory over the built-in templates: same name replaces, a new
// file adds, a broken one fails with its file and line.
func TestOverlay(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("project/Makefile.tmpl", "# platform Makefile for {{ .ProjectName }}\n")
	write("project/CODEOWNERS.tmpl", "* @platform/{{ kebabcase .ProjectName }}\n")
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Render("project/Makefile", data)
	if err != nil || string(out) != "# platform Makefile for op\n" {
		t.Fatalf("override: %q, %v", out, err)
	}
	if out, err := s.Render("project/CODEOWNERS", data); err != nil || string(out) != "* @platform/op\n" {
		t.Fatalf("added file: %q, %v", out, err)
	}
	if out, err := s.Render("project/Dockerfile", data); err != nil || !strings.Contains(string(out), "distroless") {
		t.Fatalf("built-in kept: %v", err)
	}

	write("project/Broken.tmpl", "line one\n{{ .ProjectName \n")
	_, err = Load(dir)
	want := filepath.Join(dir, "project", "Broken.tmpl") + ":3: unclosed action"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("broken template: err = %v, want it to start with %q", err, want)
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("a missing directory was accepted")
	}
}

// TestEnvtestScriptIsOpgens keeps the project's hack/envtest.sh the script opgen uses.
func TestEnvtestScriptIsOpgens(t *testing.T) {
	ours, err := os.ReadFile("../hack/envtest.sh")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := builtin.ReadFile("project/hack/envtest.sh.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	if string(ours) != string(tmpl) {
		t.Fatal("templates/project/hack/envtest.sh.tmpl differs from hack/envtest.sh: copy it over")
	}
}

// TestOverlayStaysInItsPlace: an overlay may not render into .git, nor read, through a
// symbolic link, a file outside its own directory.
func TestOverlayStaysInItsPlace(t *testing.T) {
	git := t.TempDir()
	hook := filepath.Join(git, "project", ".git", "hooks", "pre-commit.tmpl")
	if err := os.MkdirAll(filepath.Dir(hook), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hook, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(git); err == nil || !strings.Contains(err.Error(), "may not write into .git") {
		t.Errorf("an overlay template into .git: %v", err)
	}

	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	linked := t.TempDir()
	if err := os.MkdirAll(filepath.Join(linked, "project"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(linked, "project", "README.md.tmpl")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(linked); err == nil || !strings.Contains(err.Error(), "outside the templates directory") {
		t.Errorf("an overlay template linked outside: %v", err)
	}
	inside := filepath.Join(linked, "shared.tmpl")
	if err := os.WriteFile(inside, []byte("shared\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(linked, "project", "README.md.tmpl"))
	if err := os.Symlink(inside, filepath.Join(linked, "project", "README.md.tmpl")); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(linked); err != nil {
		t.Errorf("a link inside the overlay is refused: %v", err)
	}
}

// TestOverlayImports: an overlay's Go template need not manage its imports: one it
// forgot is added, one only a left-out section used is removed.
func TestOverlayImports(t *testing.T) {
	dir := t.TempDir()
	tmpl := filepath.Join(dir, "scaffold", "controller.go.tmpl")
	if err := os.MkdirAll(filepath.Dir(tmpl), 0o755); err != nil {
		t.Fatal(err)
	}
	src := `package {{ .Package }}

import (
	"strings"
	"time"
)

// Describe is the platform's own helper.
func Describe(name string) string {
{{- if .Finalizer }}
	_ = time.Second
{{- end }}
	return fmt.Sprintf("%s (%d)", name, len(name))
}
`
	if err := os.WriteFile(tmpl, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	d := map[string]any{"Package": "controller", "Finalizer": ""}
	out, err := s.Render("scaffold/controller.go", d)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	if !strings.Contains(got, `"fmt"`) || strings.Contains(got, `"strings"`) || strings.Contains(got, `"time"`) {
		t.Fatalf("imports not fixed:\n%s", got)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "controller.go", out, 0); err != nil {
		t.Fatal(err)
	}
	d["Finalizer"] = "example.com/cleanup"
	if out, err = s.Render("scaffold/controller.go", d); err != nil || !strings.Contains(string(out), `"time"`) {
		t.Fatalf("the import a rendered section uses was removed (%v):\n%s", err, out)
	}
}
