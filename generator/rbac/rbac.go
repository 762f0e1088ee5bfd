package rbac

import (
	"path"

	rbacv1 "k8s.io/api/rbac/v1"
	ctrbac "sigs.k8s.io/controller-tools/pkg/rbac"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/generator/manifests"
)

// Generator is the RBAC generator.
type Generator struct{}

// FileName is the manifest's name in Options.RBACDir, as controller-gen names it.
const FileName = "role.yaml"

// Name implements contract.Generator.
func (Generator) Name() string { return "rbac" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	if !ctx.Runs(contract.GenRBAC) {
		return nil
	}
	return []artifact.Claim{{Dir: ctx.RBACDir, Match: ctx.Adopted.RoleFile()}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if !ctx.Runs(contract.GenRBAC) {
		return nil, nil
	}
	roots, err := manifests.RBACRoots(ctx)
	if err != nil {
		return nil, err
	}
	files, err := controllertools.Run(ctx, ctrbac.Generator{RoleName: ctx.RoleName, HeaderFile: controllertools.HeaderFileName, FileName: ctx.Adopted.RBACFile}, ctx.RBACDir, roots)
	if err == nil && len(files) == 0 && (ctx.Project != nil || ctx.RoleOwner == artifact.Opgen) {
		// A kustomization lists role.yaml whether or not a rule is left: an opgen
		// project's from the start, any other once opgen generated it.
		content, err := artifact.YAML{Stream: true}.Marshal(clusterRole{
			APIVersion: rbacv1.SchemeGroupVersion.String(), Kind: "ClusterRole",
			Metadata: roleMeta{Name: ctx.RoleName}, Rules: []rbacv1.PolicyRule{},
		})
		if err != nil {
			return nil, err
		}
		files = []artifact.File{{Path: path.Join(ctx.RBACDir, ctx.Adopted.RoleFile()), Content: content}}
	}
	return files, err
}

// clusterRole is the role with no rule, in controller-gen's layout (which the next
// controller-gen run, and artifact.RoleName, recognise): rbacv1.ClusterRole would write
// a creationTimestamp, its apply configuration no empty rules.
type clusterRole struct {
	APIVersion string              `json:"apiVersion"`
	Kind       string              `json:"kind"`
	Metadata   roleMeta            `json:"metadata"`
	Rules      []rbacv1.PolicyRule `json:"rules"`
}

type roleMeta struct {
	Name string `json:"name"`
}
