package manager

import (
	"embed"
	"fmt"
	"path"
	"slices"
	"strings"

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

//go:embed manager.go.tmpl
var files embed.FS

var tmpl = gotmpl.MustParse(files, "manager.go.tmpl")

// Generator is the manager wiring generator.
type Generator struct{}

// Name implements contract.Generator.
func (Generator) Name() string { return "manager" }

// Claims implements contract.Generator.
func (Generator) Claims(ctx *contract.Context) []artifact.Claim {
	return []artifact.Claim{{Dir: ctx.Controller.Dir, Match: naming.ManagerFile}}
}

// Check implements contract.Checker: when the wiring is generated, it must register
// every webhook the module configures. A setup function it cannot call (a parameter
// more, a variadic one) and a +kubebuilder:webhook marker whose kind has no setup
// function (one renamed) are errors: the API server would send every create and
// update of the kind to a webhook nobody serves.
func (Generator) Check(ctx *contract.Context) diag.Diagnostics {
	if !ctx.Wired {
		return nil
	}
	var ds diag.Diagnostics
	misfit := map[string]bool{}
	for _, m := range ctx.API.MisfitWebhookSetups {
		misfit[m.Func] = true
		ds.Errorf(m.Pos, "%s does not fit the generated %s, which calls it with the manager alone: have %s, want func %s(mgr ctrl.Manager) error", m.Func, naming.SetupReconcilers, m.Have, m.Func)
	}
	reported := map[string]bool{}
	for _, w := range ctx.API.WebhookMarkers {
		for _, k := range ctx.API.Kinds() {
			if !slices.Contains(w.Groups, k.Package.Group) || !admits(w.Resources, k.Plural) {
				continue
			}
			setup := k.Names.WebhookSetup()
			if ctx.API.HasWebhookSetup(k) || misfit[setup] || reported[setup] {
				continue
			}
			reported[setup] = true
			ds.Errorf(w.Pos, "+kubebuilder:webhook admits %s, but no package declares %s(mgr ctrl.Manager) error, through which %s registers the webhooks: the API server would send every create and update of %s to a webhook nobody serves. Declare it (opgen create webhook scaffolds it), or remove the marker", k.Name, setup, naming.SetupReconcilers, k.Plural)
		}
	}
	return ds
}

// admits reports whether a webhook marker's resources (memcacheds, memcacheds/status,
// *) include a kind's.
func admits(resources []string, plural string) bool {
	for _, r := range resources {
		r, _, _ = strings.Cut(r, "/")
		if r == plural || r == "*" {
			return true
		}
	}
	return false
}

// Generate implements contract.Generator.
func (Generator) Generate(ctx *contract.Context) ([]artifact.File, error) {
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
	w := wiring{
		Package: ctx.Controller.Name, QPS: qps, Burst: burst, Kinds: kinds,
		Wiring: naming.Wire, SetupWithManager: naming.SetupWithManager, R: symbols.Called,
	}
	for _, p := range ctx.API.Packages {
		w.Schemes = append(w.Schemes, w.Imports.Add(p.Alias, p.Path))
	}
	for _, k := range kinds {
		if k.StatusOwner != "" {
			// The status writers name another field manager that holds their fields in an
			// Event; the recorder is the manager's, under the first writer's field manager.
			w.StatusEvents = k.Names.FieldManager()
			break
		}
	}
	w.webhooks(ctx)
	w.cacheOptions(ctx)
	src, err := tmpl.File(ctx.GoHeader(), "manager.go.tmpl", w)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", naming.ManagerFile, err)
	}
	files := []artifact.File{{Path: path.Join(ctx.Controller.Dir, naming.ManagerFile), Content: src}}
	if !ctx.HasMain() {
		return files, nil
	}
	// The scaffolded main is written only where none exists (a kubebuilder project keeps its own).
	main, err := ctx.Templates.Render("scaffold/main.go", map[string]any{
		"ControllerImport": ctx.Controller.ImportPath,
		"ControllerName":   ctx.Controller.Name,
		"LeaderElectionID": leaderElectionID(ctx),
		"Wiring":           naming.Wire,
	})
	if err != nil {
		return nil, err
	}
	return append(files, artifact.File{Path: ctx.MainPath, Content: main, Owner: artifact.Scaffold}), nil
}

// wiring is what manager.go.tmpl is filled with.
type wiring struct {
	Package string
	QPS     float64
	Burst   int
	Kinds   []*model.Kind
	// Schemes are the aliases of the API packages, whose AddToScheme AddToScheme calls.
	Schemes []string
	// StatusEvents is the field manager the status writers' Event recorder records as,
	// "" when no kind has a status writer.
	StatusEvents string
	Webhooks     []webhookCall
	// Keep, Digests and StatusTypes are the arguments of the cache's managedFields
	// transform; see cacheOptions.
	Keep        []managers
	Digests     []digest
	StatusTypes []string
	// Selected are the kinds with +opguard:cache-selector, whose cache holds only the
	// objects their selector matches.
	Selected []selected
	Imports  gotmpl.Imports
	Wiring   naming.WiringNames
	// SetupWithManager is the reconcilers' registration.
	SetupWithManager string
	R                symbols.Names
}

