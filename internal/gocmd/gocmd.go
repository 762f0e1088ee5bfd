package gocmd

import (
	"os"
	"os/exec"
	"strings"
)

// Env is the go command's environment: os.Environ with -mod=mod dropped from GOFLAGS.
func Env() []string { return env(false) }

// EnvResolving is Env with -mod=mod set: the go command may complete go.mod and go.sum.
// Only for a module opgen itself is creating (opgen init's), which nobody owns yet.
func EnvResolving() []string { return env(true) }

func env(modMod bool) []string {
	env := os.Environ()
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			var keep []string
			for _, f := range strings.Fields(v) {
				if f != "-mod=mod" {
					keep = append(keep, f)
				}
			}
			env[i] = "GOFLAGS=" + strings.Join(keep, " ")
		}
	}
	if modMod {
		env = append(env, "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	}
	return env
}

// Command is exec.Command("go", args...) run in dir with [Env].
func Command(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = Env()
	return cmd
}

// IsStd reports whether an import path is the standard library's, as the go command
// and goimports decide it: its first element has no dot. The generators group imports
// by it and the output's requirement check skips what needs no go.mod line.
func IsStd(importPath string) bool {
	first, _, _ := strings.Cut(importPath, "/")
	return !strings.Contains(first, ".")
}
