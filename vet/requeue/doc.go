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
//     (reconcile.Result, error); one finding for the return, which also says when its
//     Requeue is deprecated. Not reported when the error cannot reach
//     controller-runtime: a variable that is nil where it is returned (inside
//     if err == nil, or after an if err != nil that leaves, with no assignment in
//     between), or a sentinel (a package-level error variable, followed through
//     var ErrNextLoop = utils.ErrNextLoop) that the same package turns into a nil
//     error — an if on errors.Is(err, E) or err == E whose body returns a nil error
//     (if errors.Is(err, ErrNextLoop) { return result, nil }). A sentinel mapped only in
//     another package is not seen, and the return is reported.
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
