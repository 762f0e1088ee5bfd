package guards

import (
	_ "embed"
	"fmt"
	"path"
	"strings"

	"github.com/opgen-dev/opgen/generator/core"
)

//go:embed source/guards.go
var source string

// FileName is the helper file's name in the controller package.
const FileName = "zz_generated.opguard.go"

// Generator writes the shared runtime.
type Generator struct{}

// Name implements core.Generator.
func (Generator) Name() string { return "guards" }

// Generate implements core.Generator.
func (Generator) Generate(ctx *core.Context) ([]core.File, error) {
	// An opgen project's main uses ClientLimits from the start.
	if !anyStatusOwner(ctx) && ctx.Project == nil {
		return nil, nil
	}
	const clause = "package guards\n"
	i := strings.Index(source, clause)
	if i < 0 {
		return nil, fmt.Errorf("guards source has no %q clause", clause)
	}
	src := core.Header + "\n\n" + "package " + ctx.Controller.Name + "\n" + source[i+len(clause):]
	return []core.File{{Path: path.Join(ctx.Controller.Dir, FileName), Content: []byte(src)}}, nil
}

func anyStatusOwner(ctx *core.Context) bool {
	for _, k := range ctx.API.Kinds() {
		if k.StatusOwner != "" {
			return true
		}
	}
	return false
}
