package naming

import (
	"regexp"
	"strings"
)

// What the generated wiring of the controller package gives a main.
const (
	SetupReconcilers    = "SetupReconcilers"
	AddToScheme         = "AddToScheme"
	CacheOptions        = "CacheOptions"
	ClientLimits        = "ClientLimits"
	DefaultKubeAPIQPS   = "DefaultKubeAPIQPS"
	DefaultKubeAPIBurst = "DefaultKubeAPIBurst"
	// DefaultMaxConcurrentReconciles is the default of the main's
	// --max-concurrent-reconciles.
	DefaultMaxConcurrentReconciles = "DefaultMaxConcurrentReconciles"
)

// Wiring lists the wiring's names: a main that calls one keeps the wiring generated.
var Wiring = []string{SetupReconcilers, AddToScheme, CacheOptions, ClientLimits, DefaultKubeAPIQPS, DefaultKubeAPIBurst, DefaultMaxConcurrentReconciles}

// controller-runtime's names that a generated reconciler implements.
const (
	// Reconcile is reconcile.Reconciler's method.
	Reconcile = "Reconcile"
	// SetupWithManager is kubebuilder's name for a reconciler's registration.
	SetupWithManager = "SetupWithManager"
)

// GeneratedPrefix starts every Go file opgen generates beside the user's files.
const GeneratedPrefix = "zz_generated."

// Files generated once per package.
const (
	RuntimeFile        = GeneratedPrefix + "opguard.go"
	ManagerFile        = GeneratedPrefix + "manager.go"
	DeepCopyFile       = GeneratedPrefix + "deepcopy.go"
	ConversionFile     = GeneratedPrefix + "conversion.go"
	ConversionTestFile = GeneratedPrefix + "conversion_test.go"
	SuiteFile          = GeneratedPrefix + "suite_test.go"
	WebhookSuiteFile   = GeneratedPrefix + "webhook_suite_test.go"
	DeployTestFile     = GeneratedPrefix + "deploy_test.go"
	// ExternalTestFile holds the helpers of the tests of kinds the project does not
	// define (+opguard:for).
	ExternalTestFile = GeneratedPrefix + "external_test.go"
	// GeneratedTests matches every generated test file of a package.
	GeneratedTests = GeneratedPrefix + "*_test.go"
	// ConversionFiles matches a spoke's conversion and its test.
	ConversionFiles = GeneratedPrefix + "conversion*.go"
)

// TestCRDDir holds, in a project, the CustomResourceDefinitions of the kinds of other
// modules it reconciles (+opguard:for-package), for its tests only: the suites install
// them, the manifests never (those CRDs are their own project's to install).
const TestCRDDir = "test/crd"

// Kind holds the names derived from one kind. For("*") gives the patterns of the file
// names, which is how generators claim the places of their outputs.
type Kind struct{ kind string }

// For returns the names of a kind.
func For(kind string) Kind { return Kind{kind} }

// Pattern holds the file-name patterns of every kind.
var Pattern = For("*")

func (k Kind) lower() string      { return strings.ToLower(k.kind) }
func (k Kind) lowerFirst() string { return strings.ToLower(k.kind[:1]) + k.kind[1:] }

// StatusWriter is the generated status writer: ApplyMemcachedStatus.
func (k Kind) StatusWriter() string { return "Apply" + k.kind + "Status" }

// EqualStatus is the status writer's comparison: equalMemcachedStatus.
func (k Kind) EqualStatus() string { return "equal" + k.kind + "Status" }

// FieldManager is the constant holding the status writer's field manager.
func (k Kind) FieldManager() string { return k.kind + "FieldManager" }

// Reconciler is the user's reconciler type: MemcachedReconciler.
func (k Kind) Reconciler() string { return k.kind + "Reconciler" }

// NewReconciler is the user's constructor SetupReconcilers calls.
func (k Kind) NewReconciler() string { return "New" + k.Reconciler() }

// ReconcileFunc is the user's reconcile logic the generated Reconcile calls.
func (k Kind) ReconcileFunc() string { return Reconcile + k.kind }

// Cleanup is the user's cleanup hook of +opguard:finalizer.
func (k Kind) Cleanup() string { return "Cleanup" + k.kind }

// FinalizerConst is the generated reconciler's finalizer name.
func (k Kind) FinalizerConst() string { return k.lowerFirst() + "Finalizer" }

