package statuswriter

import (
	"embed"
	"fmt"
	"path"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

//go:embed status.go.tmpl
var files embed.FS

var tmpl = gotmpl.MustParse(files, "status.go.tmpl")

// Generator is the status writer generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "statuswriter" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.Pattern.StatusFile()}}
}

// writer is what status.go.tmpl is filled with.
type writer struct {
	Package string
	Kind    *model.Kind
	// Conditions says the status has conditions, which the writer stamps and compares
	// as a set; Volatile names the status fields the comparison ignores.
	Conditions bool
	Volatile   []string
	R          symbols.Names
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, k := range ctx.API.StatusOwners() {
		w := writer{Package: ctx.Controller.Name, Kind: k, Conditions: k.Status.ConditionsField() != nil, R: symbols.Called}
		for _, f := range k.Status.Fields {
			if f.Volatile {
				w.Volatile = append(w.Volatile, f.Name)
			}
		}
		src, err := tmpl.File(ctx.GoHeader(), "status.go.tmpl", w)
		if err != nil {
			return nil, fmt.Errorf("status writer of %s: %w", k.Name, err)
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.StatusFile()), Content: src})
	}
	return files, nil
}
