package deepcopy

import (
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/naming"
)

// Generator is the deepcopy generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "deepcopy" }

// Claims implements contract.Generator: the deepcopy file of every package the patterns
// matched, so that a package whose last kind is gone loses it too.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	var out []artifact.Claim
	for _, r := range ctx.ScopedRoots() {
		if dir := ctx.PackageDir(r); dir != "" {
			out = append(out, artifact.Claim{Dir: dir, Match: naming.DeepCopyFile})
		}
	}
	return out
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	return controllertools.Run(ctx, ctdeepcopy.Generator{}, "", ctx.ScopedRoots())
}
