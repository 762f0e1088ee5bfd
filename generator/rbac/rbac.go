package rbac

import (
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"

	"github.com/opgen-dev/opgen/generator/core"
)

// Generator is the RBAC generator.
type Generator struct{}

// Name implements core.Generator.
func (Generator) Name() string { return "rbac" }

// Generate implements core.Generator.
func (Generator) Generate(ctx *core.Context) ([]core.File, error) {
	return ctx.RunControllerTools(ctrbac.Generator{RoleName: "manager-role", HeaderFile: core.HeaderFileName}, ctx.RBACDir)
}
