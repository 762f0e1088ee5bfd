package guards

import (
	_ "embed"
	"fmt"
	"path"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/gen"
)

//go:embed source/guards.go
var source string

// FileName is the helper file's name in the controller package.
const FileName = "zz_generated.opguard.go"

// Generator writes the shared runtime.
type Generator struct{}

// Name implements gen.Generator.
func (Generator) Name() string { return "guards" }

// Claims implements gen.Generator.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: FileName}}
}

// Generate implements gen.Generator.
func (Generator) Generate(ctx *gen.Context) ([]artifact.File, error) {
	// The operator's main uses ClientLimits whether or not a kind has a reconciler.
	if len(ctx.API.StatusOwners()) == 0 && !ctx.Wired {
		return nil, nil
	}
	const clause = "package guards\n"
	i := strings.Index(source, clause)
	if i < 0 {
		return nil, fmt.Errorf("guards source has no %q clause", clause)
	}
	src := artifact.Header + "\n\n" + "package " + ctx.Controller.Name + "\n" + source[i+len(clause):]
	return []artifact.File{{Path: path.Join(ctx.Controller.Dir, FileName), Content: []byte(src)}}, nil
}
