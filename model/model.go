package model

import (
	"go/token"
	"go/types"
	"path"
	"reflect"
	"slices"
	"strings"

	"sigs.k8s.io/controller-tools/pkg/loader"

	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
)

// RootMarker marks a root kind (+kubebuilder:object:root=true); a package whose source
// holds no such text declares no kind, which every cheap test for an API package uses.
const RootMarker = "+kubebuilder:object:root"

// API is every API package of a run, sorted by import path.
type API struct {
	Packages []*Package
	// Project says the module is a project opgen init made, where every kind gets
	// apply configurations (the driver sets it; see AppliesConfigurations).
	Project bool
	// Client holds the +opguard:client defaults, nil when no package sets them.
	Client *ClientPolicy
	// WebhookSetups are the functions Setup<Kind>WebhookWithManager(mgr) of the loaded
	// packages (opgen create webhook's, kubebuilder's), sorted by package then name:
	// the generated wiring calls each.
	WebhookSetups []WebhookSetup
	// MisfitWebhookSetups are functions named Setup<Kind>WebhookWithManager that do not
	// fit the wiring's call (mgr) error; WebhookMarkers the module's +kubebuilder:webhook
	// markers. The wiring checks both (generator/manager).
	MisfitWebhookSetups []Misfit
	WebhookMarkers      []WebhookMarker
	// External are the kinds the project does not define that a reconciler type of the
	// controller package names with +opguard:for, sorted by name: a kind of k8s.io/api
	// or of another module. They have a reconciler and no status writer, and are in
	// none of Packages, Kinds or Reconciled (no CRD, no types of the project's).
	External []*Kind
}

// Controllers returns the kinds with a generated reconciler: Reconciled, then External.
func (a *API) Controllers() []*Kind {
	return append(a.Reconciled(), a.External...)
}

// Misfit is a user's function the generated code would call that does not fit the call.
type Misfit struct {
	Pos  token.Position
	Func string
	// Have is its signature as written.
	Have string
}

// WebhookMarker is a +kubebuilder:webhook marker: the package it is in, and the groups
// and resources of the kinds it admits.
type WebhookMarker struct {
	Pos               token.Position
	Path              string
	Groups, Resources []string
}

// HasWebhookSetup reports whether some package declares the kind's webhook setup in
// the form the wiring calls.
func (a *API) HasWebhookSetup(k *Kind) bool {
	for _, w := range a.WebhookSetups {
		if w.Func == k.Names.WebhookSetup() {
			return true
		}
	}
	return false
}

// WebhookSetup is a function that registers a kind's webhooks with a manager.
type WebhookSetup struct {
	Path, PackageName, Func string
	// Registers lists the types the function builds webhooks for, as "<import
	// path>.<Name>": the &pkg.Kind{} it passes to NewWebhookManagedBy or to For, read
	// from its syntax. controller-runtime's builder also serves the conversion webhook
	// of a hub it registers.
	Registers []string
}

// RegistersKind reports whether some webhook setup builds webhooks for a version of
// the kind: controller-runtime serves a kind's conversion once, whichever version
// registered it.
func (a *API) RegistersKind(group, kind string) bool {
	for _, k := range a.Kinds() {
		if k.Package.Group == group && k.Name == kind && a.RegistersType(k.Package.Path, k.Name) {
			return true
		}
	}
	return false
}

// RegistersType reports whether some webhook setup builds webhooks for the type
// name of the package at path.
func (a *API) RegistersType(path, name string) bool {
	for _, w := range a.WebhookSetups {
		if slices.Contains(w.Registers, path+"."+name) {
			return true
		}
	}
	return false
}

// StatusOwners returns the kinds with +opguard:status-owner, in [API.Kinds] order.
func (a *API) StatusOwners() []*Kind {
	var out []*Kind
	for _, k := range a.Kinds() {
		if k.StatusOwner != "" {
			out = append(out, k)
		}
	}
	return out
}

// Reconciled returns the kinds with +opguard:reconciler, in [API.Kinds] order.
func (a *API) Reconciled() []*Kind {
	var out []*Kind
	for _, k := range a.Kinds() {
		if k.Reconciler != nil {
			out = append(out, k)
		}
	}
	return out
}

// Kinds returns every kind of every package, in package then name order.
func (a *API) Kinds() []*Kind {
	var out []*Kind
	for _, p := range a.Packages {
		out = append(out, p.Kinds...)
	}
	return out
}