// GVKVar is the kind's GroupVersionKind, which finalizer applies need.
func (k Kind) GVKVar() string { return k.lowerFirst() + "GVK" }

// NotApplied is the scaffolded reconciler's helper for an apply that failed.
func (k Kind) NotApplied() string { return k.lowerFirst() + "NotApplied" }

// OwnedApply is the gated apply of an owned kind: ApplyMemcachedDeployment, with the
// owned kind's group word (see GroupWord) where the owner owns two kinds of one name.
func (k Kind) OwnedApply(groupWord, owned string) string { return "Apply" + k.kind + groupWord + owned }

// ConditionApply is the gated apply of the one condition an operator owns on a kind
// it does not define (+opguard:own-condition): ApplyCertificateCondition.
func (k Kind) ConditionApply() string { return "Apply" + k.kind + "Condition" }

// ConditionTypeConst is the type of that condition: CertificateConditionType.
func (k Kind) ConditionTypeConst() string { return k.kind + "ConditionType" }

// WebhookSetup registers the kind's webhooks with a manager, as kubebuilder names it.
func (k Kind) WebhookSetup() string { return "Setup" + k.kind + webhookSetupSuffix }

// ConvergesTest is the generated test of a reconciled kind.
func (k Kind) ConvergesTest() string { return "Test" + k.kind + "ConvergesAndRests" }

// CountsTest is the generated test of a reconciled kind's metrics.
func (k Kind) CountsTest() string { return "Test" + k.kind + "CountsItsDecisions" }

// RoundTripTest is the generated conversion round-trip test of a spoke.
func (k Kind) RoundTripTest() string { return "Test" + k.kind + "RoundTrip" }

// StatusFile holds the status writer, in the controller package.
func (k Kind) StatusFile() string { return GeneratedPrefix + k.lower() + "_status.go" }

// ReconcilerFile holds the generated Reconcile and SetupWithManager.
func (k Kind) ReconcilerFile() string { return GeneratedPrefix + k.lower() + "_reconciler.go" }

// OwnedFile holds the gated applies of the kind's owned objects.
func (k Kind) OwnedFile() string { return GeneratedPrefix + k.lower() + "_owned.go" }

// TestFile holds the generated convergence test.
func (k Kind) TestFile() string { return GeneratedPrefix + k.lower() + "_test.go" }

// ControllerFile is the user's reconciler file, scaffolded once, as kubebuilder names it.
func (k Kind) ControllerFile() string { return k.lower() + "_controller.go" }

// TypesFile is the kind's types file, as kubebuilder names it.
func (k Kind) TypesFile() string { return k.lower() + "_types.go" }

// WebhookFile and WebhookTestFile are the user's webhook and its tests.
func (k Kind) WebhookFile() string { return k.lower() + "_webhook.go" }

// WebhookTestFile: see WebhookFile.
func (k Kind) WebhookTestFile() string { return k.lower() + "_webhook_test.go" }

// ConversionFile is the user's Hub() or ConvertTo/ConvertFrom of one version.
func (k Kind) ConversionFile() string { return k.lower() + "_conversion.go" }

// ConversionAPITestFile is the generated conversion test through the API server of one
// spoke, in the hub's webhook package.
func (k Kind) ConversionAPITestFile(spoke string) string {
	return GeneratedPrefix + k.lower() + "_conversion_" + spoke + "_test.go"
}

// ConvertFunc is the generated conversion of one struct type in one direction:
// convertMemcachedSpecToHub, convertMemcachedSpecFromHub.
func ConvertFunc(typeName string, toHub bool) string {
	if toHub {
		return "convert" + typeName + "ToHub"
	}
	return "convert" + typeName + "FromHub"
}

// ConversionHook is the user's function for one field the generated conversion cannot
// match: convertMemcachedSpecSizeToHub.
func ConversionHook(typeName, field string, toHub bool) string {
	return ConvertFunc(typeName+field, toHub)
}

const webhookSetupSuffix = "WebhookWithManager"

// webhookSetupDecl finds the declaration of a webhook setup function in Go source.
var webhookSetupDecl = regexp.MustCompile(`\bfunc Setup\w*` + webhookSetupSuffix + `\(`)

// DeclaresWebhookSetup reports whether Go source declares a webhook setup function,
// whatever its parameter is called: the loader's cheap test for a webhook package.
func DeclaresWebhookSetup(src []byte) bool { return webhookSetupDecl.Match(src) }

