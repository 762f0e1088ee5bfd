package gocmd

import (
	"slices"
	"testing"
)

func TestEnvDropsModMod(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod -trimpath")
	env := Env()
	if !slices.Contains(env, "GOFLAGS=-trimpath") {
		t.Fatalf("GOFLAGS not rewritten: %q", env)
	}
}
