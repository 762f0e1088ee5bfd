package crd

import (
	ctcrd "sigs.k8s.io/controller-tools/pkg/crd"

	"github.com/opgen-dev/opgen/generator/core"
)

// Generator is the CRD generator.
type Generator struct{}

// Name implements core.Generator.
func (Generator) Name() string { return "crd" }

// Generate implements core.Generator.
func (Generator) Generate(ctx *core.Context) ([]core.File, error) {
	yes := true
	return ctx.RunControllerTools(ctcrd.Generator{
		HeaderFile:      core.HeaderFileName,
		OmitToolVersion: &yes,
		// Unexported fields are never serialized; controller-gen's default rejects them.
		IgnoreUnexportedFields: &yes,
	}, ctx.CRDDir)
}
