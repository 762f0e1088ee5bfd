package crd

import (
	"path"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
)

// Generator is the CRD generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "crd" }

// Claims implements contract.Generator: the CRD directory, whose manifests describe every
// kind of the module, so a removed kind's manifest goes.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	if !ctx.Runs(contract.GenCRD) {
		return nil
	}
	if ctx.Adopted.On {
		// An adopted repository may run controller-gen from two modules into one CRD
		// directory: each claims the manifests of its own groups only.
		var out []artifact.Claim
		seen := map[string]bool{}
		for _, p := range ctx.API.Packages {
			if p.Group == "" || seen[p.Group] || !contract.MatchesAny(ctx.Adopted.CRD, p.Path) {
				continue
			}
			seen[p.Group] = true
			out = append(out, artifact.Claim{Dir: ctx.CRDDir, Match: p.Group + "_*.yaml"})
		}
		return out
	}
	return []artifact.Claim{{Dir: ctx.CRDDir, Match: "*.yaml"}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if !ctx.Runs(contract.GenCRD) {
		return nil, nil
	}
	files, err := controllertools.Run(ctx, controllertools.CRDGenerator(ctx.Options), ctx.CRDDir, ctx.RootsFor(contract.GenCRD, ctx.Roots))
	if err != nil {
		return nil, err
	}
	// In an opgen project a kind with a conversion hub is served through the conversion
	// webhook, and its CRD says so. (A kubebuilder project says it with a kustomize patch
	// of its own, config/crd/patches/webhook_in_<plural>.yaml, which stays its way.)
	if ctx.Project == nil {
		return files, nil
	}
	for _, c := range ctx.API.Conversions() {
		name := path.Join(ctx.CRDDir, c.Hub.Package.Group+"_"+c.Hub.Plural+".yaml")
		for i, f := range files {
			if f.Path != name {
				continue
			}
			files[i], err = controllertools.EditCRD(f, func(crd *apiextensionsv1.CustomResourceDefinition) {
				crd.Spec.Conversion = controllertools.WebhookConversion()
			})
			if err != nil {
				return nil, err
			}
		}
	}
	return files, nil
}