// IsWebhookSetupFunc reports whether a function name is a kind's webhook setup,
// Setup<Kind>WebhookWithManager.
func IsWebhookSetupFunc(name string) bool {
	kind, ok := strings.CutPrefix(name, "Setup")
	if !ok {
		return false
	}
	kind, ok = strings.CutSuffix(kind, webhookSetupSuffix)
	return ok && kind != ""
}

// GroupWord is a group as part of a Go name: "networking.k8s.io" is "Networking", the
// core group "Core".
func GroupWord(group string) string {
	first, _, _ := strings.Cut(group, ".")
	if first == "" {
		first = "core"
	}
	return strings.ToUpper(first[:1]) + first[1:]
}

// ApplyConfiguration is a type's apply configuration, as applyconfiguration-gen names it.
func ApplyConfiguration(typeName string) string { return typeName + "ApplyConfiguration" }

// Extract is the function that reads back what a field manager applied to an object
// of the kind, with client-go's name; ExtractFrom and ExtractStatus its variants.
func (k Kind) Extract() string { return "Extract" + k.kind }

// ExtractFrom: see Extract.
func (k Kind) ExtractFrom() string { return k.Extract() + "From" }

// ExtractStatus: see Extract.
func (k Kind) ExtractStatus() string { return k.Extract() + "Status" }

// EnableWebhooks is the environment variable that, set to "false", keeps the
// generated wiring from registering webhooks (a manager run outside the cluster has
// no serving certificate).
const EnableWebhooks = "ENABLE_WEBHOOKS"

// WiringNames holds the wiring's names as fields, for templates, which cannot read
// constants: {{ .Wiring.SetupReconcilers }}.
type WiringNames struct {
	SetupReconcilers, AddToScheme, CacheOptions, ClientLimits string
	DefaultKubeAPIQPS, DefaultKubeAPIBurst, EnableWebhooks    string
	DefaultMaxConcurrentReconciles                            string
}

// Wire is the wiring's names as a value: see WiringNames.
var Wire = WiringNames{
	SetupReconcilers: SetupReconcilers, AddToScheme: AddToScheme, CacheOptions: CacheOptions,
	ClientLimits: ClientLimits, DefaultKubeAPIQPS: DefaultKubeAPIQPS, DefaultKubeAPIBurst: DefaultKubeAPIBurst,
	EnableWebhooks: EnableWebhooks, DefaultMaxConcurrentReconciles: DefaultMaxConcurrentReconciles,
}

// ConversionAPITest is the generated test of a spoke's conversion through the API
// server: TestMemcachedConversionV2.
func (k Kind) ConversionAPITest(spoke string) string {
	return "Test" + k.kind + "Conversion" + strings.ToUpper(spoke[:1]) + spoke[1:]
}

// NameLabel is the constant of the label the scaffolded webhook examples default and
// validate, one per kind so that two kinds' webhooks share a package.
func (k Kind) NameLabel() string { return k.lowerFirst() + "NameLabel" }

// ChartTestFile holds the tests of the Helm chart (test/chart).
const ChartTestFile = GeneratedPrefix + "chart_test.go"

// Selected is the function that says whether an object of a kind the project does not
// define opts in to its reconciler (+opguard:select-labels, +opguard:select-annotation).
func (k Kind) Selected() string { return k.lowerFirst() + "Selected" }

// Selection is the predicate that passes the events of objects Selected accepts.
func (k Kind) Selection() string { return k.lowerFirst() + "Selection" }

// ConditionTest is the envtest test of the condition such a reconciler owns
// (+opguard:own-condition).
func (k Kind) ConditionTest() string { return "Test" + k.kind + "OwnsOneCondition" }

// GuardedTest is the envtest test of the reconciler of a kind the project does not define.
func (k Kind) GuardedTest() string { return "Test" + k.kind + "ReconcilerIsGuarded" }

// SamplePath is the sample of a kind the project does not define that its tests create,
// under config/samples: the sample of a kind of the project is <group>_<version>_<kind>.yaml.
func SamplePath(group, version, kind string) string {
	if group == "" {
		group = "core"
	}
	return "config/samples/" + strings.ReplaceAll(group, ".", "_") + "_" + version + "_" + strings.ToLower(kind) + ".yaml"
}