// Conversion is a kind served in several versions through a conversion webhook: the
// hub is the storage version, every other version a spoke that converts to and from it.
// (In a layout the user wrote by hand the hub may be another version, and a "spoke" may
// not convert itself: see [Conversion.Convertible].)
type Conversion struct {
	Hub    *Kind
	Spokes []*Kind // in package order
}

// Convertible reports whether controller-runtime's builder serves the kind's
// conversion from the types alone (its conversion.IsConvertible): the hub is the only
// version that declares Hub(), and every other version of the run declares ConvertTo.
// Any other layout is served through a converter the user registers (WithConverter).
func (c *Conversion) Convertible() bool {
	for _, s := range c.Spokes {
		if s.Hub.IsValid() || !s.Spoke.IsValid() {
			return false
		}
	}
	return true
}

// Conversions returns the kinds with a hub, in [API.Kinds] order of their hubs.
func (a *API) Conversions() []*Conversion {
	var out []*Conversion
	for _, k := range a.Kinds() {
		if !k.Hub.IsValid() {
			continue
		}
		c := &Conversion{Hub: k}
		for _, o := range a.Kinds() {
			if o != k && o.Name == k.Name && o.Package.Group == k.Package.Group {
				c.Spokes = append(c.Spokes, o)
			}
		}
		out = append(out, c)
	}
	return out
}

// ClientPolicy is the package-level +opguard:client marker.
type ClientPolicy struct {
	QPS   float64 // 0 when not given
	Burst int     // 0 when not given
	Pos   token.Position
}

// Package is one API group-version package.
type Package struct {
	Loaded  *loader.Package
	Path    string // import path
	Name    string // package name
	Dir     string // absolute directory
	Group   string
	Version string
	Kinds   []*Kind // sorted by name
	// Alias is the import name generated code gives the package: the group's first
	// label and the version, "cachev1alpha1", as kubebuilder names it; unique in a run.
	Alias string
	// ApplyConfigurations is the package's +kubebuilder:ac:generate marker (controller-gen's
	// own): nil when absent.
	ApplyConfigurations *bool
	// TypeApplyConfigurations holds the +kubebuilder:ac:generate marker of each type of
	// the package that has one, by type name.
	TypeApplyConfigurations map[string]bool
}

// ACGenerateMarker asks for apply configurations, on a package or a type; it is
// controller-gen's, with the same meaning.
const ACGenerateMarker = "kubebuilder:ac:generate"

// ApplyConfigurationDir is the directory, inside an API package, of its apply
// configurations: where controller-gen puts them, so import paths survive a switch.
const ApplyConfigurationDir = "applyconfiguration"

// ApplyConfigurationSubdir is where controller-gen puts a package's apply
// configurations, relative to the package: applyconfiguration/<second-last>/<last
// element>, lowercased.
func (p *Package) ApplyConfigurationSubdir() string {
	parts := strings.Split(p.Path, "/")
	gv := parts[len(parts)-1]
	if len(parts) > 1 {
		gv = parts[len(parts)-2] + "/" + gv
	}
	return path.Join(ApplyConfigurationDir, strings.ToLower(gv))
}

// ApplyConfigurationPath is the import path of the package's apply configurations.
func (p *Package) ApplyConfigurationPath() string {
	return path.Join(p.Path, p.ApplyConfigurationSubdir())
}

// Kind is a root kind and what its markers ask for.
type Kind struct {
	Package *Package
	Name    string
	// Names are the Go and file names generated code and the user's code share for
	// the kind (naming.For(Name)).
	Names  naming.Kind
	Named  *types.Named
	Pos    token.Position
	Plural string

	Namespaced        bool
	StatusSubresource bool
	// Status is the kind's Status field's struct, nil when the kind has none.
	Status *Struct

	// StatusOwner is the field manager of +opguard:status-owner; "" when absent.
	StatusOwner        string
	ObservedGeneration bool
	Reconciler         *Reconciler
	Owns               []markers.GVK
	OwnsPos            []token.Position // of each Owns marker's value
	ownedFuncs         []string         // the gated apply of each Owns, see nameOwnedApplies
	WatchLabels        []string
	WatchAnnotations   []string
	Finalizer          string
	// CacheSelector is +opguard:cache-selector's label selector, canonical; "" when absent.
	CacheSelector string

	// Storage says the version is the kind's storage version (+kubebuilder:storageversion).
	Storage bool
	// Hub is where the version declares the method Hub() that makes it the hub of a
	// conversion webhook (controller-runtime's conversion.Hub); Spoke is where it
	// declares ConvertTo (conversion.Convertible). Zero when it declares none.
	Hub, Spoke token.Position
	// GeneratedConversion says the version's files call the kind's generated conversion
	// (opgen create webhook's ConvertTo and ConvertFrom do): it is generated for them.
	GeneratedConversion bool

	// External says the project does not define the kind (+opguard:for on its reconciler
	// type); ForPos is where that marker's value is.
	External bool
	ForPos   token.Position
	// SelectLabels (a label selector) and SelectAnnotation, from +opguard:select-labels
	// and +opguard:select-annotation, opt objects of an External kind in.
	SelectLabels     string
	SelectAnnotation *markers.AnnotationSelector
	// OwnCondition is +opguard:own-condition's condition type: the one entry of an
	// External kind's status.conditions (a listType=map keyed by type) the operator
	// applies; "" when absent.
	OwnCondition string

	// ControllerName names the kind's controller in metrics, logs and leader election:
	// the lowercase kind, qualified by the group where two groups share a kind name.
	ControllerName string

	// markers are the kind's +opguard: markers as written, invalid ones included.
	markers []markers.Marker
}

