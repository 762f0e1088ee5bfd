// Package manager generates the operator's wiring once any kind has +opguard:reconciler:
// zz_generated.manager.go in the controller package, with
//
//	const DefaultKubeAPIQPS, DefaultKubeAPIBurst  // +opguard:client, else opgen's policy
//	func AddToScheme(s *runtime.Scheme) error     // client-go's kinds and every API package
//	func SetupReconcilers(mgr ctrl.Manager) error // every generated reconciler
//
// regenerated on every run, so a new kind is registered without an edit; and, once,
// the user-owned cmd/main.go that uses them (when it does not exist): secure metrics,
// health and readiness probes, leader election, and the client rate limit of
// ClientLimits applied to the rest.Config before the manager is built.
//
// opgen's client policy, when no +opguard:client marker sets one: 50 requests per
// second, bursts of 100. controller-runtime leaves client-side throttling off (QPS -1)
// and leaves the API server's priority and fairness to absorb a runaway operator; a
// bounded client stops a loop at the source, and a guarded operator at rest sends no
// requests, so the bound is only reached in bursts. --kube-api-qps=-1 turns it off.
package manager
