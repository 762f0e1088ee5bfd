package deepcopy

import (
	ctdeepcopy "sigs.k8s.io/controller-tools/pkg/deepcopy"

	"github.com/opgen-dev/opgen/generator/core"
)

// Generator is the deepcopy generator.
type Generator struct{}

// Name implements core.Generator.
func (Generator) Name() string { return "deepcopy" }

// Generate implements core.Generator.
func (Generator) Generate(ctx *core.Context) ([]core.File, error) {
	return ctx.RunControllerTools(ctdeepcopy.Generator{}, "")
}
