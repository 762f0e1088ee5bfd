package symbols

// Part is one file of the runtime's source, emitted whole or not at all.
type Part string

// The parts, in the order the generated file holds them.
const (
	Reconcile    Part = "reconcile"
	Status       Part = "status"
	ClientLimits Part = "clientlimits"
	Finalizer    Part = "finalizer"
	Owned        Part = "owned"
	Memory       Part = "memory"
	// ManagedFields is the cache transform that keeps only the operator's own
	// managedFields entries.
	ManagedFields Part = "managedfields"
	// External is the primary filter of a kind the project does not define.
	External Part = "external"
	// Condition is the gated apply of the one condition an operator owns on a kind it
	// does not define.
	Condition Part = "condition"
	// Metrics is the guards' metrics on controller-runtime's registry.
	Metrics Part = "metrics"
)

// Parts lists every part in order.
var Parts = []Part{Reconcile, Status, ClientLimits, Finalizer, Owned, Memory, ManagedFields, External, Condition, Metrics}

// What generated code calls.
const (
	// Reconcile.
	ReadyCondition   = "ReadyCondition"
	Outcome          = "Outcome"
	Terminal         = "Terminal"
	MinRequeueAfter  = "MinRequeueAfter"
	TerminalReason   = "terminalReason"
	ReconcileResult  = "reconcileResult"
	RateLimiter      = "rateLimiter"
	PrimaryPredicate = "primaryPredicate"
	OwnedPredicate   = "ownedPredicate"

	// Memory.
	RecallWrite   = "recallWrite"
	RememberWrite = "rememberWrite"

	// Status.
	StatusEvents      = "statusEvents"
	ReportTakenFields = "reportTakenFields"
	OwnedStatus       = "ownedStatus"
	PrepareConditions = "prepareConditions"
	SortConditions    = "sortConditions"
	Now               = "now"
	Convert           = "convert"

	// Finalizer.
	EnsureFinalizer = "ensureFinalizer"
	RemoveFinalizer = "removeFinalizer"

	// ClientLimits.
	ClientLimitsType = "ClientLimits"

	// Owned.
	ApplyOwned          = "applyOwned"
	HasController       = "hasController"
	ControllerReference = "controllerReference"
	DigestOwnedFields   = "digestOwnedFields"

	// ManagedFields.
	TrimManagedFields = "trimManagedFields"

	// Condition.
	ApplyCondition = "applyCondition"

	// External.
	ContentPredicate = "contentPredicate"

	// Metrics.
	ObserveStatusKind  = "observeStatusKind"
	ObserveOwnedKind   = "observeOwnedKind"
	CountStatusSkipped = "countStatusSkipped"
	CountStatusSent    = "countStatusSent"
	CountStatusFailed  = "countStatusFailed"
)

// Names holds the names generated code calls as fields, for templates, which cannot
// read constants: {{ .R.RecallWrite }}. Each field holds the constant of its name.
type Names struct {
	ReadyCondition, Outcome, Terminal, MinRequeueAfter, TerminalReason, ReconcileResult         string
	RateLimiter, PrimaryPredicate, OwnedPredicate                                               string
	RecallWrite, RememberWrite                                                                  string
	StatusEvents, ReportTakenFields, OwnedStatus, PrepareConditions, SortConditions             string
	Now, Convert                                                                                string
	EnsureFinalizer, RemoveFinalizer                                                            string
	ApplyOwned, HasController, ControllerReference, DigestOwnedFields                           string
	TrimManagedFields                                                                           string
	ObserveStatusKind, ObserveOwnedKind, CountStatusSkipped, CountStatusSent, CountStatusFailed string
	ContentPredicate                                                                            string
	ApplyCondition                                                                              string
}

// Called is the runtime's names as a value: see Names.
var Called = Names{
	ReadyCondition: ReadyCondition, Outcome: Outcome, Terminal: Terminal, MinRequeueAfter: MinRequeueAfter,
	TerminalReason: TerminalReason, ReconcileResult: ReconcileResult,
	RateLimiter: RateLimiter, PrimaryPredicate: PrimaryPredicate, OwnedPredicate: OwnedPredicate,
	RecallWrite: RecallWrite, RememberWrite: RememberWrite,
	StatusEvents: StatusEvents, ReportTakenFields: ReportTakenFields, OwnedStatus: OwnedStatus,
	PrepareConditions: PrepareConditions, SortConditions: SortConditions, Now: Now, Convert: Convert,
	EnsureFinalizer: EnsureFinalizer, RemoveFinalizer: RemoveFinalizer,
	ApplyOwned: ApplyOwned, HasController: HasController, ControllerReference: ControllerReference,
	DigestOwnedFields: DigestOwnedFields,
	TrimManagedFields: TrimManagedFields,
	ContentPredicate:  ContentPredicate,
	ApplyCondition:    ApplyCondition,
	ObserveStatusKind: ObserveStatusKind, ObserveOwnedKind: ObserveOwnedKind,
	CountStatusSkipped: CountStatusSkipped, CountStatusSent: CountStatusSent, CountStatusFailed: CountStatusFailed,
}

