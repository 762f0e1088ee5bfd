// Package workers defines an analyzer that reports MaxConcurrentReconciles set above
// a threshold.
//
// # Analyzer workers
//
// workers: report MaxConcurrentReconciles set above a threshold
//
// # Incident
//
// When a controller falls behind, raising MaxConcurrentReconciles looks like the fix.
// When the backlog comes from 409 Conflicts or client-side throttling — the usual
// case — more workers send more conflicting writes at once, hit the same rate limit
// sooner, and turn a slow controller into a conflict storm (reported: workqueue depth
// > 15,000, "Waited for 2.4s due to client-side throttling").
//
// # Rule
//
// Reported: a field named MaxConcurrentReconciles of a struct declared in
// sigs.k8s.io/controller-runtime (controller.Options, controller.TypedOptions,
// config.Controller for every controller of a manager) set to a constant above
// -workers.max (default 10), in a composite literal or an assignment. A value read
// from a flag or computed is not judged.
//
// # Fix
//
// Find where the time goes first: fix the write path (Server-Side Apply, a diff before
// every write, predicates), then size workers to what the API server budget (the
// client's QPS, API Priority and Fairness) can carry.
package workers
