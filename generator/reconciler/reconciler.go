package reconciler

import (
	"fmt"
	"go/token"
	"go/types"
	"path"
	"path/filepath"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/model"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/policy"
)

const (
	ctrl           = "sigs.k8s.io/controller-runtime"
	client         = "sigs.k8s.io/controller-runtime/pkg/client"
	builder        = "sigs.k8s.io/controller-runtime/pkg/builder"
	controller     = "sigs.k8s.io/controller-runtime/pkg/controller"
	controllerutil = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	meta           = "k8s.io/apimachinery/pkg/api/meta"
	metav1         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	schema         = "k8s.io/apimachinery/pkg/runtime/schema"
)

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
		f := ctx.NewControllerFile()
		for _, o := range k.Owns {
			if ctx.API.Lookup(o) == nil {
				p := kubeapi.Package(o.Group, o.Version)
				f.ImportAlias(p, naming.KubeAlias(p))
			}
		}
		reconcile(f, k)
		setup(f, ctx.API, k)
		src, err := contract.Render(f, "reconciler of "+k.Name)
		if err != nil {
			return nil, err
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

func reconcile(f *jen.File, k *model.Kind) {
	api, kind := k.Package.Path, k.Name
	recv := jen.Id("r").Op("*").Id(k.Names.Reconciler())
	fin, gvk := k.Names.FinalizerConst(), k.Names.GVKVar()
	fm := k.Names.FieldManager()
	done := jen.Return(jen.Qual(ctrl, "Result").Values(), jen.Nil())

	if k.Finalizer != "" {
		f.Comment(fmt.Sprintf("%s is the finalizer the reconciler keeps on %s objects (+opguard:finalizer).", fin, kind))
		f.Const().Id(fin).Op("=").Lit(k.Finalizer)
		f.Line()
		f.Var().Id(gvk).Op("=").Qual(schema, "GroupVersionKind").Add(contract.Literal(
			contract.Field{Name: "Group", Value: jen.Lit(k.Package.Group)},
			contract.Field{Name: "Version", Value: jen.Lit(k.Package.Version)},
			contract.Field{Name: "Kind", Value: jen.Lit(kind)},
		))
		f.Line()
	}

	/* target shape:
	func (r *FooReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
		obj := &v1.Foo{}
		if err := r.Get(ctx, req.NamespacedName, obj); err != nil { return ctrl.Result{}, client.IgnoreNotFound(err) }
		if !obj.DeletionTimestamp.IsZero() { …finalizer… }
		desired, outcome, err := r.ReconcileFoo(ctx, obj)
		if reason, terminal := terminalReason(err); terminal { meta.SetStatusCondition(&desired.Conditions, …) }
		if _, werr := ApplyFooStatus(ctx, r.Client, obj, desired); werr != nil && err == nil { return ctrl.Result{}, client.IgnoreNotFound(werr) }
		return reconcileResult(outcome, err)
	}
	*/
	body := []jen.Code{
		jen.Id("obj").Op(":=").Op("&").Qual(api, kind).Values(),
		jen.If(jen.Err().Op(":=").Id("r").Dot("Get").Call(jen.Id("ctx"), jen.Id("req").Dot("NamespacedName"), jen.Id("obj")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(ctrl, "Result").Values(), jen.Qual(client, "IgnoreNotFound").Call(jen.Err())),
		),
	}
	if k.Finalizer != "" {
		body = append(body,
			jen.If(jen.Op("!").Id("obj").Dot("DeletionTimestamp").Dot("IsZero").Call()).Block(
				jen.If(jen.Op("!").Qual(controllerutil, "ContainsFinalizer").Call(jen.Id("obj"), jen.Id(fin))).Block(done),
				jen.If(jen.Err().Op(":=").Id("r").Dot(k.Names.Cleanup()).Call(jen.Id("ctx"), jen.Id("obj")), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Id(symbols.ReconcileResult).Call(jen.Id(symbols.Outcome).Values(), jen.Err())),
				),
				jen.Return(jen.Qual(ctrl, "Result").Values(), jen.Id(symbols.RemoveFinalizer).Call(jen.Id("ctx"), jen.Id("r").Dot("Client"), jen.Id("obj"), jen.Id(gvk), jen.Id(fin), jen.Id(fm))),
			),
			jen.If(jen.Err().Op(":=").Id(symbols.EnsureFinalizer).Call(jen.Id("ctx"), jen.Id("r").Dot("Client"), jen.Id("obj"), jen.Id(gvk), jen.Id(fin), jen.Id(fm)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(jen.Qual(ctrl, "Result").Values(), jen.Qual(client, "IgnoreNotFound").Call(jen.Err())),
			),
		)
	} else {
		body = append(body, jen.Comment("Nothing to do for an object on its way out; its status is going with it."),
			jen.If(jen.Op("!").Id("obj").Dot("DeletionTimestamp").Dot("IsZero").Call()).Block(done))
	}
	body = append(body, jen.List(jen.Id("desired"), jen.Id("outcome"), jen.Err()).Op(":=").Id("r").Dot(k.Names.ReconcileFunc()).Call(jen.Id("ctx"), jen.Id("obj")))
	if k.Status.ConditionsField() != nil {
		body = append(body, jen.If(jen.List(jen.Id("reason"), jen.Id("terminal")).Op(":=").Id(symbols.TerminalReason).Call(jen.Err()), jen.Id("terminal")).Block(
			jen.Qual(meta, "SetStatusCondition").Call(jen.Op("&").Id("desired").Dot("Conditions"), jen.Qual(metav1, "Condition").Add(contract.Literal(
				contract.Field{Name: "Type", Value: jen.Id(symbols.ReadyCondition)},
				contract.Field{Name: "Status", Value: jen.Qual(metav1, "ConditionFalse")},
				contract.Field{Name: "Reason", Value: jen.Id("reason")},
				contract.Field{Name: "Message", Value: jen.Err().Dot("Error").Call()},
			))),
		))
	}
	body = append(body,
		jen.Comment("A failed status write is reported unless the logic's own error is."),
		jen.If(jen.List(jen.Id("_"), jen.Id("werr")).Op(":=").Id(k.Names.StatusWriter()).Call(jen.Id("ctx"), jen.Id("r").Dot("Client"), jen.Id("obj"), jen.Id("desired")), jen.Id("werr").Op("!=").Nil().Op("&&").Err().Op("==").Nil()).Block(
			jen.Return(jen.Qual(ctrl, "Result").Values(), jen.Qual(client, "IgnoreNotFound").Call(jen.Id("werr"))),
		),
		jen.Return(jen.Id(symbols.ReconcileResult).Call(jen.Id("outcome"), jen.Err())),
	)
	f.Comment(fmt.Sprintf("%s is the guarded reconcile of %s objects: it calls %s for the", naming.Reconcile, kind, k.Names.ReconcileFunc()))
	f.Comment(fmt.Sprintf("desired status, writes it with %s only when it changed, and maps", k.Names.StatusWriter()))
	f.Comment("errors to no retry (Terminal) or backoff; see zz_generated.opguard.go.")
	f.Func().Params(recv).Id(naming.Reconcile).Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("req").Qual(ctrl, "Request")).
		Params(jen.Qual(ctrl, "Result"), jen.Error()).Block(body...)
	f.Line()
}

