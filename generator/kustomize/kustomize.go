package kustomize

import (
	"fmt"
	"path"
	"sort"
	"strings"

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
	var b strings.Builder
	b.WriteString(artifact.YAMLHeader + "\n")
	b.WriteString("# The CRDs of every kind, listed by opgen generate.\n")
	if len(files) == 0 {
		b.WriteString("resources: []\n")
	} else {
		b.WriteString("resources:\n")
		for _, f := range files {
			b.WriteString("- bases/" + f + "\n")
		}
	}
	return []artifact.File{{Path: path.Join(path.Dir(ctx.CRDDir), FileName), Content: []byte(b.String())}}, nil
}
