package templates

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// TestTemplateSetsAreKept: the current templates are the version sets.sum records last,
// and every earlier version is kept whole, unchanged, in released/. A template changed
// without a new version fails here: projects scaffolded with the old one could no
// longer be rendered as they were.
func TestTemplateSetsAreKept(t *testing.T) {
	lines := sumLines()
	if len(lines) == 0 {
		t.Fatal("sets.sum records no version")
	}
	last := lines[len(lines)-1]
	if last.version != Version {
		t.Fatalf("sets.sum's last version is %d, templates.Version %d", last.version, Version)
	}
	for i, l := range lines {
		if i > 0 && l.version != lines[i-1].version+1 {
			t.Errorf("sets.sum: version %d follows %d", l.version, lines[i-1].version)
		}
		d, err := SetDigest(l.version)
		if err != nil {
			t.Errorf("version %d: %v", l.version, err)
			continue
		}
		if d != l.digest {
			if l.version == Version {
				t.Errorf("the scaffold templates changed since version %d was recorded (digest %s, recorded %s): run go run ./hack/templateset (docs/contributing.md)", Version, d, l.digest)
			} else {
				t.Errorf("released/v%d changed (digest %s, recorded %s): a released set is never edited", l.version, d, l.digest)
			}
		}
		if l.version == Version {
			continue
		}
		if _, err := LoadVersion(l.version, ""); err != nil {
			t.Errorf("version %d does not load: %v", l.version, err)
		}
	}
	entries, _ := fs.ReadDir(released, "released")
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		known := false
		for _, l := range lines[:len(lines)-1] {
			known = known || e.Name() == "v"+strconv.Itoa(l.version)
		}
		if !known {
			t.Errorf("released/%s is no version sets.sum records", e.Name())
		}
	}
	if _, err := LoadVersion(Version+1, ""); err == nil || !strings.Contains(err.Error(), "a newer opgen made it") {
		t.Errorf("an unknown newer version: %v", err)
	}
}

// TestRegisteredSet: a registered set loads by its version, with an overlay laid over,
// and names its files in errors by version.
func TestRegisteredSet(t *testing.T) {
	fsys := fstest.MapFS{
		"project/Makefile.tmpl": {Data: []byte("all:\n\t@echo {{ .ProjectName }}\n")},
		"project/broken.tmpl":   {Data: []byte("{{ .Missing }}")},
	}
	if err := Register(-7, fsys); err != nil {
		t.Fatal(err)
	}
	if err := Register(Version, fsys); err == nil {
		t.Fatal("a set registered over the current one")
	}
	s, err := LoadVersion(-7, "")
	if err != nil {
		t.Fatal(err)
	}
	if s.Version() != -7 || s.Overlay() != nil {
		t.Fatalf("version %d, overlay %v", s.Version(), s.Overlay())
	}
	out, err := s.Render("project/Makefile", map[string]any{"ProjectName": "op"})
	if err != nil || string(out) != "all:\n\t@echo op\n" {
		t.Fatalf("%q, %v", out, err)
	}
	if _, err := s.Render("project/broken", map[string]any{}); err == nil || !strings.Contains(err.Error(), "template set -7: project/broken.tmpl:1:") {
		t.Fatalf("error %v", err)
	}
}

// TestOverlayIdentity: an overlay's name and version come from opgen-overlay.yaml, its
// digest from its templates alone; a malformed file is refused with its name.
func TestOverlayIdentity(t *testing.T) {
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
	write("project/CODEOWNERS.tmpl", "* @platform\n")
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	o := s.Overlay()
	if o == nil || o.Name != "" || o.Version != "" || !strings.HasPrefix(o.Digest, "sha256:") {
		t.Fatalf("overlay without a version file: %+v", o)
	}
	write(OverlayFile, "name: acme-platform\nversion: 2\n")
	s2, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if o2 := s2.Overlay(); o2.Name != "acme-platform" || o2.Version != "2" || o2.Digest != o.Digest || o2.String() != "acme-platform 2" {
		t.Fatalf("overlay with a version file: %+v (digest before %s)", o2, o.Digest)
	}
	write("project/CODEOWNERS.tmpl", "* @platform @security\n")
	if s3, err := Load(dir); err != nil || s3.Overlay().Digest == o.Digest {
		t.Fatalf("a changed template kept the digest: %v", err)
	}
	write(OverlayFile, "name: acme\nverison: 2\n")
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), OverlayFile+`: unknown field "verison"`) {
		t.Fatalf("a misspelt field: %v", err)
	}
}

// TestMaterialize: a set written out and loaded again is the same set: the same
// templates, version and overlay, and nothing of the current built-in set leaks in.
func TestMaterialize(t *testing.T) {
	fsys := fstest.MapFS{"project/only.tmpl": {Data: []byte("only {{ .X }}\n")}}
	if err := Register(-8, fsys); err != nil {
		t.Fatal(err)
	}
	overlay := t.TempDir()
	if err := os.MkdirAll(filepath.Join(overlay, "project"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(overlay, "project", "extra.tmpl"), []byte("extra\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(overlay, OverlayFile), []byte("name: p\nversion: 1.2.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadVersion(-8, overlay)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := s.Materialize(dir); err != nil {
		t.Fatal(err)
	}
	again, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again.Version() != -8 || *again.Overlay() != *s.Overlay() {
		t.Fatalf("version %d overlay %+v, want -8 %+v", again.Version(), again.Overlay(), s.Overlay())
	}
	if got := strings.Join(again.Under("project"), ","); got != "extra,only" {
		t.Fatalf("templates %s, want extra,only (and none of the built-in set)", got)
	}
	if Digest(again.Files()) != Digest(s.Files()) {
		t.Fatal("the materialized set's templates differ")
	}
}
