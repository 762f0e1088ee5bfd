package apf

import (
	"fmt"
	"path"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/manifests"
)

// FileName is the manifest's name in Options.APFDir.
const FileName = "apf.yaml"

// Generator is the APF manifest generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "apf" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.APFDir, Match: FileName}}
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	// The operator runs as its ServiceAccount whenever it has a main, reconcilers or not.
	if !ctx.Wired {
		return nil, nil
	}
	name := ctx.ProjectName
	level, schemas := manifests.APF(name, name+"-controller-manager", name+"-system")
	docs := []any{level}
	for _, s := range schemas {
		docs = append(docs, s)
	}
	content, err := artifact.YAML{Stream: true}.Marshal(docs...)
	if err != nil {
		return nil, fmt.Errorf("apf: %w", err)
	}
	return []artifact.File{{Path: path.Join(ctx.APFDir, FileName), Content: content}}, nil
}
