package markers

import (
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/mod/module"

	"k8s.io/apimachinery/pkg/api/validate/content"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Prefix starts every marker of the language.
const Prefix = "+opguard:"

// Target says which declaration a marker describes.
type Target int

const (
	// TargetKind is a root kind: a type with +kubebuilder:object:root=true and ObjectMeta.
	TargetKind Target = iota
	// TargetStatusField is a field of a status-owner kind's Status struct.
	TargetStatusField
	// TargetPackage is the package clause's comments.
	TargetPackage
	// TargetController is a reconciler type in the controller package that names a
	// kind the project does not define (a built-in kind, another module's CRD) with the
	// marker For.
	TargetController
)

func (t Target) String() string {
	switch t {
	case TargetKind:
		return "root kind"
	case TargetStatusField:
		return "status field"
	case TargetPackage:
		return "package"
	case TargetController:
		return "reconciler type"
	}
	return fmt.Sprintf("Target(%d)", int(t))
}

// Form is the shape of what follows a marker's name.
type Form int

const (
	// Flag markers take nothing: +opguard:observed-generation.
	Flag Form = iota
	// Value markers take one value after "=": +opguard:finalizer=<name>.
	Value
	// Args markers take optional named arguments after ":": +opguard:reconciler:k=v.
	Args
)

// ArgKind is the type of a named argument.
type ArgKind int

const (
	// Int arguments are positive decimal integers.
	Int ArgKind = iota
	// Float arguments are positive decimal numbers.
	Float
)

// ArgDef defines one named argument of an Args marker.
type ArgDef struct {
	Name string
	Kind ArgKind
	Help string
}

// Name is a marker's name after the prefix. Every marker of the language is one of the
// constants below, and code names a marker by its constant, never by a string: a
// misspelt name does not compile, and [TestDefsNameEveryConstant] holds the table and
// the constants equal.
type Name string

// The markers of the language, in the order of [Defs].
const (
	StatusOwner        Name = "status-owner"
	ObservedGeneration Name = "observed-generation"
	Reconciler         Name = "reconciler"
	Owns               Name = "owns"
	WatchLabels        Name = "watch-labels"
	WatchAnnotations   Name = "watch-annotations"
	Finalizer          Name = "finalizer"
	CacheSelector      Name = "cache-selector"
	Volatile           Name = "volatile"
	Client             Name = "client"
	For                Name = "for"
	ForPackage         Name = "for-package"
	SelectLabels       Name = "select-labels"
	SelectAnnotation   Name = "select-annotation"
	OwnCondition       Name = "own-condition"
)

// The typed values markers carry: each Def decodes a valid marker into exactly one of
// these (see [Get]), so a reader of a marker's value never parses text.
type (
	// Present is the value of a flag marker: +opguard:observed-generation.
	Present struct{}
	// FieldManager is +opguard:status-owner's field manager.
	FieldManager string
	// ReconcilerArgs are +opguard:reconciler's arguments; 0 means not given.
	ReconcilerArgs struct{ MaxConcurrentReconciles int }
	// Keys are the label or annotation keys of +opguard:watch-labels / watch-annotations.
	Keys []string
	// FinalizerName is +opguard:finalizer's finalizer.
	FinalizerName string
	// Selector is +opguard:cache-selector's label selector, as labels.Parse reads it
	// and prints it back (canonical: requirements sorted by key).
	Selector string
	// ClientArgs are +opguard:client's arguments; 0 means not given.
	ClientArgs struct {
		QPS   float64
		Burst int
	}
	// ImportPath is +opguard:for-package's Go package.
	ImportPath string
	// LabelSelector is +opguard:select-labels's selector, as written (it parses).
	LabelSelector string
	// ConditionType is +opguard:own-condition's condition type.
	ConditionType string
	// AnnotationSelector is +opguard:select-annotation's key and, when given, value.
	AnnotationSelector struct {
		Key, Value string
		HasValue   bool
	}
)

// Def defines one marker. [Defs] lists them all.
type Def struct {
	Name   Name
	Target Target
	Form   Form
	// Placeholder names the value of a Value marker in help and errors: "<field-manager>".
	Placeholder string
	Args        []ArgDef
	// Repeatable markers may be written more than once on one declaration.
	Repeatable bool
	// OnController markers of a root kind may also stand on a reconciler type with the
	// marker For (TargetController), where they mean the same for that kind.
	OnController bool
	// Requires lists markers that must be on the same declaration, with why.
	Requires []Requirement
	Help     string
	Example  string
	// parse turns a Value marker's value into its typed value, or returns a problem.
	parse func(value string) (any, string)
	// fromArgs builds an Args marker's typed value from its checked arguments.
	fromArgs func(Tag) any
}

// Requirement is a marker another one needs beside it.
type Requirement struct {
	Name Name
	// Because completes "+opguard:<marker> ...": "is stamped by the status writer".
	Because string
}

// Short is the marker as the reference and errors name it: its name, with its value's
// placeholder for a Value marker, "+opguard:status-owner=<field-manager>".
func (d *Def) Short() string {
	if d.Form == Value {
		return Prefix + string(d.Name) + "=" + d.Placeholder
	}
	return Prefix + string(d.Name)
}

// Spelling is the marker as it is written, with placeholders: "+opguard:owns=<group>/<version>/<Kind>".
func (d *Def) Spelling() string {
	s := Prefix + string(d.Name)
	switch d.Form {
	case Value:
		s += "=" + d.Placeholder
	case Args:
		parts := make([]string, len(d.Args))
		for i, a := range d.Args {
			kind := "<int>"
			if a.Kind == Float {
				kind = "<float>"
			}
			parts[i] = a.Name + "=" + kind
		}
		s += "[:" + strings.Join(parts, ",") + "]"
	}
	return s
}

// Defs is the language: every +opguard: marker, in the order the reference lists them.
var Defs = []*Def{
	{
		Name: StatusOwner, Target: TargetKind, Form: Value, Placeholder: "<field-manager>",
		Help: "Generate Apply<Kind>Status, the diff-gated Server-Side Apply status writer, " +
			"applying as this field manager. Requires +kubebuilder:subresource:status.",
		Example: "+opguard:status-owner=memcached-operator",
		parse:   parseFieldManager,
	},
	{
		Name: ObservedGeneration, Target: TargetKind, Form: Flag,
		Requires: []Requirement{{StatusOwner, "is stamped by the status writer"}},
		Help: "The status writer stamps status.observedGeneration and the observedGeneration " +
			"of every condition it writes from metadata.generation. The Status struct needs an " +
			"int64 field ObservedGeneration with json name observedGeneration.",
		Example: "+opguard:observed-generation",
	},
	{
		Name: Reconciler, Target: TargetKind, OnController: true, Form: Args,
		Args: []ArgDef{{Name: "maxConcurrentReconciles", Kind: Int,
			Help: "workers for this kind (default 1); more workers feed a conflict storm"}},
		Requires: []Requirement{{StatusOwner, "writes status through the generated writer"}},
		Help: "Generate the guarded Reconcile and the predicate-wired SetupWithManager " +
			"for this kind.",
		Example: "+opguard:reconciler:maxConcurrentReconciles=2",
		fromArgs: func(t Tag) any {
			return ReconcilerArgs{MaxConcurrentReconciles: t.IntArg("maxConcurrentReconciles", 0)}
		},
	},
	{
		Name: Owns, Target: TargetKind, OnController: true, Form: Value, Placeholder: "<group>/<version>/<Kind>", Repeatable: true,
		Requires: []Requirement{{Reconciler, "configures the generated reconciler"}},
		Help: "The reconciler owns objects of this kind (Owns() in SetupWithManager), and " +
			"Apply<Kind><Owned> applies one only when it differs from what the operator owns " +
			"of it. The core group is spelled core: core/v1/Secret, apps/v1/Deployment.",
		Example: "+opguard:owns=apps/v1/Deployment",
		parse:   parseGVK,
	},
	{
		Name: WatchLabels, Target: TargetKind, OnController: true, Form: Value, Placeholder: "<key>[;<key>...]", Repeatable: true,
		Requires: []Requirement{{Reconciler, "configures the generated reconciler"}},
		Help: "A change of these labels on the primary object triggers a reconcile; " +
			"other label changes do not.",
		Example: "+opguard:watch-labels=app.kubernetes.io/version;example.com/tier",
		parse:   parseKeys,
	},
	{
		Name: WatchAnnotations, Target: TargetKind, OnController: true, Form: Value, Placeholder: "<key>[;<key>...]", Repeatable: true,
		Requires: []Requirement{{Reconciler, "configures the generated reconciler"}},
		Help: "A change of these annotations on the primary object triggers a reconcile; " +
			"other annotation changes do not.",
		Example: "+opguard:watch-annotations=example.com/pause",
		parse:   parseKeys,
	},
	{
		Name: Finalizer, Target: TargetKind, OnController: true, Form: Value, Placeholder: "<domain>/<name>",
		Requires: []Requirement{{Reconciler, "configures the generated reconciler"}},
		Help: "The generated reconciler adds this finalizer and, on deletion, calls the " +
			"cleanup hook before removing it.",
		Example: "+opguard:finalizer=cache.example.com/cleanup",
		parse:   parseFinalizer,
	},
	{
		Name: CacheSelector, Target: TargetKind, Form: Value, Placeholder: "<label-selector>",
		Requires: []Requirement{{Reconciler, "configures the generated reconciler's watch"}},
		Help: "The manager's cache (CacheOptions) holds only the objects of this kind whose " +
			"labels match the selector: the operator never sees, reads or writes the others. " +
			"For shards of one kind served by several operators, or opting objects in. An " +
			"object whose labels stop matching leaves the cache as if deleted: its finalizer " +
			"does not run.",
		Example: "+opguard:cache-selector=example.com/shard in (a,b)",
		parse:   parseSelector,
	},
	{
		Name: Volatile, Target: TargetStatusField, Form: Flag,
		Help: "The status writer leaves this field out of its diff: a change to it alone " +
			"never causes a write; it is written along with a real change. For timestamps " +
			"and counters that would otherwise write on every reconcile.",
		Example: "+opguard:volatile",
	},
	{
		Name: Client, Target: TargetPackage, Form: Args,
		Args: []ArgDef{
			{Name: "qps", Kind: Float, Help: "default of --kube-api-qps"},
			{Name: "burst", Kind: Int, Help: "default of --kube-api-burst"},
		},
		Help:    "Defaults of the generated operator's client-side rate limit flags.",
		Example: "+opguard:client:qps=50,burst=100",
		fromArgs: func(t Tag) any {
			return ClientArgs{QPS: t.FloatArg("qps", 0), Burst: t.IntArg("burst", 0)}
		},
	},
	{
		Name: For, Target: TargetController, Form: Value, Placeholder: "<group>/<version>/<Kind>",
		Help: "This reconciler type reconciles a kind the project does not define: a kind of " +
			"k8s.io/api (the core group is spelled core), or, with +opguard:for-package, " +
			"another module's CRD. opgen generates its guarded Reconcile and SetupWithManager, " +
			"writes no status (but the one condition own-condition names), and reads the " +
			"kind's markers (reconciler, owns, watch-labels, watch-annotations, finalizer, " +
			"select-labels, select-annotation, own-condition) from this type. " +
			"A kind of the project's own is refused: its markers go on its type.",
		Example: "+opguard:for=apps/v1/Deployment",
		parse:   parseGVK,
	},
	{
		Name: ForPackage, Target: TargetController, Form: Value, Placeholder: "<import path>",
		Requires: []Requirement{{For, "names the package of the +opguard:for kind"}},
		Help: "The Go package that declares the +opguard:for kind, when it is another " +
			"module's CRD (opgen create controller --external-api-path adds the module to " +
			"go.mod); its AddToScheme is added to the operator's scheme.",
		Example: "+opguard:for-package=github.com/cert-manager/cert-manager/pkg/apis/certmanager/v1",
		parse:   parseImportPath,
	},
	{
		Name: SelectLabels, Target: TargetController, Form: Value, Placeholder: "<label selector>",
		Requires: []Requirement{{For, "selects objects of the +opguard:for kind"}},
		Help: "Only objects whose labels match this selector are reconciled; a change of " +
			"the selector's labels triggers a reconcile, so an object that stops matching " +
			"is seen once (its finalizer released).",
		Example: "+opguard:select-labels=example.com/managed=true",
		parse:   parseLabelSelector,
	},
	{
		Name: SelectAnnotation, Target: TargetController, Form: Value, Placeholder: "<key>[=<value>]",
		Requires: []Requirement{{For, "selects objects of the +opguard:for kind"}},
		Help: "Only objects with this annotation (with this value, when given) are " +
			"reconciled; a change of it triggers a reconcile.",
		Example: "+opguard:select-annotation=example.com/config",
		parse:   parseAnnotationSelector,
	},
	{
		Name: OwnCondition, Target: TargetController, Form: Value, Placeholder: "<condition type>",
		Requires: []Requirement{{For, "owns a condition of the +opguard:for kind"}},
		Help: "The one condition type of the +opguard:for kind's status.conditions this " +
			"operator owns: opgen generates Apply<Kind>Condition, which applies that entry " +
			"alone to the status subresource by Server-Side Apply as the operator's field " +
			"manager, only when it differs, and never touches other managers' entries. " +
			"The kind must have the status subresource and status.conditions a " +
			"[]metav1.Condition with +listType=map and +listMapKey=type; RBAC gains " +
			"<plural>/status patch.",
		Example: "+opguard:own-condition=example.com/BundleReady",
		parse:   parseConditionType,
	},
}

// Lookup returns the definition of the marker written name, or nil.
func Lookup(name string) *Def {
	for _, d := range Defs {
		if string(d.Name) == name {
			return d
		}
	}
	return nil
}

// Def returns the definition of a marker of the language.
func (n Name) Def() *Def { return Lookup(string(n)) }

// Get returns the typed value of a marker that was checked valid; T must be the type its
// Def decodes to (a wrong T is a programming error, and panics).
func Get[T any](m Marker) T {
	v, ok := m.Parsed.(T)
	if !ok {
		panic(fmt.Sprintf("%s%s carries %T, not %T", Prefix, m.Def.Name, m.Parsed, v))
	}
	return v
}

// decode returns the typed value of a tag that Check found valid.
func (d *Def) decode(t Tag) any {
	switch d.Form {
	case Flag:
		return Present{}
	case Value:
		v, _ := d.parse(t.Value)
		return v
	default:
		return d.fromArgs(t)
	}
}

func parseFieldManager(v string) (any, string) {
	if v == "" {
		return nil, "the field manager is empty; the API server requires one for apply"
	}
	if errs := metav1validation.ValidateFieldManager(v, field.NewPath("fieldManager")); len(errs) > 0 {
		return nil, fmt.Sprintf("the API server would reject field manager %q: %s", v, errs[0].Detail)
	}
	return FieldManager(v), ""
}

var (
	versionRE = regexp.MustCompile(`^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$`)
	kindRE    = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
)

// IsVersion reports whether v is a Kubernetes API version: v1, v1alpha1, v2beta3.
func IsVersion(v string) bool { return versionRE.MatchString(v) }

// IsKind reports whether k is a kind name: UpperCamelCase letters and digits.
func IsKind(k string) bool { return kindRE.MatchString(k) }

// GVK is a parsed +opguard:owns value. Group is "" for the core group.
type GVK struct{ Group, Version, Kind string }

// ParseGVK parses "<group>/<version>/<Kind>" with the core group spelled "core".
func ParseGVK(s string) (GVK, string) {
	parts := strings.Split(s, "/")
	if len(parts) == 2 && IsVersion(parts[0]) && IsKind(parts[1]) {
		return GVK{}, fmt.Sprintf("want <group>/<version>/<Kind>, got %q; the core group is spelled core: did you mean core/%s/%s?", s, parts[0], parts[1])
	}
	if len(parts) != 3 || parts[0] == "" || parts[1] == "" || parts[2] == "" {
		return GVK{}, fmt.Sprintf("want <group>/<version>/<Kind>, got %q", s)
	}
	g, v, k := parts[0], parts[1], parts[2]
	switch {
	case g != "core" && len(validation.IsDNS1123Subdomain(g)) > 0:
		return GVK{}, fmt.Sprintf("group %q is not a DNS subdomain (spell the core group \"core\")", g)
	case !IsVersion(v):
		return GVK{}, fmt.Sprintf("version %q is not a Kubernetes API version like v1, v1beta1", v)
	case !IsKind(k):
		return GVK{}, fmt.Sprintf("kind %q is not UpperCamelCase", k)
	}
	if g == "core" {
		g = ""
	}
	return GVK{Group: g, Version: v, Kind: k}, ""
}

func parseGVK(v string) (any, string) {
	g, problem := ParseGVK(v)
	return g, problem
}

// SplitKeys splits a watch-labels/watch-annotations value.
func SplitKeys(v string) []string {
	var keys []string
	for _, k := range strings.Split(v, ";") {
		keys = append(keys, strings.TrimSpace(k))
	}
	return keys
}

func parseKeys(v string) (any, string) {
	seen := map[string]bool{}
	keys := SplitKeys(v)
	for _, k := range keys {
		if k == "" {
			return nil, fmt.Sprintf("empty key in %q", v)
		}
		if errs := content.IsLabelKey(k); len(errs) > 0 {
			return nil, fmt.Sprintf("%q is not a valid key: %s", k, errs[0])
		}
		if seen[k] {
			return nil, fmt.Sprintf("key %q is listed twice", k)
		}
		seen[k] = true
	}
	return Keys(keys), ""
}

func parseImportPath(v string) (any, string) {
	if err := module.CheckImportPath(v); err != nil {
		return nil, fmt.Sprintf("%q is not a Go import path: %v", v, err)
	}
	return ImportPath(v), ""
}

func parseLabelSelector(v string) (any, string) {
	if strings.TrimSpace(v) == "" {
		return nil, "the selector is empty; it would select every object (leave the marker out for that)"
	}
	if _, err := labels.Parse(v); err != nil {
		return nil, fmt.Sprintf("%q is not a label selector: %v", v, err)
	}
	return LabelSelector(v), ""
}

func parseAnnotationSelector(v string) (any, string) {
	key, value, has := strings.Cut(v, "=")
	if errs := content.IsLabelKey(key); len(errs) > 0 {
		return nil, fmt.Sprintf("%q is not a valid annotation key: %s", key, errs[0])
	}
	return AnnotationSelector{Key: key, Value: value, HasValue: has}, ""
}

func parseConditionType(v string) (any, string) {
	// metav1.Condition's type is validated as a qualified name (ValidateCondition).
	if errs := content.IsQualifiedName(v); len(errs) > 0 {
		return nil, fmt.Sprintf("%q is not a valid condition type: %s", v, errs[0])
	}
	return ConditionType(v), ""
}

func parseSelector(v string) (any, string) {
	sel, err := labels.Parse(v)
	switch {
	case err != nil:
		return nil, fmt.Sprintf("%q is not a label selector: %v", v, err)
	case sel.Empty():
		return nil, "the selector is empty and matches every object; remove the marker"
	}
	return Selector(sel.String()), ""
}

func parseFinalizer(v string) (any, string) {
	if errs := content.IsQualifiedName(v); len(errs) > 0 {
		return nil, fmt.Sprintf("%q is not a valid finalizer name: %s", v, errs[0])
	}
	if !strings.Contains(v, "/") {
		return nil, fmt.Sprintf("finalizer %q needs a domain prefix, like example.com/%s, so it cannot collide with another controller's", v, v)
	}
	return FinalizerName(v), ""
}
