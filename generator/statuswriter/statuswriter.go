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

// Claims implements contract.Generator: status writers in the controller package, in
// every package a writer goes to, and wherever one was generated before (the package
// that wrote the kind's status may have stopped).
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	var out []artifact.Claim
	for _, dir := range ctx.GeneratedDirs(naming.Pattern.StatusFile(), writerDirs(ctx)...) {
		out = append(out, artifact.Claim{Dir: dir, Match: naming.Pattern.StatusFile()})
	}
	return out
}

// writerDirs are the controller package's directory and every package's a writer goes to.
func writerDirs(ctx *contract.Context) []string {
	dirs := []string{ctx.Controller.Dir}
	for _, k := range ctx.API.StatusOwners() {
		for _, p := range ctx.WriterPackages(k) {
			dirs = append(dirs, p.Dir)
		}
	}
	return dirs
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
		for _, p := range ctx.WriterPackages(k) {
			w := writer{Package: p.Name, Kind: k, Conditions: k.Status.ConditionsField() != nil, R: symbols.Called}
			for _, f := range k.Status.Fields {
				if f.Volatile {
					w.Volatile = append(w.Volatile, f.Name)
				}
			}
			src, err := tmpl.File(ctx.GoHeader(), "status.go.tmpl", w)
			if err != nil {
				return nil, fmt.Errorf("status writer of %s: %w", k.Name, err)
			}
			files = append(files, artifact.File{Path: path.Join(p.Dir, k.Names.StatusFile()), Content: src})
		}
	}
	return files, nil
}
