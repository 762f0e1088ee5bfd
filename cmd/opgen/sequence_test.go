package main

import (
	"path/filepath"
	"testing"

	"github.com/opgen-dev/opgen/internal/sequence"
)

// TestSequences plays a few randomized command sequences with fixed seeds (the short
// form of bench/sequences) on copies of golden projects: after each step the command
// succeeded, the project is fresh, and its scaffold record accounts for every file of
// the user's that opgen wrote (opgen upgrade --check is 0, and the record renders
// them); or it refused and changed nothing; the project builds and vets at the end.
func TestSequences(t *testing.T) {
	if testing.Short() {
		t.Skip("runs opgen many times and builds projects")
	}
	for _, c := range []struct {
		project string
		seed    uint64
	}{{"init-memcached", 1}, {"init-webhook", 2}} {
		t.Run(c.project, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "p")
			copyTree(t, filepath.Join(goldenDir, c.project), dir)
			run := func(dir string, env []string, args ...string) (int, string, string) {
				if len(env) > 0 {
					return opgenProcess(t, dir, env, args...)
				}
				return runOpgen(t, append([]string{"-C", dir}, args...)...)
			}
			f, err := sequence.Run(c.seed, dir, run, sequence.Options{Steps: 8, Record: true, Log: t.Logf})
			if err != nil {
				t.Fatal(err)
			}
			if f != nil {
				t.Fatalf("%v\nplay it again: go run ./bench/sequences -project %s -seed %d -n 1 -steps 8 -record", f, c.project, f.Seed)
			}
		})
	}
}
