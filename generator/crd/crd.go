package crd

import (
	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/generator/gen"
)

// Generator is the CRD generator.
type Generator struct{}

// Name implements gen.Generator.
func (Generator) Name() string { return "crd" }

// Claims implements gen.Generator: the CRD directory, whose manifests describe every
// kind of the module, so a removed kind's manifest goes.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.CRDDir, Match: "*.yaml"}}
}

// Generate implements gen.Generator.
func (Generator) Generate(ctx *gen.Context) ([]artifact.File, error) {
	return controllertools.Run(ctx, controllertools.CRDGenerator(), ctx.CRDDir, nil)
}
