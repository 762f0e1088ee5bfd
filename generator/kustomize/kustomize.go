package kustomize

import (
	"fmt"
	"path"
	"sort"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
)

// Generator is the kustomization generator.
type Generator struct{}

// FileName is the kustomization's name, in the CRD directory's parent.
const FileName = "kustomization.yaml"

// Name implements contract.Generator.
func (Generator) Name() string { return "kustomize" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: path.Dir(ctx.CRDDir), Match: FileName}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	if ctx.Project == nil {
		return nil, nil
	}
	// controller-tools names a CRD manifest <group>_<plural>.yaml; the versions of a
	// kind share one.
	seen := map[string]bool{}
	var files []string
	for _, k := range ctx.API.Kinds() {
		if f := fmt.Sprintf("%s_%s.yaml", k.Package.Group, k.Plural); !seen[f] {
			seen[f] = true
			files = append(files, f)
		}
	}
	sort.Strings(files)
	// An empty list, not none: kustomize takes a kustomization with no resources.
	resources := []string{}
	for _, f := range files {
		resources = append(resources, "bases/"+f)
	}
	content, err := artifact.YAML{Comment: "The CRDs of every kind, listed by opgen generate."}.Marshal(kustomization{Resources: resources})
	if err != nil {
		return nil, err
	}
	return []artifact.File{{Path: path.Join(path.Dir(ctx.CRDDir), FileName), Content: content}}, nil
}

// kustomization is the CRD directory's parent's kustomization: the CRD manifests.
type kustomization struct {
	Resources []string `json:"resources"`
}
