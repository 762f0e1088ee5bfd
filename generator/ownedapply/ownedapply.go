package ownedapply

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

//go:embed owned.go.tmpl
var files embed.FS

var tmpl = gotmpl.MustParse(files, "owned.go.tmpl")

// Generator is the owned-object apply generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "ownedapply" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.Pattern.OwnedFile()}}
}

// applies is what owned.go.tmpl is filled with: the gated applies of one owner.
type applies struct {
	Package string
	Kind    *model.Kind
	// APIVersion is the owner's, for its owner references; API the alias of its package.
	APIVersion, API string
	// Owned are the owned kinds, their aliases the file's.
	Owned []model.OwnedKind
	// Imports are the owner's package and each owned kind's, and their apply
	// configurations'.
	Imports gotmpl.Imports
	R       symbols.Names
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, k := range ctx.API.Reconciled() {
		owned := ctx.API.Owned(k)
		if len(owned) == 0 {
			continue
		}
		a := applies{Package: ctx.Controller.Name, Kind: k, APIVersion: k.Package.Version, Owned: owned, R: symbols.Called}
		if k.Package.Group != "" {
			a.APIVersion = k.Package.Group + "/" + k.Package.Version
		}
		a.API = a.Imports.Add(k.Package.Alias, k.Package.Path)
		for i, o := range owned {
			owned[i].PackageAlias = a.Imports.Add(o.PackageAlias, o.Package)
			owned[i].ACAlias = a.Imports.Add(o.ACAlias, o.ACPackage)
		}
		src, err := tmpl.File(ctx.GoHeader(), "owned.go.tmpl", a)
		if err != nil {
			return nil, fmt.Errorf("owned-object applies of %s: %w", k.Name, err)
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.OwnedFile()), Content: src})
	}
	return files, nil
}
