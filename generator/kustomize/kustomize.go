package kustomize

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/gen"
)

// Generator is the kustomization generator.
type Generator struct{}

// FileName is the kustomization's name, in the CRD directory's parent.
const FileName = "kustomization.yaml"

// Name implements gen.Generator.
func (Generator) Name() string { return "kustomize" }

// Claims implements gen.Generator.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: path.Dir(ctx.CRDDir), Match: FileName}}
}

// Generate implements gen.Generator.
func (Generator) Generate(ctx *gen.Context) ([]artifact.File, error) {
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
