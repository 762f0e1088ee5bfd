package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultName(t *testing.T) {
	for mod, want := range map[string]string{
		"example.com/memcached-operator":                   "memcached-operator",
		"example.com/foo/v2":                               "foo",
		"github.com/mariadb-operator/mariadb-operator/v26": "mariadb-operator",
		"example.com/My_Op":                                "my-op",
		"gopkg.in/yaml.v3":                                 "yaml",
		"example.com/__":                                   "operator",
	} {
		if got := DefaultName(mod); got != want || CheckName(got) != nil {
			t.Errorf("DefaultName(%q) = %q (valid: %v), want %q", mod, got, CheckName(got), want)
		}
	}
}

func TestCheckName(t *testing.T) {
	for _, bad := range []string{"Foo Bar", "foo\nbar", "Foo", "-foo", "", "a-very-long-project-name-that-would-make-the-namespace-too-long"} {
		if CheckName(bad) == nil {
			t.Errorf("CheckName(%q) accepted it", bad)
		}
	}
	if err := CheckName("memcached-operator"); err != nil {
		t.Error(err)
	}
}

func TestName(t *testing.T) {
	root := t.TempDir()
	if n, err := Name("", nil, root, "github.com/x/mariadb/v26"); err != nil || n != "mariadb" {
		t.Fatalf("module path: %q, %v", n, err)
	}
	if err := os.WriteFile(filepath.Join(root, KubebuilderFile), []byte("domain: x.com\nprojectName: mariadb-operator\nlayout:\n- go.kubebuilder.io/v4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, _ := Name("", nil, root, "github.com/x/mariadb/v26"); n != "mariadb-operator" {
		t.Fatalf("PROJECT: %q", n)
	}
	if n, _ := Name("", &Config{ProjectName: "from-opgen-yaml"}, root, "x.com/y"); n != "from-opgen-yaml" {
		t.Fatalf("opgen.yaml: %q", n)
	}
	if _, err := Name("Foo Bar", nil, root, "x.com/y"); err == nil {
		t.Fatal("an invalid --project-name was accepted")
	}
	if err := os.WriteFile(filepath.Join(root, FileName), []byte("projectName: \"Foo Bar\"\ndomain: x.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(root); err == nil {
		t.Fatal("opgen.yaml with an invalid projectName was accepted")
	}
}

// TestChartToggle: chart takes true or false, and says which clearly otherwise.
func TestChartToggle(t *testing.T) {
	dir := t.TempDir()
	for content, want := range map[string]string{
		"projectName: op\ndomain: example.com\n":               "",
		"projectName: op\ndomain: example.com\nchart: false\n": "false",
		"projectName: op\ndomain: example.com\nchart: true\n":  "true",
	} {
		if err := os.WriteFile(filepath.Join(dir, FileName), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Read(dir)
		if err != nil || string(c.Chart) != want {
			t.Errorf("%q: chart %q, %v; want %q", content, c.Chart, err, want)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte("projectName: op\ndomain: example.com\nchart: yes please\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), "want true or false") {
		t.Errorf("chart: yes please: %v, want an error saying true or false", err)
	}
	if b := (&Config{ProjectName: "op", Domain: "example.com"}).Marshal(); strings.Contains(string(b), "chart") {
		t.Errorf("a Config without chart marshals it:\n%s", b)
	}
}

// TestControllerGenSection: a file with only the controllerGen section opgen adopt
// writes is read, is no project, and what opgen cannot honour is refused.
func TestControllerGenSection(t *testing.T) {
	dir := t.TempDir()
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, FileName), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("controllerGen:\n  crd:\n    paths: [./api/...]\n    output: config/crd/bases\n    maxDescLen: 0\n  rbac:\n    paths: [./...]\n    output: config/rbac\n    roleName: manager\n")
	c, err := Read(dir)
	if err != nil || c == nil || c.IsProject() {
		t.Fatalf("adopted file: %+v, %v", c, err)
	}
	cg, err := ReadControllerGen(dir)
	if err != nil || cg.CRD.MaxDescLen == nil || *cg.CRD.MaxDescLen != 0 || cg.RBAC.RoleName != "manager" || cg.Object != nil {
		t.Fatalf("section %s, %v", cg, err)
	}
	for bad, want := range map[string]string{
		"controllerGen:\n  crd:\n    paths: [./...]\n    output: x\n    crdVersions: [v1beta1]\n":               "crdVersions v1beta1",
		"controllerGen:\n  crd:\n    output: x\n":                                                               "crd: paths is required",
		"controllerGen:\n  rbac:\n    paths: [./...]\n    output: x\n":                                          "rbac: output and roleName are required",
		"controllerGen:\n  rbac:\n    paths: [./...]\n    output: x\n    roleName: r\n    fileName: a/b.yaml\n": "fileName",
		"controllerGen:\n  crd:\n    paths: [./...]\n    output: x\n    maxDescLen: -1\n":                       "maxDescLen -1",
		"controllerGen:\n  crd:\n    paths: [./...]\n    output: x\n    headerFile: h\n":                        "unknown field",
	} {
		write(bad)
		if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", bad, err, want)
		}
	}
}
