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
// opgen's client policy, when no +opguard:client marker sets one: 50 requests per
// second, bursts of 100. controller-runtime leaves client-side throttling off (QPS -1)
// and leaves the API server's priority and fairness to absorb a runaway operator; a
// bounded client stops a loop at the source, and a guarded operator at rest sends no
// requests, so the bound is only reached in bursts. --kube-api-qps=-1 turns it off.
package manager
