package manager

import (
	"fmt"
	"path"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/gen"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/policy"
)

// FileName is the generated wiring's file in the controller package.
const FileName = "zz_generated.manager.go"

// Generator is the manager wiring generator.
type Generator struct{}

// Name implements gen.Generator.
func (Generator) Name() string { return "manager" }

// Claims implements gen.Generator.
func (Generator) Claims(ctx *gen.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: FileName}}
}

// Generate implements gen.Generator.
func (Generator) Generate(ctx *gen.Context) ([]artifact.File, error) {
	// An opgen project has its main from the start, so it builds before any kind exists;
	// a main that calls the wiring keeps it after the last reconciler is gone.
	if !ctx.Wired {
		return nil, nil
	}
	kinds := ctx.API.Reconciled()
	qps, burst := float64(policy.DefaultQPS), policy.DefaultBurst
	if c := ctx.API.Client; c != nil {
		if c.QPS > 0 {
			qps = c.QPS
		}
		if c.Burst > 0 {
			burst = c.Burst
		}
	}
	f := ctx.NewControllerFile()
	f.Comment("Defaults of --kube-api-qps and --kube-api-burst (see ClientLimits), and of")
	f.Comment("--max-concurrent-reconciles, the reconciles each controller runs at once (a")
	f.Comment("+opguard:reconciler:maxConcurrentReconciles marker sets its kind's own).")
	f.Const().Defs(
		jen.Id("DefaultKubeAPIQPS").Op("=").Lit(qps),
		jen.Id("DefaultKubeAPIBurst").Op("=").Lit(burst),
		jen.Id("DefaultMaxConcurrentReconciles").Op("=").Lit(policy.DefaultWorkers),
	)
	f.Line()

	adds := []jen.Code{jen.Qual("k8s.io/client-go/kubernetes/scheme", "AddToScheme")}
	for _, p := range ctx.API.Packages {
		adds = append(adds, jen.Qual(p.Path, "AddToScheme"))
	}
	f.Comment("AddToScheme registers client-go's built-in kinds and every API package of the operator.")
	f.Func().Id("AddToScheme").Params(jen.Id("s").Op("*").Qual("k8s.io/apimachinery/pkg/runtime", "Scheme")).Error().Block(
		jen.For(jen.List(jen.Id("_"), jen.Id("add")).Op(":=").Range().Index().Func().Params(jen.Op("*").Qual("k8s.io/apimachinery/pkg/runtime", "Scheme")).Error().Values(adds...)).Block(
			jen.If(jen.Err().Op(":=").Id("add").Call(jen.Id("s")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		),
		jen.Return(jen.Nil()),
	)
	f.Line()

	var setups []jen.Code
	for _, k := range kinds {
		if k.StatusOwner != "" {
			// The status writers name another field manager that holds their fields in an
			// Event; the recorder is the manager's, under the first writer's field manager.
			setups = append(setups, jen.Id(symbols.StatusEvents).Op("=").Id("mgr").Dot("GetEventRecorder").Call(jen.Id(k.FieldManagerConst())))
			break
		}
	}
	for _, k := range kinds {
		setups = append(setups, jen.If(
			jen.Err().Op(":=").Id(k.ReconcilerConstructor()).Call(jen.Id("mgr")).Dot("SetupWithManager").Call(jen.Id("mgr")),
			jen.Err().Op("!=").Nil(),
		).Block(jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("setting up the "+k.Name+" reconciler: %w"), jen.Err()))))
	}
	if hooks := webhooks(f, ctx); len(hooks) > 0 {
		setups = append(setups, jen.If(jen.Qual("os", "Getenv").Call(jen.Lit("ENABLE_WEBHOOKS")).Op("!=").Lit("false")).Block(hooks...))
		f.Comment("SetupReconcilers registers every generated reconciler with mgr, and every webhook")
		f.Comment("unless the environment sets ENABLE_WEBHOOKS=false (a manager run outside the")
		f.Comment("cluster has no serving certificate): each Setup<Kind>WebhookWithManager, and the")
		f.Comment("conversion webhook of each kind with a hub.")
	} else {
		f.Comment("SetupReconcilers registers every generated reconciler with mgr.")
	}
	setups = append(setups, jen.Return(jen.Nil()))
	f.Func().Id("SetupReconcilers").Params(jen.Id("mgr").Qual("sigs.k8s.io/controller-runtime", "Manager")).Error().Block(setups...)

	f.Line()
	cacheOptions(f, ctx)

	src, err := gen.Render(f, FileName)
	if err != nil {
		return nil, err
	}
	files := []artifact.File{{Path: path.Join(ctx.Controller.Dir, FileName), Content: src}}
	if ctx.MainPath == "none" {
		return files, nil
	}
	// The scaffolded main is written only where none exists (a kubebuilder project keeps its own).
	main, err := ctx.Templates.Render("scaffold/main.go", map[string]any{
		"ControllerImport": ctx.Controller.ImportPath,
		"ControllerName":   ctx.Controller.Name,
		"LeaderElectionID": leaderElectionID(ctx),
	})
	if err != nil {
		return nil, err
	}
	return append(files, artifact.File{Path: ctx.MainPath, Content: main, Owner: artifact.Scaffold}), nil
}

