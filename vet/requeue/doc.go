// Package requeue defines an analyzer that reports misuse of reconcile.Result.
//
// # Analyzer requeue
//
// requeue: report Requeue: true, short constant RequeueAfter delays, and RequeueAfter returned with an error
//
// # Incident
//
// A reconciler asks to run again through its Result. Three ways of asking do harm:
//
//   - Requeue: true is deprecated in controller-runtime v0.25: it requeues through the
//     rate limiter meant for errors (5 ms, 10 ms, … with the default limiter), so a
//     controller "waiting" this way polls its objects many times a second.
//   - A short constant RequeueAfter (a second, a few hundred milliseconds) reconciles
//     every object all the time, whether anything changed or not: with a few thousand
//     objects it is a steady load on the API server and a steady stream of writes if
//     the reconciler writes anything. Watches already deliver changes.
//   - A RequeueAfter (or Requeue) returned together with a non-nil error is ignored:
//     controller-runtime logs a warning and retries with error backoff instead, so the
//     delay the code asks for never happens.
//
// # Rule
//
// Reported:
//
//   - the field Requeue of a reconcile.Result (ctrl.Result) composite literal set to
//     anything but the constant false, and an assignment to a Result's Requeue field;
//   - a RequeueAfter set to a constant duration above zero and below -requeue.min
//     (default 5s), in a literal or an assignment; a computed duration is not judged;
//   - a return of a Result composite literal with a non-zero RequeueAfter or Requeue
//     together with an error that is not the literal nil, in a function returning
//     (reconcile.Result, error).
//
// # Fix
//
// A fix is suggested only where it cannot change what the program does. Requeue: true
// beside a non-zero RequeueAfter is dropped (controller-runtime reads Requeue only
// when RequeueAfter is zero) when the Result literal is returned straight to
// controller-runtime by a Reconcile method (Reconcile(context.Context,
// reconcile.Request) (reconcile.Result, error)) and nothing in the package reads a
// Result's Requeue: a sub-reconciler's Result, or one a chain branches on
// (if res.Requeue { return res, nil }), keeps its Requeue, and the finding says why it
// offers no fix. Requeue: true alone gets no fix: any RequeueAfter changes when the
// object comes back, and the delay is the author's to choose (-requeue.min or more).
// Otherwise: requeue only for state no watch delivers, after a delay measured in tens
// of seconds or minutes; return the error alone (with reconcile.TerminalError when
// retrying cannot help), or the Result with a nil error.
package requeue
