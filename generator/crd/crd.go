package crd

import (
	"fmt"
	"path"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/controllertools"
	"github.com/opgen-dev/opgen/naming"
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
	claims := []artifact.Claim{{Dir: ctx.CRDDir, Match: "*.yaml"}}
	if ctx.Project != nil {
		claims = append(claims, artifact.Claim{Dir: naming.TestCRDDir, Match: "*.yaml"})
	}
	return claims
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
	tf, err := testCRDs(ctx)
	if err != nil {
		return nil, err
	}
	files = append(files, tf...)
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

// testCRDs are, in a project, the CRDs of the kinds of other modules the project
// reconciles (+opguard:for-package), derived from the Go types the operator is compiled
// against, for the project's tests only (naming.TestCRDDir): the envtest suites install
// them, and no manifest does, since installing another project's CRD in a cluster is
// that project's business.
func testCRDs(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, k := range ctx.API.External {
		if k.Package == nil || k.Package.Loaded == nil {
			continue // a kind of k8s.io/api: every API server serves it
		}
		f, err := controllertools.CRDOf(ctx, k.Package.Loaded, schema.GroupKind{Group: k.Package.Group, Kind: k.Name}, naming.TestCRDDir)
		if err != nil {
			return nil, fmt.Errorf("the CRD of %s for the tests: %w", k.Name, err)
		}
		files = append(files, f)
	}
	return files, nil
}