// webhooks returns the calls that register the module's webhooks: the user's setup
// functions, and for each kind with a conversion hub that none of them builds webhooks
// for, a webhook builder for the hub, which serves its /convert.
func webhooks(f *jen.File, ctx *gen.Context) []jen.Code {
	var out []jen.Code
	check := func(call jen.Code, what string) {
		out = append(out, jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("setting up "+what+": %w"), jen.Err()))))
	}
	for _, w := range ctx.API.WebhookSetups {
		if strings.HasPrefix(w.Path, ctx.ModulePath+"/") {
			f.ImportAlias(w.Path, webhookAlias(w.Path))
		}
		check(jen.Qual(w.Path, w.Func).Call(jen.Id("mgr")), "webhooks ("+w.Func+")")
	}
	for _, c := range ctx.API.Conversions() {
		// A webhook setup that builds the hub's webhooks serves its conversion too.
		if ctx.API.RegistersType(c.Hub.Package.Path, c.Hub.Name) {
			continue
		}
		check(jen.Qual("sigs.k8s.io/controller-runtime", "NewWebhookManagedBy").Call(jen.Id("mgr"), jen.Op("&").Qual(c.Hub.Package.Path, c.Hub.Name).Values()).Dot("Complete").Call(),
			"the conversion webhook of "+c.Hub.Name)
	}
	return out
}

