package vet

import (
	"os"
	"path/filepath"
	"testing"
)

// TestNeverBuilt: a file whose build constraint needs the tag ignore is in no build,
// whatever the other tags; any other constraint, or none, some build may take.
func TestNeverBuilt(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		header string
		want   bool
	}{
		{"//go:build ignore\n", true},
		{"// Copyright.\n\n//go:build ignore\n// +build ignore\n", true},
		{"//go:build ignore && linux\n", true},
		{"//go:build ignore && !ignore\n", true},
		{"//go:build (ignore || tools) && !tools\n", true},
		{"//go:build !ignore\n", false},
		{"//go:build ignore || tools\n", false},
		{"//go:build tools\n", false},
		{"//go:build linux && arm64\n", false},
		{"", false},
		{"// a comment, no constraint\n", false},
		{"//go:build ignore &&\n", false}, // does not parse: judged buildable
	} {
		name := filepath.Join(dir, "f"+string(rune('a'+i))+".go")
		if err := os.WriteFile(name, []byte(c.header+"\npackage p\n\n//go:build ignore\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := neverBuilt(name); got != c.want {
			t.Errorf("%q: neverBuilt = %v, want %v", c.header, got, c.want)
		}
	}
	if neverBuilt(filepath.Join(dir, "missing.go")) {
		t.Error("a file that cannot be read: neverBuilt = true, want false")
	}
}