func setup(f *jen.File, api *model.API, k *model.Kind) {
	strs := func(ss []string) jen.Code {
		if len(ss) == 0 {
			return jen.Nil()
		}
		var lits []jen.Code
		for _, s := range ss {
			lits = append(lits, jen.Lit(s))
		}
		return jen.Index().String().Values(lits...)
	}
	/* target shape:
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Foo{}, builder.WithPredicates(primaryPredicate(labels, annotations))).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(ownedPredicate())).
		Named("foo").
		WithOptions(controller.Options{MaxConcurrentReconciles: 2, RateLimiter: rateLimiter()}).
		Complete(r)
	*/
	chain := jen.Qual(ctrl, "NewControllerManagedBy").Call(jen.Id("mgr")).Op(".").Line().
		Id("For").Call(jen.Op("&").Qual(k.Package.Path, k.Name).Values(),
		jen.Qual(builder, "WithPredicates").Call(jen.Id(symbols.PrimaryPredicate).Call(strs(k.WatchLabels), strs(k.WatchAnnotations))))
	for _, o := range k.Owns {
		var typ jen.Code
		if local := api.Lookup(o); local != nil {
			typ = jen.Qual(local.Package.Path, local.Name)
		} else {
			typ = jen.Qual(kubeapi.Package(o.Group, o.Version), o.Kind)
		}
		chain = chain.Op(".").Line().Id("Owns").Call(jen.Op("&").Add(typ).Values(), jen.Qual(builder, "WithPredicates").Call(jen.Id(symbols.OwnedPredicate).Call()))
	}
	// controller.Options declares MaxConcurrentReconciles before RateLimiter.
	var opts []contract.Field
	var body []jen.Code
	n := k.Reconciler.MaxConcurrentReconciles
	if n > 0 && n <= policy.MaxWorkers {
		opts = append(opts, contract.Field{Name: "MaxConcurrentReconciles", Value: jen.Lit(n)})
	}
	opts = append(opts, contract.Field{Name: "RateLimiter", Value: jen.Id(symbols.RateLimiter).Call()})
	optsExpr := jen.Qual(controller, "Options").Add(contract.Literal(opts...))
	if n > policy.MaxWorkers {
		// More workers than opgen vet's threshold: the marker asked for them, and opgen
		// generate warned; the directive records why the generated line is so.
		body = append(body,
			jen.Id("opts").Op(":=").Add(optsExpr),
			jen.Comment(fmt.Sprintf("//opguard:ignore workers +opguard:reconciler:maxConcurrentReconciles=%d on %s asks for them (opgen generate warns)", n, k.Name)),
			jen.Id("opts").Dot("MaxConcurrentReconciles").Op("=").Lit(n),
		)
		optsExpr = jen.Id("opts")
	}
	chain = chain.Op(".").Line().Id("Named").Call(jen.Lit(k.ControllerName)).
		Op(".").Line().Id("WithOptions").Call(optsExpr).
		Op(".").Line().Id("Complete").Call(jen.Id("r"))

	f.Comment(fmt.Sprintf("%s registers the reconciler with mgr: %s objects through a", naming.SetupWithManager, k.Name))
	f.Comment("predicate that passes only spec, deletion, finalizer and watched label/annotation")
	f.Comment("changes (never its own status writes), owned objects without a generation filter.")
	f.Func().Params(jen.Id("r").Op("*").Id(k.Names.Reconciler())).Id(naming.SetupWithManager).Params(jen.Id("mgr").Qual(ctrl, "Manager")).Error().Block(
		append(body, jen.Return(chain))...,
	)
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