// selected is a Go type (<alias>.<Name>) and the label selector of its cache.
type selected struct{ Type, Selector string }

// webhookCall registers webhooks with mgr; What says which, in its error.
type webhookCall struct{ Call, What string }

// managers are the field managers whose managedFields entries the cache keeps for a Go
// type (<alias>.<Name>).
type managers struct {
	Type     string
	Managers []string
}

// digest is an owned Go type whose gated applies' fields the cache digests, through
// its Extract function.
type digest struct {
	managers
	Extract string
}

// webhooks lists the calls that register the module's webhooks: the user's setup
// functions, and for each kind with a conversion hub that none of them builds webhooks
// for, a webhook builder for the hub, which serves its /convert.
func (w *wiring) webhooks(ctx *contract.Context) {
	for _, s := range ctx.API.WebhookSetups {
		alias := naming.PathAlias(s.Path)
		if strings.HasPrefix(s.Path, ctx.ModulePath+"/") {
			alias = naming.WebhookAlias(s.Path)
		}
		alias = w.Imports.Add(alias, s.Path)
		w.Webhooks = append(w.Webhooks, webhookCall{Call: alias + "." + s.Func + "(mgr)", What: "webhooks (" + s.Func + ")"})
	}
	for _, c := range ctx.API.Conversions() {
		// A webhook setup that builds the hub's webhooks serves its conversion too.
		if ctx.API.RegistersType(c.Hub.Package.Path, c.Hub.Name) {
			continue
		}
		hub := w.Imports.Add(c.Hub.Package.Alias, c.Hub.Package.Path) + "." + c.Hub.Name
		w.Webhooks = append(w.Webhooks, webhookCall{
			Call: "ctrl.NewWebhookManagedBy(mgr, &" + hub + "{}).Complete()",
			What: "the conversion webhook of " + c.Hub.Name,
		})
	}
}

// cacheOptions fills in CacheOptions: the cache's managedFields transform, keeping for
// each kind a guard reads managedFields of (a status-owner kind, a kind a reconciler
// owns) the entries of the field managers that write it, and of a status-owner kind
// every manager's status entries (so a writer can name who else holds its fields), and
// no entry of any other kind.
func (w *wiring) cacheOptions(ctx *contract.Context) {
	type goType struct{ pkg, name string }
	var order []goType
	typeName := map[goType]string{}
	fms := map[goType][]string{}
	add := func(t goType, alias, fm string) {
		if _, seen := fms[t]; !seen {
			order = append(order, t)
			typeName[t] = w.Imports.Add(alias, t.pkg) + "." + t.name
		}
		if !slices.Contains(fms[t], fm) {
			fms[t] = append(fms[t], fm)
		}
	}
	for _, k := range ctx.API.StatusOwners() {
		add(goType{k.Package.Path, k.Name}, k.Package.Alias, k.Names.FieldManager())
		for _, o := range k.Owns {
			if local := ctx.API.Lookup(o); local != nil {
				add(goType{local.Package.Path, local.Name}, local.Package.Alias, k.Names.FieldManager())
			} else {
				p := kubeapi.Package(o.Group, o.Version)
				add(goType{p, o.Kind}, naming.KubeAlias(p), k.Names.FieldManager())
			}
		}
	}
	for _, t := range order {
		w.Keep = append(w.Keep, managers{Type: typeName[t], Managers: fms[t]})
	}
	// The owned kinds with a gated apply, unless one is a status-owner kind too (its
	// status writer reads its entries): the transform digests what the gated applies'
	// managers own and keeps no entry (digestOwnedFields).
	digested := map[goType]bool{}
	for _, k := range ctx.API.StatusOwners() {
		for _, o := range ctx.API.Owned(k) {
			t := goType{o.Package, o.Kind}
			if digested[t] || (o.Local != nil && o.Local.StatusOwner != "") {
				continue
			}
			digested[t] = true
			extract := w.Imports.Add(o.ACAlias, o.ACPackage) + "." + naming.For(o.Kind).Extract()
			w.Digests = append(w.Digests, digest{managers{Type: typeName[t], Managers: fms[t]}, extract})
		}
	}
	for _, k := range ctx.API.StatusOwners() {
		w.StatusTypes = append(w.StatusTypes, typeName[goType{k.Package.Path, k.Name}])
	}
	for _, k := range ctx.API.Reconciled() {
		if k.CacheSelector != "" {
			t := w.Imports.Add(k.Package.Alias, k.Package.Path) + "." + k.Name
			w.Selected = append(w.Selected, selected{Type: t, Selector: k.CacheSelector})
		}
	}
}

// leaderElectionID names the operator's lease: <project>.<domain>, the domain being the
// project's, or else the group of its first kind.
func leaderElectionID(ctx *contract.Context) string {
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
