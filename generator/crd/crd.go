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
	return []artifact.Claim{{Dir: ctx.CRDDir, Match: "*.yaml"}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	files, err := controllertools.Run(ctx, controllertools.CRDGenerator(), ctx.CRDDir, nil)
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
