// Package manager generates the operator's wiring once any kind has +opguard:reconciler:
// zz_generated.manager.go in the controller package, with
//
//	const DefaultKubeAPIQPS, DefaultKubeAPIBurst  // +opguard:client, else opgen's policy
//	const DefaultMaxConcurrentReconciles          // opgen's policy (policy.DefaultWorkers)
//	func AddToScheme(s *runtime.Scheme) error     // client-go's kinds and every API package
//	func SetupReconcilers(mgr ctrl.Manager) error // every generated reconciler
//	func CacheOptions() cache.Options             // managedFields trimmed to the operator's own
//
// regenerated on every run, so a new kind is registered without an edit; and, once,
// the user-owned cmd/main.go that uses them (when it does not exist): secure metrics,
// health and readiness probes, leader election, the client rate limit of ClientLimits
// applied to the rest.Config before the manager is built, and CacheOptions as the
// manager's cache options.
//
// CacheOptions' DefaultTransform (the runtime's trimManagedFields) knows, from the
// model, which kinds the guards read managedFields of, and whose entries they read:
// each status-owner kind keeps the entries of the field managers that write it
// (<Kind>FieldManager) and every manager's status entries; each kind a reconciler owns
// (unless it is a status-owner kind too) keeps none, its gated applies' managers'
// fields digested first (the runtime's digestOwnedFields, one per owned kind with its
// Extract<Kind>); every other kind the cache holds keeps none. Stripping them all, the
// usual memory fix, would make the status writer and the gated apply compare with the
// whole object and write on every reconcile; the trim saves nearly as much
// (docs/storm.md). It is keyed by Go type, so a kind read as unstructured or as
// metadata only is stripped: the guards read neither.
//
// opgen's client policy, when no +opguard:client marker sets one: no client-side limit
// (QPS -1, as controller-runtime has it; --kube-api-qps sets one, with bursts of
// --kube-api-burst, default 100), and policy.DefaultWorkers reconciles at once per
// controller. The API server's priority and fairness, through the generated
// config/apf priority level, is the bound: a client limit is reached exactly in the
// first sync over every object, where it made the operator look dead (docs/runtime.md
// has the measurements).
package manager
