package upgrade

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// copyDir copies a tree.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, info.Mode())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestReconstruct: a golden project with its record taken out gets one from the tree
// that renders the same files as the record the commands wrote, and the template set
// it was scaffolded with is inferred among several (a registered one differs in the
// Makefile).
func TestReconstruct(t *testing.T) {
	current, err := templates.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	// Two other sets: one differs in the Dockerfile, one in the Makefile, which
	// init-override's overlay replaces: that one renders the same project as set 1.
	for v, file := range map[int]string{-100: "project/Dockerfile.tmpl", -101: "project/Makefile.tmpl"} {
		other := fstest.MapFS{}
		for p, b := range current.Files() {
			other[p] = &fstest.MapFile{Data: b}
		}
		other[file] = &fstest.MapFile{Data: []byte("# another\n")}
		if err := templates.Register(v, other); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"init-memcached", "init-multi", "init-webhook", "init-override", "init-external"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), name)
			copyDir(t, filepath.Join(goldenDir, name), dir)
			cfg, err := project.Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := cfg.Scaffold
			cfg.Scaffold = nil
			overlay := ""
			if cfg.Templates != "" {
				overlay = filepath.Join(dir, cfg.Templates)
			}
			rec, notes, err := Reconstruct(dir, want.Module, cfg, overlay, 0, false)
			if name == "init-override" {
				// The current set and -101 render the same files here: which one made it cannot
				// be told, and is asked for.
				if err == nil || !strings.Contains(err.Error(), "--from-set N") {
					t.Fatalf("a tie: %v", err)
				}
				rec, notes, err = Reconstruct(dir, want.Module, cfg, overlay, templates.Version, true)
			} else if err == nil && !strings.Contains(strings.Join(notes, "\n"), fmt.Sprintf("inferred template set %d", templates.Version)) {
				t.Errorf("notes %q say no inferred set", notes)
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.TemplateSet != want.TemplateSet {
				t.Fatalf("template set %d, notes %q", rec.TemplateSet, notes)
			}
			// Each create controller is read back from its reconciler's markers, with the
			// inputs it recorded.
			var gotCtrl, wantCtrl []project.ControllerStep
			for _, steps := range []struct {
				from []project.Step
				to   *[]project.ControllerStep
			}{{rec.Steps, &gotCtrl}, {want.Steps, &wantCtrl}} {
				for _, st := range steps.from {
					if st.Controller != nil {
						*steps.to = append(*steps.to, *st.Controller)
					}
				}
			}
			// The tree does not say in which order the commands ran: compared by kind.
			byKind := func(s []project.ControllerStep) {
				slices.SortFunc(s, func(a, b project.ControllerStep) int { return strings.Compare(a.Kind, b.Kind) })
			}
			byKind(gotCtrl)
			byKind(wantCtrl)
			if !reflect.DeepEqual(gotCtrl, wantCtrl) {
				t.Errorf("controller steps %+v, want %+v", gotCtrl, wantCtrl)
			}
			joined := strings.Join(notes, "\n")
			if len(wantCtrl) > 0 && !strings.Contains(joined, fmt.Sprintf("found %d controller(s) of kinds the project does not define, from their markers: ", len(wantCtrl))) {
				t.Errorf("the notes do not say the controllers were found: %q", notes)
			}
			for _, c := range wantCtrl {
				if file := "(internal/controller/" + strings.ToLower(c.Kind) + "_controller.go)"; !strings.Contains(joined, file) {
					t.Errorf("the notes do not name %s: %q", file, notes)
				}
			}
			if (rec.Overlay == nil) != (want.Overlay == nil) || rec.Overlay != nil && rec.Overlay.Digest != want.Overlay.Digest {
				t.Fatalf("overlay %+v, want %+v", rec.Overlay, want.Overlay)
			}
			set, err := templates.LoadVersion(rec.TemplateSet, overlay)
			if err != nil {
				t.Fatal(err)
			}
			got, err := renderTemplates(RenderInput{Record: rec, Config: cfg, Set: set})
			if err != nil {
				t.Fatal(err)
			}
			exp, err := renderTemplates(RenderInput{Record: want, Config: cfg, Set: set})
			if err != nil {
				t.Fatal(err)
			}
			if len(got.files) != len(exp.files) || len(got.spokes) != len(exp.spokes) {
				t.Errorf("%d files and %d spokes, want %d and %d (record %+v)", len(got.files), len(got.spokes), len(exp.files), len(exp.spokes), rec.Steps)
			}
			for p, b := range exp.files {
				if string(got.files[p]) != string(b) {
					t.Errorf("%s renders differently from the reconstructed record", p)
				}
			}
			// Asked for, the set is taken as given.
			if rec, _, err := Reconstruct(dir, want.Module, cfg, overlay, -100, true); err != nil || rec.TemplateSet != -100 {
				t.Errorf("--from-set: %+v, %v", rec, err)
			}
			if _, _, err := Reconstruct(dir, want.Module, cfg, overlay, 99, true); err == nil || !strings.Contains(err.Error(), "--from-set") {
				t.Errorf("--from-set of an unknown set: %v", err)
			}
		})
	}
}

