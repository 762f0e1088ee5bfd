// Package crd generates the CustomResourceDefinition manifests of every kind through
// controller-tools' CRD generator, into Options.CRDDir (default config/crd/bases),
// one file per group and plural as controller-gen names them. Unexported fields, which
// never reach the API server, are skipped rather than rejected. The files start with
// opgen's YAML header and carry no tool version annotation; a manifest controller-gen
// wrote before is replaced.
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