// marker returns the kind's first valid marker of that name.
func (k *Kind) marker(name markers.Name) (markers.Marker, bool) {
	for _, m := range k.markers {
		if m.Def.Name == name && !m.Invalid {
			return m, true
		}
	}
	return markers.Marker{}, false
}

// Guarded reports whether the kind carries any +opguard: marker.
func (k *Kind) Guarded() bool { return len(k.markers) > 0 }

// has reports whether the kind carries the marker, valid or reported as invalid.
func (k *Kind) has(name markers.Name) bool {
	for _, m := range k.markers {
		if m.Def.Name == name {
			return true
		}
	}
	return false
}

// StatusName is the Go name of the kind's status struct.
func (k *Kind) StatusName() string { return k.Status.Named.Obj().Name() }

// Lookup returns the kind of this run with the given group, version and kind, or nil.
func (a *API) Lookup(g markers.GVK) *Kind {
	for _, p := range a.Packages {
		if p.Group != g.Group || p.Version != g.Version {
			continue
		}
		for _, k := range p.Kinds {
			if k.Name == g.Kind {
				return k
			}
		}
	}
	return nil
}

// Reconciler is +opguard:reconciler.
type Reconciler struct {
	MaxConcurrentReconciles int // 0: controller-runtime's default of 1
}

// Struct is a kind's status struct.
type Struct struct {
	Named  *types.Named
	Fields []*Field
}

// Field is one field of a status struct.
type Field struct {
	Var      *types.Var
	Name     string // Go name; "" for an embedded field
	JSONName string
	Inline   bool
	Type     types.Type
	Volatile bool
	Pos      token.Position
}

// FieldByJSON returns the field with the given json name.
func (s *Struct) FieldByJSON(name string) *Field {
	if s == nil {
		return nil
	}
	for _, f := range s.Fields {
		if f.JSONName == name && !f.Inline {
			return f
		}
	}
	return nil
}

// ObservedGenerationField returns the int64 observedGeneration field, or nil.
func (s *Struct) ObservedGenerationField() *Field {
	f := s.FieldByJSON("observedGeneration")
	if f == nil || f.Name != "ObservedGeneration" {
		return nil
	}
	if b, ok := f.Type.(*types.Basic); !ok || b.Kind() != types.Int64 {
		return nil
	}
	return f
}

// ConditionsField returns the []metav1.Condition conditions field, or nil.
func (s *Struct) ConditionsField() *Field {
	f := s.FieldByJSON("conditions")
	if f == nil {
		return nil
	}
	if sl, ok := f.Type.(*types.Slice); ok && IsNamed(sl.Elem(), MetaV1, "Condition") {
		return f
	}
	return nil
}

// MetaV1 is the import path of the apimachinery meta/v1 package.
const MetaV1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// IsNamed reports whether t is the named type pkg.name.
func IsNamed(t types.Type, pkg, name string) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// JSONTag splits a struct tag's json key into name and whether it is inline; ok is
// false for a missing tag or "-".
func JSONTag(tag string) (name string, inline, omitempty, ok bool) {
	v, found := reflect.StructTag(tag).Lookup("json")
	if !found || v == "-" {
		return "", false, false, false
	}
	name, opts, _ := strings.Cut(v, ",")
	for _, o := range strings.Split(opts, ",") {
		switch o {
		case "inline":
			inline = true
		case "omitempty":
			omitempty = true
		}
	}
	return name, inline, omitempty, true
}