// TestControllerSteps: create controller's flags are read back from the markers it
// wrote on the reconciler (a k8s.io/api kind under the group the server names, another
// module's kind with its package and domain, the selectors, the finalizer, owned
// kinds); a reconciler whose markers do not read back as one, or that stands in
// another file than create controller's, is left out and the notes say why.
func TestControllerSteps(t *testing.T) {
	dir := t.TempDir()
	reconciler := func(file, typeName string, markers ...string) {
		var b strings.Builder
		b.WriteString("package controller\n\n// " + typeName + " reconciles.\n//\n")
		for _, m := range markers {
			b.WriteString("// " + m + "\n")
		}
		b.WriteString("type " + typeName + " struct{}\n\n// NotAReconciler has no markers.\ntype NotAReconciler struct{}\n")
		p := filepath.Join(dir, "internal", "controller", file)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reconciler("ingress_controller.go", "IngressReconciler", "+opguard:for=networking.k8s.io/v1/Ingress", "+opguard:select-labels=tier in (web, api),!legacy", "+opguard:finalizer=example.com/cleanup")
	reconciler("certificate_controller.go", "CertificateReconciler", "+opguard:for=cert-manager.io/v1/Certificate", "+opguard:for-package=github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1", "+opguard:owns=core/v1/Secret", "+opguard:owns=core/v1/ConfigMap")
	reconciler("namespace_controller.go", "NamespaceReconciler", "+opguard:for=core/v1/Namespace", "+opguard:select-annotation=example.com/watch=yes")
	reconciler("typo_controller.go", "TypoReconciler", "+opguard:for=apps/v1/Deploymnt")
	reconciler("mine.go", "ServiceReconciler", "+opguard:for=core/v1/Service")
	minor := generator.KubernetesMinor(filepath.Join(goldenDir, "init-external"))
	steps, notes, err := controllerSteps(dir, "example.com", minor)
	if err != nil {
		t.Fatal(err)
	}
	want := []project.ControllerStep{
		{Group: "cert-manager", Version: "v1", Kind: "Certificate", ExternalAPIPath: "github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1", ExternalAPIDomain: "io", Owns: []string{"core/v1/Secret", "core/v1/ConfigMap"}},
		{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress", SelectLabels: "tier in (web, api),!legacy", Finalizer: "example.com/cleanup"},
		{Group: "core", Version: "v1", Kind: "Namespace", ClusterScoped: true, SelectAnnotation: "example.com/watch=yes"},
	}
	var got []project.ControllerStep
	for _, s := range steps {
		got = append(got, *s.Controller)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("steps\n%+v\nwant\n%+v", got, want)
	}
	all := strings.Join(notes, "\n")
	for _, n := range []string{
		"found 3 controller(s) of kinds the project does not define, from their markers: cert-manager.io/v1/Certificate (internal/controller/certificate_controller.go), networking.k8s.io/v1/Ingress (internal/controller/ingress_controller.go), core/v1/Namespace (internal/controller/namespace_controller.go)",
		"internal/controller/typo_controller.go: TypoReconciler's markers do not read back as an opgen create controller (apps/v1/Deploymnt: apps/v1 has no kind Deploymnt; did you mean apps/v1/Deployment?): not recorded",
		"internal/controller/mine.go: ServiceReconciler's markers do not read back as an opgen create controller (create controller writes the reconciler of Service in service_controller.go): not recorded; its files stay yours",
	} {
		if !strings.Contains(all, n) {
			t.Errorf("the notes do not say %q:\n%s", n, all)
		}
	}
}

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestOldOverlay finds the overlay a project was scaffolded with: the directory when it
// is unchanged, its git history (in a repository where the overlay is a folder) when
// it moved on, a revision or a directory given, and refuses what holds other templates.
func TestOldOverlay(t *testing.T) {
	repoDir := t.TempDir()
	dir := filepath.Join(repoDir, "platform", "templates")
	write := func(rel, content string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(templates.OverlayFile, "name: acme\nversion: 1\n")
	write("project/Makefile.tmpl", "all: v1\n")
	write("README.txt", "not a template\n")
	gitIn(t, repoDir, "init", "-q")
	gitIn(t, repoDir, "add", ".")
	gitIn(t, repoDir, "commit", "-qm", "v1")
	gitIn(t, repoDir, "tag", "acme-v1")
	v1, err := templates.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	o := v1.Overlay()
	want := &project.Overlay{Name: o.Name, Version: o.Version, Digest: o.Digest}

	got, _, cleanup, err := OldOverlay(want, "", dir)
	if err != nil || got != dir {
		t.Fatalf("unchanged: %q, %v", got, err)
	}
	cleanup()

	write(templates.OverlayFile, "name: acme\nversion: 2\n")
	write("project/Makefile.tmpl", "all: v2\n")
	write("project/new.tmpl", "new\n")
	gitIn(t, repoDir, "commit", "-qam", "v2")
	gitIn(t, repoDir, "add", ".")
	gitIn(t, repoDir, "commit", "-qm", "v2 file")

	check := func(what, given string) {
		t.Helper()
		got, note, cleanup, err := OldOverlay(want, given, dir)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		defer cleanup()
		s, err := templates.Load(got)
		if err != nil || s.Overlay().Digest != want.Digest || s.Overlay().Version != "1" {
			t.Fatalf("%s: %s holds %+v, %v (note %q)", what, got, s.Overlay(), err, note)
		}
		if given == "" && !strings.Contains(note, "acme 1") {
			t.Errorf("%s: note %q", what, note)
		}
	}
	check("from the history", "")
	check("a tag", "acme-v1")
	old := t.TempDir()
	gitIn(t, repoDir, "worktree", "add", "-q", filepath.Join(old, "wt"), "acme-v1")
	check("a directory", filepath.Join(old, "wt", "platform", "templates"))

	if _, _, _, err := OldOverlay(want, "HEAD", dir); err == nil || !strings.Contains(err.Error(), "is not what the project was scaffolded with, acme 1") {
		t.Errorf("a revision with other templates: %v", err)
	}
	if _, _, _, err := OldOverlay(want, dir, dir); err == nil || !strings.Contains(err.Error(), "are not those the project was scaffolded with") {
		t.Errorf("a directory with other templates: %v", err)
	}
	if _, _, _, err := OldOverlay(want, "no-such-rev", dir); err == nil || !strings.Contains(err.Error(), "neither a directory nor a revision") {
		t.Errorf("an unknown revision: %v", err)
	}
	// Outside git, a changed overlay cannot be found.
	loose := t.TempDir()
	copyDir(t, dir, loose)
	if _, _, _, err := OldOverlay(want, "", loose); err == nil || !strings.Contains(err.Error(), "--old-templates") {
		t.Errorf("outside git: %v", err)
	}
	if _, _, _, err := OldOverlay(nil, "x", dir); err == nil {
		t.Error("--old-templates for a project without an overlay")
	}
}
