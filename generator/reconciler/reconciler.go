package reconciler

import (
	"embed"
	"fmt"
	"go/token"
	"go/types"
	"path"
	"path/filepath"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/gotmpl"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/policy"
)

//go:embed reconciler.go.tmpl
var files embed.FS

var tmpl = gotmpl.MustParse(files, "reconciler.go.tmpl")

// Generator is the reconciler generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "reconciler" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.Pattern.ReconcilerFile()}}
}

// Check implements contract.Checker: the user's code must leave Reconcile and
// SetupWithManager to opgen and provide what the generated code calls.
func (Generator) Check(ctx *contract.Context) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, k := range ctx.API.Reconciled() {
		uc := scan(ctx, k)
		name := k.Names.Reconciler()
		clash := false
		for _, m := range []string{naming.Reconcile, naming.SetupWithManager} {
			if d, ok := uc.methods[m]; ok {
				clash = true
				diags.Errorf(ctx.Fset.Position(d.fn.Name.Pos()),
					"%s already has a %s method, and +opguard:reconciler on %s generates one. Either move your logic into %s and delete %s's Reconcile and SetupWithManager, or remove +opguard:reconciler from %s and call %s from your own Reconcile",
					name, m, k.Name, wanted(k, d.file, reconcileFunc), name, k.Name, k.Names.StatusWriter())
			}
		}
		if clash {
			continue // the way out above says what to add
		}
		if uc.typ == nil {
			// Generate scaffolds the user's file, unless a file of that name is in the way.
			if p := scaffoldPath(ctx, k); fileExists(ctx, p) {
				diags.Errorf(token.Position{Filename: filepath.Join(ctx.ModuleRoot, filepath.FromSlash(p))},
					"the package declares no %s, and opgen would scaffold it here, but this file exists: declare %s in it, or move it away", name, name)
			}
			continue
		}
		diags = append(diags, checkUserCode(ctx, k, uc)...)
	}
	return diags
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
	var files []artifact.File
	for _, k := range ctx.API.Reconciled() {
		src, err := tmpl.File(ctx.GoHeader(), "reconciler.go.tmpl", fill(ctx, k))
		if err != nil {
			return nil, fmt.Errorf("reconciler of %s: %w", k.Name, err)
		}
		files = append(files, artifact.File{Path: path.Join(ctx.Controller.Dir, k.Names.ReconcilerFile()), Content: src})
		if scan(ctx, k).typ == nil {
			sf, err := scaffold(ctx, k)
			if err != nil {
				return nil, err
			}
			files = append(files, sf)
		}
	}
	return files, nil
}

// reconciler is what reconciler.go.tmpl is filled with.
type reconciler struct {
	Package string
	Kind    *model.Kind
	// API is the alias of the kind's package; Owns the owned kinds' Go types.
	API  string
	Owns []goType
	// Conditions says the status has conditions: a Terminal error sets Ready=False.
	Conditions bool
	// Workers is the marker's maxConcurrentReconciles; WorkersOverride says it exceeds
	// opgen vet's threshold, and the generated line records why it is so.
	Workers         int
	WorkersOverride bool
	Imports         gotmpl.Imports
	// The names of the table and the runtime the file spells.
	Reconcile, SetupWithManager, RuntimeFile string
	R                                        symbols.Names
}

// goType is a Go type another package declares, by the file's alias of that package.
type goType struct{ Alias, Kind string }

func fill(ctx *contract.Context, k *model.Kind) reconciler {
	r := reconciler{
		Package: ctx.Controller.Name, Kind: k, Conditions: k.Status.ConditionsField() != nil,
		Reconcile: naming.Reconcile, SetupWithManager: naming.SetupWithManager, RuntimeFile: naming.RuntimeFile,
		R: symbols.Called,
	}
	r.API = r.Imports.Add(k.Package.Alias, k.Package.Path)
	for _, o := range k.Owns {
		if local := ctx.API.Lookup(o); local != nil {
			r.Owns = append(r.Owns, goType{r.Imports.Add(local.Package.Alias, local.Package.Path), local.Name})
			continue
		}
		p := kubeapi.Package(o.Group, o.Version)
		r.Owns = append(r.Owns, goType{r.Imports.Add(naming.KubeAlias(p), p), o.Kind})
	}
	// More workers than opgen vet's threshold: the marker asked for them, and opgen
	// generate warned.
	if n := k.Reconciler.MaxConcurrentReconciles; n > 0 {
		r.Workers, r.WorkersOverride = n, n > policy.MaxWorkers
	}
	return r
}

// scaffold writes the user's file for a kind once.
func scaffold(ctx *contract.Context, k *model.Kind) (artifact.File, error) {
	data := map[string]any{
		"Package":       ctx.Controller.Name,
		"APIImport":     k.Package.Path,
		"APIAlias":      k.Package.Alias,
		"Kind":          k.Name,
		"HasConditions": k.Status.ConditionsField() != nil,
		"Finalizer":     k.Finalizer,
		"Namespaced":    k.Namespaced,
		"Names":         k.Names,
		"Wiring":        naming.Wire,
		"Replicas":      replicasField(k),
	}
	// Each owned kind opgen knows sensible starting content for gets it in the scaffold;
	// any other gets a comment naming its Apply function.
	var owned []map[string]string
	managed, replicas := false, false
	for _, o := range ctx.API.Owned(k) {
		tmpl := ""
		if o.Local == nil {
			tmpl = starters[o.Group+"/"+o.Version+"/"+o.Kind]
		}
		managed = managed || tmpl != ""
		replicas = replicas || tmpl == "deployment" || tmpl == "configmap" && data["Replicas"] != ""
		owned = append(owned, map[string]string{"Kind": o.Kind, "Func": o.Func, "Template": tmpl})
	}
	data["Owned"], data["Managed"], data["NeedsReplicas"] = owned, managed, replicas
	src, err := ctx.Templates.Render("scaffold/controller.go", data)
	if err != nil {
		return artifact.File{}, err
	}
	return artifact.File{Path: scaffoldPath(ctx, k), Content: src, Owner: artifact.Scaffold}, nil
}

// starters are the owned kinds the scaffolded reconciler builds and applies.
var starters = map[string]string{
	"apps/v1/Deployment": "deployment",
	"/v1/ConfigMap":      "configmap",
	"/v1/Service":        "service",
	"/v1/Secret":         "secret",
}

// replicasField says how the kind's spec holds a replica count: "value" (int32),
// "pointer" (*int32), or "" when it has none.
func replicasField(k *model.Kind) string {
	st, ok := k.Named.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() != "Spec" {
			continue
		}
		spec, ok := st.Field(i).Type().Underlying().(*types.Struct)
		if !ok {
			return ""
		}
		for j := 0; j < spec.NumFields(); j++ {
			f := spec.Field(j)
			if f.Name() != "Replicas" {
				continue
			}
			t, how := f.Type(), "value"
			if p, ok := t.(*types.Pointer); ok {
				t, how = p.Elem(), "pointer"
			}
			if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Int32 {
				return how
			}
		}
	}
	return ""
}

// scaffoldPath is the user's file of a kind, as kubebuilder names it.
func scaffoldPath(ctx *contract.Context, k *model.Kind) string {
	return path.Join(ctx.Controller.Dir, k.Names.ControllerFile())
}

func fileExists(ctx *contract.Context, rel string) bool {
	_, exists := ctx.Existing(rel)
	return exists
}
