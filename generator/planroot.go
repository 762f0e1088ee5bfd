package generator

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
)

// PlanRoot roots a run's plan: at the module root, with the run's paths as they are,
// unless a file or claim leaves the module (a manifest directory elsewhere in the
// repository, which settings allow), then at the repository root, every path made
// relative to it; module is the module's directory relative to the plan's root.
func PlanRoot(moduleRoot string, files []artifact.File, claims []artifact.Claim) (root, module string, _ []artifact.File, _ []artifact.Claim) {
	leaves := func(p string) bool { p = path.Clean(p); return p == ".." || strings.HasPrefix(p, "../") }
	out := false
	for _, f := range files {
		out = out || leaves(f.Path)
	}
	for _, c := range claims {
		out = out || leaves(c.Dir)
	}
	repo := RepositoryRoot(moduleRoot)
	if !out || repo == moduleRoot {
		return moduleRoot, "", files, claims
	}
	rel, err := filepath.Rel(repo, moduleRoot)
	if err != nil {
		return moduleRoot, "", files, claims
	}
	module = filepath.ToSlash(rel)
	rebased := make([]artifact.File, len(files))
	for i, f := range files {
		f.Path = path.Join(module, f.Path)
		rebased[i] = f
	}
	rebasedClaims := make([]artifact.Claim, len(claims))
	for i, c := range claims {
		c.Dir = path.Join(module, c.Dir)
		rebasedClaims[i] = c
	}
	return repo, module, rebased, rebasedClaims
}
