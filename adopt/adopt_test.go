package adopt

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"sigs.k8s.io/yaml"

	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/project"
)

// opgenRoot is opgen's module root.
func opgenRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// moduleCopy copies testdata/_adopt/<name> into a temporary directory and makes it a
// module with the goldens' requirements (golden/go.mod and go.sum).
func moduleCopy(t *testing.T, name string) string {
	t.Helper()
	root := opgenRoot(t)
	src := filepath.Join(root, "testdata", "_adopt", name)
	dir := filepath.Join(t.TempDir(), name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "golden", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module opgen.test/adopt/"+name))
	sum, err := os.ReadFile(filepath.Join(root, "golden", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "go.mod", string(mod))
	write(t, dir, "go.sum", string(sum))
	return dir
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEmbeddedVersion: the version adopt announces is the one go.mod requires.
func TestEmbeddedVersion(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(opgenRoot(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mf, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range mf.Require {
		if r.Mod.Path == "sigs.k8s.io/controller-tools" {
			if r.Mod.Version != ControllerToolsVersion {
				t.Fatalf("go.mod requires controller-tools %s, ControllerToolsVersion says %s", r.Mod.Version, ControllerToolsVersion)
			}
			return
		}
	}
	t.Fatal("go.mod does not require controller-tools")
}

// TestReadOptions: the testdata project's Makefile, read as make and controller-gen
// read it, becomes the controllerGen section with every generator, its paths, outputs
// and options.
func TestReadOptions(t *testing.T) {
	dir := moduleCopy(t, "options")
	r, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Refusals) > 0 {
		t.Fatalf("refusals: %q", r.Refusals)
	}
	var args []string
	for _, inv := range r.Invocations {
		args = append(args, inv.Pos+" "+strings.Join(inv.Args, " "))
	}
	want := []string{
		`Makefile:12 crd:generateEmbeddedObjectMeta=true,maxDescLen=40,allowDangerousTypes=true paths=./api/... output:crd:artifacts:config=deploy/crds`,
		`Makefile:14 rbac:roleName=widget-manager,fileName=cluster-role.yaml webhook paths=./internal/controller/...;./internal/webhook/... output:rbac:artifacts:config=deploy/rbac output:webhook:artifacts:config=deploy/webhook`,
		`Makefile:20 object:headerFile=hack/boilerplate.go.txt,year=2031 paths=./api/...`,
	}
	if !slices.Equal(args, want) {
		t.Fatalf("invocations:\n%s\nwant:\n%s", strings.Join(args, "\n"), strings.Join(want, "\n"))
	}
	if len(r.Pins) != 1 || r.Pins[0].Version != "v0.21.0" {
		t.Errorf("pins %+v, want v0.21.0 from CONTROLLER_TOOLS_VERSION", r.Pins)
	}
	if len(r.Modules) != 1 || r.Modules[0].Root != dir {
		t.Fatalf("modules %+v", r.Modules)
	}
	got, _ := yaml.Marshal(r.Modules[0].Config)
	yes, no, forty := true, false, 40
	wantCfg, _ := yaml.Marshal(&project.ControllerGen{
		Pinned: "v0.21.0 (Makefile CONTROLLER_TOOLS_VERSION)",
		Object: &project.ObjectGen{Gen: project.Gen{From: []string{"Makefile:20"}, Paths: []string{"./api/..."}}, HeaderFile: "hack/boilerplate.go.txt", Year: "2031"},
		CRD: &project.CRDGen{Gen: project.Gen{From: []string{"Makefile:12"}, Paths: []string{"./api/..."}}, Output: "deploy/crds",
			GenerateEmbeddedObjectMeta: &yes, AllowDangerousTypes: &yes, IgnoreUnexportedFields: &no, MaxDescLen: &forty},
		RBAC:    &project.RBACGen{Gen: project.Gen{From: []string{"Makefile:14"}, Paths: []string{"./internal/controller/...", "./internal/webhook/..."}}, Output: "deploy/rbac", RoleName: "widget-manager", FileName: "cluster-role.yaml"},
		Webhook: &project.WebhookGen{Gen: project.Gen{From: []string{"Makefile:14"}, Paths: []string{"./internal/controller/...", "./internal/webhook/..."}}, Output: "deploy/webhook"},
	})
	if string(got) != string(wantCfg) {
		t.Errorf("controllerGen:\n%s\nwant:\n%s", got, wantCfg)
	}
}

// TestGenerateHonoursOptions: after adopt, opgen generate writes what those
// controller-gen lines write, where they write it.
func TestGenerateHonoursOptions(t *testing.T) {
	dir := moduleCopy(t, "options")
	r, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Write(); err != nil {
		t.Fatal(err)
	}
	files := run(t, dir)
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	wantPaths := []string{"api/hub/zz_generated.deepcopy.go", "api/v1/zz_generated.deepcopy.go", "deploy/crds/_gadgets.yaml", "deploy/crds/widgets.example.com_widgets.yaml", "deploy/rbac/cluster-role.yaml", "deploy/webhook/manifests.yaml"}
	if !slices.Equal(paths, wantPaths) {
		// internal/extra is outside the object paths; cmd/helper outside the rbac paths;
		// api/hub, root types without a group, is no error: its deepcopy, and the
		// group-less _gadgets.yaml controller-gen writes too; nothing goes to config/.
		t.Fatalf("files %q, want %q", paths, wantPaths)
	}
	if dc := files["api/v1/zz_generated.deepcopy.go"]; !strings.HasPrefix(dc, "//go:build !ignore_autogenerated\n\n/*\nCopyright 2031 The Widget Authors.\n*/") {
		t.Errorf("deepcopy header (object:headerFile, year):\n%s", dc[:min(len(dc), 200)])
	}
	crd := files["deploy/crds/widgets.example.com_widgets.yaml"]
	var obj struct {
		Spec struct {
			Versions []struct {
				Schema struct {
					OpenAPIV3Schema schemaProps `json:"openAPIV3Schema"`
				} `json:"schema"`
			} `json:"versions"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(strings.SplitN(crd, "---\n", 2)[1]), &obj); err != nil {
		t.Fatal(err)
	}
	spec := obj.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
	meta := spec.Properties["template"].Properties["metadata"]
	if _, ok := meta.Properties["labels"]; !ok {
		t.Errorf("generateEmbeddedObjectMeta: the template's metadata has no labels: %+v", meta)
	}
	if d := spec.Properties["template"].Description; len(d) > 40 || !strings.HasSuffix(d, "...") {
		t.Errorf("maxDescLen=40: description %q", d)
	}
	if ty := spec.Properties["ratio"].Type; ty != "number" {
		t.Errorf("allowDangerousTypes: ratio has type %q", ty)
	}
	role := files["deploy/rbac/cluster-role.yaml"]
	if !strings.Contains(role, "name: widget-manager") || !strings.Contains(role, "widgets/status") {
		t.Errorf("role (roleName, rules of internal/controller):\n%s", role)
	}
	if strings.Contains(role, "events") {
		t.Errorf("cmd/helper's RBAC markers, outside the rbac paths, widened the role:\n%s", role)
	}
	if !strings.Contains(files["deploy/webhook/manifests.yaml"], "vwidget.widgets.example.com") {
		t.Errorf("webhook manifests:\n%s", files["deploy/webhook/manifests.yaml"])
	}

	// Without the option, the embedded metadata is a bare object, as controller-gen's.
	data, err := os.ReadFile(filepath.Join(dir, project.FileName))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, project.FileName, strings.Replace(string(data), "generateEmbeddedObjectMeta: true", "generateEmbeddedObjectMeta: false", 1))
	if crd := run(t, dir)["deploy/crds/widgets.example.com_widgets.yaml"]; strings.Count(crd, "labels:") >= strings.Count(files["deploy/crds/widgets.example.com_widgets.yaml"], "labels:") {
		t.Error("generateEmbeddedObjectMeta: false changed nothing")
	}
}

type schemaProps struct {
	Type        string                 `json:"type"`
	Description string                 `json:"description"`
	Properties  map[string]schemaProps `json:"properties"`
}

// run runs opgen generate in memory and returns its files by path.
func run(t *testing.T, dir string) map[string]string {
	t.Helper()
	res, err := generator.Run(context.Background(), generator.Config{Dir: dir})
	if err != nil {
		t.Fatalf("generate: %v\n%v", err, res)
	}
	out := map[string]string{}
	for _, f := range res.Files {
		out[f.Path] = string(f.Content)
	}
	return out
}

// TestShapes: the ways repositories write their controller-gen lines.
func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		// want: "pos|dir|args" per invocation (dir relative to the repository).
		want []string
		pins []string
	}{
		{
			name: "variables and continuation",
			files: map[string]string{"Makefile": "export CRD_OPTIONS ?= \"crd:crdVersions=v1\"\nPATHS = ./api/...\nPATHS += ./pkg/...\nCONTROLLER_GEN = $(shell pwd)/bin/controller-gen\nCONTROLLER_TOOLS_VERSION := v0.18.0\n" +
				"manifests:\n\t@$(CONTROLLER_GEN) $(CRD_OPTIONS) \\\n\t  rbac:roleName=r paths=\"$(PATHS)\"\\\n\t  output:crd:artifacts:config=config/crd/bases\n"},
			want: []string{"Makefile:7|.|crd:crdVersions=v1 rbac:roleName=r paths=./api/... ./pkg/... output:crd:artifacts:config=config/crd/bases"},
			pins: []string{"v0.18.0"},
		},
		{
			name: "cd into a nested module, go run, includes",
			files: map[string]string{
				"Makefile":      "include hack/tools.mk\ngen:\n\tcd api; $(CONTROLLER_GEN) object paths=./...\n\t(cd api && go run -mod=mod sigs.k8s.io/controller-tools/cmd/controller-gen@v0.20.0 crd paths=./...) && echo done\n\tgo install sigs.k8s.io/controller-tools/cmd/controller-gen@v0.20.0\n\t$(CONTROLLER_GEN) --version\n",
				"hack/tools.mk": "CONTROLLER_GEN ?= $(GOBIN)/controller-gen\n",
				"api/go.mod":    "module example.com/api\n",
			},
			want: []string{"Makefile:3|api|object paths=./...", "Makefile:4|api|crd paths=./..."},
			pins: []string{"v0.20.0", "v0.20.0"},
		},
		{
			name: "in a container, on PATH",
			files: map[string]string{
				"Makefile": "manifests: tools\n\t$(CONTROLLER_GEN) crd paths=./apis/...\n\t$(GEN2) object paths=./apis/...\n\t$(WHICH) rbac:roleName=r paths=./...\n" +
					"tools:\nCONTROLLER_GEN=docker run --rm -v $(shell pwd):/src tooling controller-gen\nGEN2=podman run -v $(CURDIR):/src -w /src/api img controller-gen\nWHICH=$(shell which controller-gen)\n",
			},
			want: []string{"Makefile:2|.|crd paths=./apis/...", "Makefile:3|api|object paths=./apis/...", "Makefile:4|.|rbac:roleName=r paths=./..."},
		},
		{
			name: "go:generate and a tools module",
			files: map[string]string{
				"api/v1/doc.go":     "package v1\n\n//go:generate controller-gen object paths=.\n//go:generate echo controller-gen\n",
				"hack/tools/go.mod": "module tools\n\nrequire sigs.k8s.io/controller-tools v0.19.0\n",
			},
			want: []string{"api/v1/doc.go:3|api/v1|object paths=."},
			pins: []string{"v0.19.0"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "go.mod", "module example.com/op\n")
			for p, c := range tc.files {
				write(t, dir, p, c)
			}
			r, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, inv := range r.Invocations {
				rel, _ := filepath.Rel(dir, inv.Dir)
				got = append(got, inv.Pos+"|"+filepath.ToSlash(rel)+"|"+strings.Join(inv.Args, " "))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("invocations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			var pins []string
			for _, p := range r.Pins {
				pins = append(pins, p.Version)
			}
			if !slices.Equal(pins, tc.pins) {
				t.Errorf("pins %q, want %q", pins, tc.pins)
			}
		})
	}
}

// TestNestedModule: a line run in a nested module is that module's section, with its
// paths, output and header relative to it; a path that reaches into a nested module
// (./... above it) is that module's too.
func TestNestedModule(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/op\n")
	write(t, dir, "api/go.mod", "module example.com/op/api\n")
	write(t, dir, "hack/boilerplate.go.txt", "// License.\n")
	write(t, dir, "api/v1/types.go", "package v1\n\n// +kubebuilder:object:root=true\ntype A struct{}\n")
	write(t, dir, "api/rbac.go", "package api\n\n// +kubebuilder:rbac:groups=\"\",resources=pods,verbs=get\n")
	// A nested module with nothing for controller-gen (e2e tests): no section.
	write(t, dir, "test/e2e/go.mod", "module example.com/op/test/e2e\n")
	write(t, dir, "test/e2e/e2e.go", "package e2e\n")
	write(t, dir, "Makefile", "gen:\n\tcd api; controller-gen crd paths=./... output:crd:artifacts:config=../config/crd/bases\n\tcd api; controller-gen object:headerFile=../hack/boilerplate.go.txt paths=./...\n\tcontroller-gen rbac:roleName=manager-role paths=./...\n")
	r, err := Read(dir)
	if err != nil || len(r.Refusals) > 0 {
		t.Fatal(err, r.Refusals)
	}
	if len(r.Modules) != 2 || r.Modules[0].Rel != "api" || r.Modules[1].Rel != "." {
		t.Fatalf("modules %+v", r.Modules)
	}
	api := r.Modules[0].Config
	if api.CRD == nil || api.CRD.Output != "../config/crd/bases" || api.Object == nil || api.Object.HeaderFile != "../hack/boilerplate.go.txt" {
		t.Errorf("api module: %s", api)
	}
	// The root's paths=./... reaches into api/ as controller-gen's loader does.
	if api.RBAC == nil || api.RBAC.Output != "../config/rbac" || !slices.Equal(api.RBAC.From, []string{"Makefile:4"}) {
		t.Errorf("api module's rbac: %s", api)
	}
	if root := r.Modules[1].Config; root.RBAC == nil || root.CRD != nil || root.RBAC.Output != "config/rbac" {
		t.Errorf("root module: %s", root)
	}
}

// TestRefusals: every option opgen cannot honour is refused by name, with the line.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"controller-gen crd paths=./... output:stdout", "Makefile:2: output:stdout: the output goes to standard output"},
		{"controller-gen crd paths=./... | yq -s x", "Makefile:2: output: the line pipes or redirects"},
		{"controller-gen crd paths=./... > crds.yaml", "Makefile:2: output: the line pipes or redirects"},
		{"controller-gen crd paths=./... 2>/dev/null >>crds.yaml", "Makefile:2: output: the line pipes or redirects"},
		{"controller-gen crd paths=./... 2>&1 | tee log", "Makefile:2: output: the line pipes or redirects"},
		{"controller-gen crd:crdVersions=v1beta1 paths=./...", "Makefile:2: crd:crdVersions=v1beta1: controller-tools writes apiextensions.k8s.io/v1 only"},
		{"controller-gen crd:headerFile=h.txt paths=./...", "Makefile:2: crd:headerFile: opgen writes its own header"},
		{"controller-gen crd:deprecatedV1beta1CompatibilityPreserveUnknownFields=false paths=./...", "Makefile:2: crd:deprecatedV1beta1CompatibilityPreserveUnknownFields:"},
		{"controller-gen rbac:roleName=r,headerFile=h.txt paths=./...", "Makefile:2: rbac:headerFile: opgen writes its own header"},
		{"controller-gen webhook:year=2020 paths=./...", "Makefile:2: webhook:year=2020: webhook:headerFile and webhook:year"},
		{"controller-gen applyconfiguration paths=./...", "Makefile:2: applyconfiguration: opgen has no applyconfiguration generator"},
		{"controller-gen schemapatch:manifests=config/crd paths=./...", "Makefile:2: schemapatch:manifests=config/crd: opgen has no schemapatch generator"},
		{"controller-gen object paths=./... output:object:dir=out", "Makefile:2: output:object:dir=out: object output into one directory"},
		{"controller-gen object paths=./... output:object:artifacts:config=x,code=out", "Makefile:2: output:object:artifacts:config=x,code=out: object output under artifacts:code"},
		{"controller-gen object:headerFile=missing.txt paths=./...", "Makefile:2: object:headerFile=missing.txt: no such file"},
		{"controller-gen crd paths=./... output:rbac:artifacts:config=x", "Makefile:2: output:rbac:artifacts:config=x: names generator rbac"},
		{"controller-gen crdd paths=./...", "Makefile:2: crdd: not an option controller-tools"},
		{"controller-gen -w crd paths=./...", "Makefile:2: -w: a controller-gen flag"},
		{"controller-gen crd paths=./api/...\n\tcontroller-gen crd:maxDescLen=0 paths=./apis/...", "Makefile:3: crd: runs again with other options or output than Makefile:2"},
		{"controller-gen rbac:roleName=r paths=./a/...\n\tcontroller-gen rbac:roleName=r paths=./b/...", "Makefile:3: rbac: writes config/rbac/* from other packages than Makefile:2, and both hold +kubebuilder:rbac: markers"},
		{"controller-gen crd paths=../other/...", "Makefile:2: paths: ../other/... is outside the repository"},
	} {
		dir := t.TempDir()
		write(t, dir, "go.mod", "module example.com/op\n")
		write(t, dir, "Makefile", "gen:\n\t"+tc.line+"\n")
		write(t, dir, "a/rbac.go", "package a\n\n// +kubebuilder:rbac:groups=\"\",resources=pods,verbs=get\n")
		write(t, dir, "b/rbac.go", "package b\n\n// +kubebuilder:rbac:groups=\"\",resources=pods,verbs=list\n")
		r, err := Read(dir)
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		if len(r.Refusals) != 1 || !strings.HasPrefix(r.Refusals[0], tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.line, r.Refusals, tc.want)
		}
	}
}

// TestTaken: options opgen takes come out in the section, none silently lost.
func TestTaken(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/op\n")
	write(t, dir, "Makefile", "gen:\n\tcontroller-gen crd:ignoreUnexportedFields=true,omitToolVersion=true,crdVersions=v1 rbac:roleName=r webhook paths=./... output:artifacts:config=manifests\n\tcontroller-gen object paths=./... output:webhook:none\n")
	r, err := Read(dir)
	if err == nil && len(r.Refusals) == 0 {
		t.Fatal("output:webhook:none on a line that does not run webhook was taken")
	}
	write(t, dir, "Makefile", "gen:\n\tcontroller-gen crd:ignoreUnexportedFields=true,omitToolVersion=true,crdVersions=v1 rbac:roleName=r webhook paths=./... output:artifacts:config=manifests output:webhook:none\n")
	if r, err = Read(dir); err != nil || len(r.Refusals) > 0 {
		t.Fatal(err, r.Refusals)
	}
	cfg := r.Modules[0].Config
	if cfg.CRD.Output != "manifests" || cfg.RBAC.Output != "manifests" || cfg.Webhook != nil || !*cfg.CRD.IgnoreUnexportedFields || !slices.Equal(cfg.CRD.CRDVersions, []string{"v1"}) {
		t.Errorf("section: %s", cfg)
	}
	if len(r.Notes) == 0 || !strings.Contains(strings.Join(r.Notes, "\n"), "output:webhook:none") {
		t.Errorf("output:webhook:none not announced: %q", r.Notes)
	}
	// Without an output rule, controller-gen writes config/<generator>.
	write(t, dir, "Makefile", "gen:\n\tcontroller-gen crd rbac:roleName=r webhook paths=./... 2>&1\n")
	if r, err = Read(dir); err != nil || len(r.Refusals) > 0 {
		t.Fatal(err, r.Refusals)
	}
	if cfg := r.Modules[0].Config; cfg.CRD.Output != "config/crd" || cfg.RBAC.Output != "config/rbac" || cfg.Webhook.Output != "config/webhook" {
		t.Errorf("default outputs: %s", cfg)
	}
}

// TestChangedLines: header lines, the version annotation and what goes with it are
// told apart from every other changed line.
func TestChangedLines(t *testing.T) {
	old := "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  annotations:\n    controller-gen.kubebuilder.io/version: v0.18.0\n  name: widgets.example.com\nspec:\n  rule: a\n"
	new := "# Code generated by opgen. DO NOT EDIT.\n---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  rule: b\n"
	d := ChangedLines("x.yaml", []byte(old), []byte(new))
	if d.Header != 3 || !slices.Equal(d.Other, []string{"-  rule: a", "+  rule: b"}) {
		t.Errorf("header %d, other %q", d.Header, d.Other)
	}
}

// TestOneWriter: of two lines writing the one role over different packages, the one
// whose packages hold no RBAC marker writes nothing (controller-gen writes no empty
// role): the other is taken, and that is said.
func TestOneWriter(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "go.mod", "module example.com/op\n")
	write(t, dir, "api/v1/types.go", "package v1\n")
	write(t, dir, "pkg/controller/rbac.go", "package controller\n\n// +kubebuilder:rbac:groups=\"\",resources=pods,verbs=get\n")
	write(t, dir, "pkg/controller/rbac_test.go", "package controller\n\n// +kubebuilder:webhook:path=/x\n")
	write(t, dir, "Makefile", "gen:\n\tcontroller-gen rbac:roleName=r crd webhook paths=./api/...\n\tcontroller-gen rbac:roleName=r webhook paths=./pkg/...\n")
	r, err := Read(dir)
	if err != nil || len(r.Refusals) > 0 {
		t.Fatal(err, r.Refusals)
	}
	cfg := r.Modules[0].Config
	if !slices.Equal(cfg.RBAC.Paths, []string{"./pkg/..."}) || !slices.Equal(cfg.RBAC.From, []string{"Makefile:3"}) {
		t.Errorf("rbac: %+v", cfg.RBAC)
	}
	// Neither holds a webhook marker (a test file does not count): the last line's.
	if !slices.Equal(cfg.Webhook.From, []string{"Makefile:3"}) {
		t.Errorf("webhook: %+v", cfg.Webhook)
	}
	if notes := strings.Join(r.Notes, "\n"); !strings.Contains(notes, "Makefile:2: rbac reads packages with no +kubebuilder:rbac: marker and writes nothing; Makefile:3's is the rbac opgen writes") {
		t.Errorf("notes: %s", notes)
	}
}

// TestPartial: a partial adoption leaves each line with a refusal to controller-gen,
// whole, and adopts the rest; a kept line that runs a generator opgen would run in the
// same module is still refused, and so is an adoption that leaves opgen nothing.
func TestPartial(t *testing.T) {
	setup := func(lines ...string) string {
		dir := t.TempDir()
		write(t, dir, "go.mod", "module example.com/op\n")
		write(t, dir, "Makefile", "gen:\n\t"+strings.Join(lines, "\n\t")+"\n")
		write(t, dir, "a/rbac.go", "package a\n\n// +kubebuilder:rbac:groups=\"\",resources=pods,verbs=get\n")
		return dir
	}
	dir := setup("controller-gen crd webhook paths=./... output:stdout | yq 'select(documentIndex == 0)' > crds.yaml", "controller-gen object paths=./...")
	r, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Refusals) == 0 {
		t.Fatal("the stream line was not refused")
	}
	if err := r.Partial(dir); err != nil {
		t.Fatal(err)
	}
	if len(r.Refusals) != 0 || len(r.Kept) != 1 || r.Kept[0].Invocation.Pos != "Makefile:2" || len(r.Kept[0].Reasons) == 0 {
		t.Fatalf("refusals %q, kept %+v; want Makefile:2 kept with its reasons", r.Refusals, r.Kept)
	}
	if len(r.Modules) != 1 {
		t.Fatalf("%d modules", len(r.Modules))
	}
	if c := r.Modules[0].Config; c.Object == nil || c.CRD != nil || c.Webhook != nil || c.RBAC != nil || !slices.Equal(c.Object.From, []string{"Makefile:3"}) {
		t.Errorf("section %+v: want object from Makefile:3 only (a generator left out is not run)", c)
	}

	// The kept line runs crd, which the adopted one runs too: two writers.
	dir = setup("controller-gen crd rbac:roleName=r,headerFile=h.txt paths=./...", "controller-gen crd paths=./...")
	write(t, dir, "h.txt", "// header\n")
	r, err = Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Partial(dir); err != nil {
		t.Fatal(err)
	}
	if len(r.Refusals) != 1 || !strings.HasPrefix(r.Refusals[0], "Makefile:2: crd: stays controller-gen's, and opgen would run crd in the same module from Makefile:3") {
		t.Errorf("refusals %q: want the two writers of crd named", r.Refusals)
	}

	// Nothing left for opgen.
	dir = setup("controller-gen crd paths=./... output:stdout")
	r, err = Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Partial(dir); err == nil || !strings.Contains(err.Error(), "no controller-gen line is left") {
		t.Errorf("every line kept: %v, want a refusal", err)
	}
}
