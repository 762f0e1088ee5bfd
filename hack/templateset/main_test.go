package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opgen-dev/opgen/templates"
)

func digestOf(files map[string][]byte) string { return templates.Digest(files) }

// TestVersioning runs the tool in a real git repository laid out as opgen's: a change
// to a committed set freezes it and makes a new version; a second change before the
// commit stays that version; -check fails until the tool has run.
func TestVersioning(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) { writeIn(t, root, rel, content) }
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	gitRun := func(args ...string) { gitIn(t, root, args...) }
	write("templates/project/Makefile.tmpl", "all:\n")
	write("templates/sets.go", "package templates\n\nconst Version = 1\n")
	files, err := workTreeSet(root)
	if err != nil {
		t.Fatal(err)
	}
	v1 := digestOf(files)
	write("templates/sets.sum", "# sums\n1 "+v1+"\n")
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-qm", "v1")

	if msg, err := run(root, true); err != nil || !strings.Contains(msg, "version 1, as recorded") {
		t.Fatalf("check of a recorded set: %q, %v", msg, err)
	}
	write("templates/project/Makefile.tmpl", "all: build\n")
	if _, err := run(root, true); err == nil {
		t.Fatal("-check passed with a changed set")
	}
	msg, err := run(root, false)
	if err != nil || !strings.Contains(msg, "froze version 1") {
		t.Fatalf("%q, %v", msg, err)
	}
	if got := read("templates/released/v1/project/Makefile.tmpl"); got != "all:\n" {
		t.Fatalf("released/v1 holds %q, want HEAD's template", got)
	}
	if !strings.Contains(read("templates/sets.go"), "const Version = 2\n") {
		t.Fatal("Version was not bumped")
	}
	sums := read("templates/sets.sum")
	files, _ = workTreeSet(root)
	v2 := digestOf(files)
	if !strings.HasSuffix(sums, "1 "+v1+"\n2 "+v2+"\n") {
		t.Fatalf("sets.sum:\n%s", sums)
	}
	// Another edit before the commit is still version 2.
	write("templates/project/Makefile.tmpl", "all: build test\n")
	if msg, err := run(root, false); err != nil || !strings.Contains(msg, "version 2 is not committed yet") {
		t.Fatalf("%q, %v", msg, err)
	}
	files, _ = workTreeSet(root)
	if sums := read("templates/sets.sum"); !strings.HasSuffix(sums, "1 "+v1+"\n2 "+digestOf(files)+"\n") {
		t.Fatalf("sets.sum:\n%s", sums)
	}
	if _, err := os.Stat(filepath.Join(root, "templates/released/v2")); err == nil {
		t.Fatal("an uncommitted version was frozen")
	}
	if _, err := run(root, true); err != nil {
		t.Fatalf("-check after the tool ran: %v", err)
	}
}

// TestVersioningAfterMerges: branches that changed the templates were committed (merged)
// without running the tool, so HEAD already holds the next set: version N is frozen
// from the newest commit whose set has N's digest, and the work tree becomes N+1.
func TestVersioningAfterMerges(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) { writeIn(t, root, rel, content) }
	gitRun := func(args ...string) { gitIn(t, root, args...) }
	write("templates/project/Makefile.tmpl", "all:\n")
	write("templates/chart/values.yaml.tmpl", "a: 1\n")
	write("templates/sets.go", "package templates\n\nconst Version = 1\n")
	files, err := workTreeSet(root)
	if err != nil {
		t.Fatal(err)
	}
	write("templates/sets.sum", "# sums\n1 "+digestOf(files)+"\n")
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-qm", "v1")
	write("templates/project/Makefile.tmpl", "all: build\n")
	gitRun("commit", "-qam", "one branch's change")
	write("templates/chart/values.yaml.tmpl", "a: 2\n")
	gitRun("commit", "-qam", "another's")

	msg, err := run(root, false)
	if err != nil || !strings.Contains(msg, "froze version 1") {
		t.Fatalf("%q, %v", msg, err)
	}
	b, err := os.ReadFile(filepath.Join(root, "templates/released/v1/project/Makefile.tmpl"))
	if err != nil || string(b) != "all:\n" {
		t.Fatalf("released/v1's Makefile %q, %v; want version 1's", b, err)
	}
	if _, err := run(root, true); err != nil {
		t.Fatalf("-check after the tool ran: %v", err)
	}
}

// writeIn writes content to rel under root, making its directories.
func writeIn(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gitIn runs git in root as a fixed author.
func gitIn(t *testing.T, root string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}