// webhookAlias names a webhook package by its last two elements, "webhookv1" for
// internal/webhook/v1, "webhookcachev1" for internal/webhook/cache/v1.
func webhookAlias(p string) string {
	parts := strings.Split(p, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && parts[len(parts)-2] != "webhook" {
		name = parts[len(parts)-2] + name
	}
	return "webhook" + strings.NewReplacer("-", "", ".", "", "_", "").Replace(name)
}

// cacheOptions emits CacheOptions: the cache's managedFields transform, keeping for
// each kind a guard reads managedFields of (a status-owner kind, a kind a reconciler
// owns) the entries of the field managers that write it, and of a status-owner kind
// every manager's status entries (so a writer can name who else holds its fields), and
// no entry of any other kind.
func cacheOptions(f *jen.File, ctx *gen.Context) {
	type goType struct{ pkg, name string }
	var order []goType
	managers := map[goType][]string{}
	add := func(t goType, fm string) {
		if _, seen := managers[t]; !seen {
			order = append(order, t)
		}
		for _, m := range managers[t] {
			if m == fm {
				return
			}
		}
		managers[t] = append(managers[t], fm)
	}
	for _, k := range ctx.API.StatusOwners() {
		add(goType{k.Package.Path, k.Name}, k.FieldManagerConst())
		for _, o := range k.Owns {
			if local := ctx.API.Lookup(o); local != nil {
				add(goType{local.Package.Path, local.Name}, k.FieldManagerConst())
			} else {
				p := kubeapi.Package(o.Group, o.Version)
				f.ImportAlias(p, kubeapi.Alias(p))
				add(goType{p, o.Kind}, k.FieldManagerConst())
			}
		}
	}
	/* target shape:
	func CacheOptions() cache.Options {
		return cache.Options{DefaultTransform: trimManagedFields(map[reflect.Type][]string{
			reflect.TypeFor[*v1.Foo](): {FooFieldManager},
			reflect.TypeFor[*appsv1.Deployment](): {FooFieldManager},
		})}
	}
	*/
	var entries []jen.Code
	for _, t := range order {
		var ms []jen.Code
		for _, m := range managers[t] {
			ms = append(ms, jen.Id(m))
		}
		entries = append(entries, typeFor(t.pkg, t.name).Op(":").Values(ms...))
	}
	keep := jen.Map(jen.Qual("reflect", "Type")).Index().String().Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, entries...)
	// The owned kinds with a gated apply, unless one is a status-owner kind too (its
	// status writer reads its entries): the transform digests what the gated applies'
	// managers own and keeps no entry (digestOwnedFields).
	digested := map[goType]bool{}
	var digests []jen.Code
	for _, k := range ctx.API.StatusOwners() {
		for _, o := range gen.Owned(ctx, k) {
			t := goType{o.Package, o.Kind}
			if digested[t] || (o.Local != nil && o.Local.StatusOwner != "") {
				continue
			}
			digested[t] = true
			f.ImportAlias(o.ACPackage, o.ACAlias)
			call := []jen.Code{jen.Qual(o.ACPackage, "Extract"+o.Kind)}
			for _, m := range managers[t] {
				call = append(call, jen.Id(m))
			}
			digests = append(digests, typeFor(t.pkg, t.name).Op(":").Id(symbols.DigestOwnedFields).Call(call...))
		}
	}
	digest := jen.Nil()
	if len(digests) > 0 {
		digest = jen.Map(jen.Qual("reflect", "Type")).Func().Params(jen.Any()).Bool().Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, digests...)
	}
	args := []jen.Code{keep, digest}
	for _, k := range ctx.API.StatusOwners() {
		args = append(args, typeFor(k.Package.Path, k.Name))
	}
	f.Comment("CacheOptions returns the options of the manager's cache (ctrl.Options.Cache): its")
	f.Comment("managedFields transform keeps, of the kinds whose managedFields the status writers")
	f.Comment("read, only the entries of the operator's field managers; of the kinds the gated")
	f.Comment("applies write, it keeps a digest of what their managers own instead of any entry;")
	f.Comment("and it strips them from every other kind. Set namespaces or selectors on the")
	f.Comment("result; a DefaultTransform of your own replaces the trim, and without managedFields")
	f.Comment("every guard compares with the whole object and writes on every reconcile.")
	f.Func().Id("CacheOptions").Params().Qual("sigs.k8s.io/controller-runtime/pkg/cache", "Options").Block(
		jen.Return(jen.Qual("sigs.k8s.io/controller-runtime/pkg/cache", "Options").Values(jen.Dict{
			jen.Id("DefaultTransform"): jen.Id(symbols.TrimManagedFields).Call(args...),
		})),
	)
}

// typeFor is reflect.TypeFor[*<pkg>.<name>](), how the transform's maps name a kind.
func typeFor(pkg, name string) *jen.Statement {
	return jen.Qual("reflect", "TypeFor").Types(jen.Op("*").Qual(pkg, name)).Call()
}

// leaderElectionID names the operator's lease: <project>.<domain>, the domain being the
// project's, or else the group of its first kind.
func leaderElectionID(ctx *gen.Context) string {
	var b strings.Builder
	for _, r := range strings.ToLower(ctx.ProjectName) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		}
	}
	name := strings.Trim(b.String(), "-")
	if name == "" {
		name = "operator"
	}
	domain := "opgen.dev"
	if ctx.Project != nil {
		domain = ctx.Project.Domain
	} else if len(ctx.API.Packages) > 0 {
		domain = ctx.API.Packages[0].Group
	}
	return fmt.Sprintf("%s.%s", name, domain)
}
