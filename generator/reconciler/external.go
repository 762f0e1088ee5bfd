package reconciler

import (
	"fmt"
	"path"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/policy"
)

var externalTmpl = gotmpl.MustParse(files, "external.go.tmpl")

// external is what external.go.tmpl is filled with: the reconciler of a kind the
// project does not define.
type external struct {
	reconciler
	// FieldManager is what the reconciler applies as: the project's name.
	FieldManager string
	// Selects says +opguard:select-labels or select-annotation opts objects in.
	Selects bool
	// ConditionsField is the Go name of the status's conditions, with +opguard:own-condition.
	ConditionsField string
}

// checkExternal checks the user's reconciler type of each kind the project does not
// define: the type is there (its +opguard:for marker is on it), and what the generated
// code calls fits.
func checkExternal(ctx *contract.Context) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, k := range ctx.API.External {
		uc := scan(ctx, k)
		clash := false
		for _, m := range []string{naming.Reconcile, naming.SetupWithManager} {
			if d, ok := uc.methods[m]; ok {
				clash = true
				diags.Errorf(ctx.Fset.Position(d.fn.Name.Pos()),
					"%s already has a %s method, and +opguard:for on it generates one. Either move your logic into %s and delete %s's Reconcile and SetupWithManager, or remove +opguard:for",
					k.Names.Reconciler(), m, wanted(k, d.file, reconcileFunc), k.Names.Reconciler())
			}
		}
		if !clash && uc.typ != nil {
			diags = append(diags, checkUserCode(ctx, k, uc)...)
		}
	}
	return diags
}

// generateExternal writes the guarded Reconcile and SetupWithManager of each kind the
// project does not define, in the same file a kind of the project's gets.
func generateExternal(ctx *contract.Context) ([]artifact.File, error) {
	var out []artifact.File
	for _, k := range ctx.API.External {
		e := external{
			reconciler: reconciler{
				Package: ctx.Controller.Name, Kind: k,
				Reconcile: naming.Reconcile, SetupWithManager: naming.SetupWithManager, RuntimeFile: naming.RuntimeFile,
				R: symbols.Called,
			},
			FieldManager: ctx.ProjectName,
			Selects:      k.SelectLabels != "" || k.SelectAnnotation != nil,
		}
		e.API = e.Imports.Add(k.Package.Alias, k.Package.Path)
		if k.OwnCondition != "" {
			e.ConditionsField = k.Status.ConditionsField().Name
		}
		for _, o := range k.Owns {
			if local := ctx.API.Lookup(o); local != nil {
				e.Owns = append(e.Owns, goType{e.Imports.Add(local.Package.Alias, local.Package.Path), local.Name})
				continue
			}
			p := kubeapi.Package(o.Group, o.Version)
			e.Owns = append(e.Owns, goType{e.Imports.Add(naming.KubeAlias(p), p), o.Kind})
		}
		if n := k.Reconciler.MaxConcurrentReconciles; n > 0 {
			e.Workers, e.WorkersOverride = n, n > policy.MaxWorkers
		}
		src, err := externalTmpl.File(ctx.GoHeader(), "external.go.tmpl", e)
		if err != nil {
			return nil, fmt.Errorf("reconciler of %s: %w", k.Name, err)
		}
		out = append(out, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.ReconcilerFile()), Content: src})
	}
	return out, nil
}
