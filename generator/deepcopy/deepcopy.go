package deepcopy

import (
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"
	"sigs.k8s.io/controller-tools/pkg/loader"

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
	for _, r := range roots(ctx) {
		if dir := ctx.PackageDir(r); dir != "" {
			out = append(out, artifact.Claim{Dir: dir, Match: naming.DeepCopyFile})
		}
	}
	return out
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if !ctx.Runs(contract.GenObject) {
		return nil, nil
	}
	return controllertools.Run(ctx, ctdeepcopy.Generator{}, "", roots(ctx))
}

// roots are the packages the patterns matched, and of those, when an adopted
// opgen.yaml gives the object generator its paths, the ones these match too.
func roots(ctx *contract.Context) []*loader.Package {
	if !ctx.Runs(contract.GenObject) {
		return nil
	}
	return ctx.RootsFor(contract.GenObject, ctx.ScopedRoots())
}
