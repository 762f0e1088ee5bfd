package markers

import (
	"fmt"
	"regexp"
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
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
)

func (t Target) String() string {
	switch t {
	case TargetKind:
		return "root kind"
	case TargetStatusField:
		return "status field"
	case TargetPackage:
		return "package"
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

// Def defines one marker. [Defs] lists them all.
type Def struct {
	Name   string
	Target Target
	Form   Form
	// Placeholder names the value of a Value marker in help and errors: "<field-manager>".
	Placeholder string
	Args        []ArgDef
	// Repeatable markers may be written more than once on one declaration.
	Repeatable bool
	// Requires lists markers that must be on the same declaration, with why.
	Requires []Requirement
	Help     string
	Example  string
	// check validates a Value marker's value; it returns a problem or "".
	check func(value string) string
}

// Requirement is a marker another one needs beside it.
type Requirement struct {
	Name string
	// Because completes "+opguard:<marker> ...": "is stamped by the status writer".
	Because string
}

// Short is the marker as the reference and errors name it: its name, with its value's
// placeholder for a Value marker, "+opguard:status-owner=<field-manager>".
func (d *Def) Short() string {
	if d.Form == Value {
		return Prefix + d.Name + "=" + d.Placeholder
	}
	return Prefix + d.Name
}

// Spelling is the marker as it is written, with placeholders: "+opguard:owns=<group>/<version>/<Kind>".
func (d *Def) Spelling() string {
	s := Prefix + d.Name
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
		Name: "status-owner", Target: TargetKind, Form: Value, Placeholder: "<field-manager>",
		Help: "Generate Apply<Kind>Status, the diff-gated Server-Side Apply status writer, " +
			"applying as this field manager. Requires +kubebuilder:subresource:status.",
		Example: "+opguard:status-owner=memcached-operator",
		check:   checkFieldManager,
	},
	{
		Name: "observed-generation", Target: TargetKind, Form: Flag,
		Requires: []Requirement{{"status-owner", "is stamped by the status writer"}},
		Help: "The status writer stamps status.observedGeneration and the observedGeneration " +
			"of every condition it writes from metadata.generation. The Status struct needs an " +
			"int64 field ObservedGeneration with json name observedGeneration.",
		Example: "+opguard:observed-generation",
	},
	{
		Name: "reconciler", Target: TargetKind, Form: Args,
		Args: []ArgDef{{Name: "maxConcurrentReconciles", Kind: Int,
			Help: "workers for this kind (default 1); more workers feed a conflict storm"}},
		Requires: []Requirement{{"status-owner", "writes status through the generated writer"}},
		Help: "Generate the guarded Reconcile and the predicate-wired SetupWithManager " +
			"for this kind.",
		Example: "+opguard:reconciler:maxConcurrentReconciles=2",
	},
	{
		Name: "owns", Target: TargetKind, Form: Value, Placeholder: "<group>/<version>/<Kind>", Repeatable: true,
		Requires: []Requirement{{"reconciler", "configures the generated reconciler"}},
		Help: "The reconciler owns objects of this kind (Owns() in SetupWithManager), and " +
			"Apply<Kind><Owned> applies one only when it differs from what the operator owns " +
			"of it. The core group is spelled core: core/v1/Secret, apps/v1/Deployment.",
		Example: "+opguard:owns=apps/v1/Deployment",
		check:   checkGVK,
	},
	{
		Name: "watch-labels", Target: TargetKind, Form: Value, Placeholder: "<key>[;<key>...]", Repeatable: true,
		Requires: []Requirement{{"reconciler", "configures the generated reconciler"}},
		Help: "A change of these labels on the primary object triggers a reconcile; " +
			"other label changes do not.",
		Example: "+opguard:watch-labels=app.kubernetes.io/version;example.com/tier",
		check:   checkKeys,
	},
	{
		Name: "watch-annotations", Target: TargetKind, Form: Value, Placeholder: "<key>[;<key>...]", Repeatable: true,
		Requires: []Requirement{{"reconciler", "configures the generated reconciler"}},
		Help: "A change of these annotations on the primary object triggers a reconcile; " +
			"other annotation changes do not.",
		Example: "+opguard:watch-annotations=example.com/pause",
		check:   checkKeys,
	},
	{
		Name: "finalizer", Target: TargetKind, Form: Value, Placeholder: "<domain>/<name>",
		Requires: []Requirement{{"reconciler", "configures the generated reconciler"}},
		Help: "The generated reconciler adds this finalizer and, on deletion, calls the " +
			"cleanup hook before removing it.",
		Example: "+opguard:finalizer=cache.example.com/cleanup",
		check:   checkFinalizer,
	},
	{
		Name: "volatile", Target: TargetStatusField, Form: Flag,
		Help: "The status writer leaves this field out of its diff: a change to it alone " +
			"never causes a write; it is written along with a real change. For timestamps " +
			"and counters that would otherwise write on every reconcile.",
		Example: "+opguard:volatile",
	},
	{
		Name: "client", Target: TargetPackage, Form: Args,
		Args: []ArgDef{
			{Name: "qps", Kind: Float, Help: "default of --kube-api-qps"},
			{Name: "burst", Kind: Int, Help: "default of --kube-api-burst"},
		},
		Help:    "Defaults of the generated operator's client-side rate limit flags.",
		Example: "+opguard:client:qps=50,burst=100",
	},
}

// Lookup returns the definition of name, or nil.
func Lookup(name string) *Def {
	for _, d := range Defs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

func checkFieldManager(v string) string {
	if v == "" {
		return "the field manager is empty; the API server requires one for apply"
	}
	if errs := metav1validation.ValidateFieldManager(v, field.NewPath("fieldManager")); len(errs) > 0 {
		return fmt.Sprintf("the API server would reject field manager %q: %s", v, errs[0].Detail)
	}
	return ""
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

func checkGVK(v string) string {
	_, problem := ParseGVK(v)
	return problem
}

// SplitKeys splits a watch-labels/watch-annotations value.
func SplitKeys(v string) []string {
	var keys []string
	for _, k := range strings.Split(v, ";") {
		keys = append(keys, strings.TrimSpace(k))
	}
	return keys
}

func checkKeys(v string) string {
	seen := map[string]bool{}
	for _, k := range SplitKeys(v) {
		if k == "" {
			return fmt.Sprintf("empty key in %q", v)
		}
		if errs := content.IsLabelKey(k); len(errs) > 0 {
			return fmt.Sprintf("%q is not a valid key: %s", k, errs[0])
		}
		if seen[k] {
			return fmt.Sprintf("key %q is listed twice", k)
		}
		seen[k] = true
	}
	return ""
}

func checkFinalizer(v string) string {
	if errs := content.IsQualifiedName(v); len(errs) > 0 {
		return fmt.Sprintf("%q is not a valid finalizer name: %s", v, errs[0])
	}
	if !strings.Contains(v, "/") {
		return fmt.Sprintf("finalizer %q needs a domain prefix, like example.com/%s, so it cannot collide with another controller's", v, v)
	}
	return ""
}
