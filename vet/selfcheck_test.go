package vet_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/opgen-dev/opgen/vet"
)

// goldenDir is opgen's own output: the golden module and the modules nested in it
// (the init-* cases are whole projects with their own go.mod).
const goldenDir = "../golden"

// knownFinding is a finding the self-check expects in opgen's output, with why.
type knownFinding struct {
	file, analyzer, why string
	line                int
}

// expectedInGolden lists the only findings allowed in golden/: none. (golden/warnings
// asks for maxConcurrentReconciles=20; opgen generate warns, and writes the setting with
// an //opguard:ignore workers directive that gives the marker as the reason.)
var expectedInGolden []knownFinding

// TestSelfCheck runs every analyzer over every Go package in golden/: opgen's
// generated status writers, reconcilers, wiring and scaffolds must not contain the
// anti-patterns opgen vet reports in hand-written operators.
func TestSelfCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every golden module")
	}
	root, err := filepath.Abs(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	var modules []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "go.mod" {
			modules = append(modules, filepath.Dir(path))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(modules) < 2 {
		t.Fatalf("found %d modules in %s, want the golden module and the init-* projects", len(modules), root)
	}
	type got struct {
		file, analyzer string
		line           int
	}
	var all []got
	for _, m := range modules {
		findings, err := vet.Check(context.Background(), vet.Config{Dir: m})
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		for _, f := range findings {
			rel, _ := filepath.Rel(root, f.Pos.Filename)
			all = append(all, got{filepath.ToSlash(rel), f.Analyzer, f.Pos.Line})
			t.Logf("%s:%d: %s (%s)", rel, f.Pos.Line, f.Message, f.Analyzer)
		}
	}
	var want []got
	for _, k := range expectedInGolden {
		want = append(want, got{k.file, k.analyzer, k.line})
	}
	if diff := cmp.Diff(want, all, cmp.AllowUnexported(got{})); diff != "" {
		t.Errorf("findings in opgen's generated code (-want +got):\n%s", diff)
	}
}