// PartOf maps every top-level name the runtime declares to its part: those generated
// code calls, and those only the runtime itself uses.
var PartOf = map[string]Part{
	ReadyCondition: Reconcile, Outcome: Reconcile, Terminal: Reconcile, MinRequeueAfter: Reconcile,
	TerminalReason: Reconcile, ReconcileResult: Reconcile, RateLimiter: Reconcile,
	PrimaryPredicate: Reconcile, OwnedPredicate: Reconcile,
	"requeueAfter": Reconcile, "terminal": Reconcile,

	RecallWrite: Memory, RememberWrite: Memory, "writeMemory": Memory, "lastWrite": Memory,
	"cacheBehind": Memory, "resourceVersionNewer": Memory, "pruneStale": Memory, "writeMemorySize": Memory,

	OwnedStatus: Status, StatusEvents: Status, ReportTakenFields: Status, "takenFields": Status, "heldPaths": Status, "withinPath": Status,
	"takenReports": Status, "takenReportInterval": Status, "takenReportDue": Status, PrepareConditions: Status,
	SortConditions: Status, Now: Status, Convert: Status,
	"project": Status, "onlyDot": Status,
	"matches": Status, "jsonEqual": Status,

	EnsureFinalizer: Finalizer, RemoveFinalizer: Finalizer, "finalizerApply": Finalizer,

	ClientLimitsType: ClientLimits, "DefaultKubeAPIInFlight": ClientLimits, "inFlightBound": ClientLimits, "newInFlightBound": ClientLimits,
	"inFlightTransport": ClientLimits, "inFlightWindow": ClientLimits, "inFlightTarget": ClientLimits,

	ApplyOwned: Owned, HasController: Owned, ControllerReference: Owned,
	"ownedConfig": Owned, "ownedMemory": Owned, "ownedKey": Owned, "ownedDecision": Owned,
	"ownedSettled": Owned, "ownedDecided": Owned, "ownedAnswered": Owned,
	DigestOwnedFields: Owned, "ownedFields": Owned, "ownedFieldsKey": Owned, "ownedFieldsAt": Owned,
	"ownedFieldsRef": Owned, "dropOwnedFields": Owned, "ownedFieldsOf": Owned, "hasAppliedEntry": Owned,
	"ownedMemorySize": Owned,

	TrimManagedFields: ManagedFields,

	ContentPredicate: External, "contentChanged": External,

	ApplyCondition: Condition, "conditionKey": Condition, "conditionEqual": Condition,

	ObserveStatusKind: Metrics, ObserveOwnedKind: Metrics, CountStatusSkipped: Metrics, CountStatusSent: Metrics,
	CountStatusFailed: Metrics, "guardStatusWrites": Metrics, "guardGenerationWrites": Metrics, "guardRateLimiterLatency": Metrics, "guardStatusSkipped": Metrics, "guardOwnedApplies": Metrics,
	"guardOwnedSkipped": Metrics, "guardTakebacks": Metrics, "guardConflicts": Metrics,
	"guardSkipUnchanged": Metrics, "guardSkipCacheBehind": Metrics, "guardWriteStatus": Metrics, "guardWriteOwned": Metrics,
	"guardMaxManagers": Metrics, "guardManagerLabels": Metrics, "guardManagerLabel": Metrics, "guardCounterVec": Metrics,
	"guardMemorySize": Metrics, "guardCountConflict": Metrics,
}

// Exported returns the runtime's exported names: those the user's own code in the
// controller package may use (Outcome, Terminal, ...), which keep their part emitted.
func Exported() map[string]Part {
	out := map[string]Part{}
	for name, p := range PartOf {
		if name[0] >= 'A' && name[0] <= 'Z' {
			out[name] = p
		}
	}
	return out
}
