package envtestsuite

import (
	"path"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
)

// externalTest is what external_test.go.tmpl is filled with.
type externalTest struct {
	Package string
	Kind    *model.Kind
	// API is the file's alias of the kind's package; Owns the owned kinds' Go types.
	API     string
	Owns    []goType
	Imports gotmpl.Imports
}

// goType is a Go type another package declares, by the file's alias of that package.
type goType struct{ Alias, Kind string }

// externalTests are, in a project, the test of each reconciler of a kind the project
// does not define (+opguard:for), over the sample of the kind in config/samples, and
// the helpers they share.
func externalTests(ctx *contract.Context) ([]artifact.File, error) {
	if len(ctx.API.External) == 0 {
		return nil, nil
	}
	conditions := false
	for _, k := range ctx.API.External {
		conditions = conditions || k.OwnCondition != ""
	}
	src, err := tmpl.File(ctx.GoHeader(), "external_helpers_test.go.tmpl", map[string]any{"Package": ctx.Controller.Name, "Conditions": conditions})
	if err != nil {
		return nil, err
	}
	files := []artifact.File{{Path: path.Join(ctx.Controller.Dir, naming.ExternalTestFile), Content: src}}
	for _, k := range ctx.API.External {
		e := externalTest{Package: ctx.Controller.Name, Kind: k}
		e.API = e.Imports.Add(k.Package.Alias, k.Package.Path)
		for _, o := range k.Owns {
			if local := ctx.API.Lookup(o); local != nil {
				e.Owns = append(e.Owns, goType{e.Imports.Add(local.Package.Alias, local.Package.Path), local.Name})
				continue
			}
			p := kubeapi.Package(o.Group, o.Version)
			e.Owns = append(e.Owns, goType{e.Imports.Add(naming.KubeAlias(p), p), o.Kind})
		}
		src, err := tmpl.File(ctx.GoHeader(), "external_test.go.tmpl", e)
		if err != nil {
			return nil, err
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.TestFile()), Content: src})
	}
	return files, nil
}
