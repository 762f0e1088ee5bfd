// Package unfilteredfor defines an analyzer that reports a controller watching a kind
// with a status subresource through For() without any predicate.
//
// # Analyzer unfilteredfor
//
// unfilteredfor: report For() of a kind with a status subresource without predicates
//
// # Incident
//
// Without a predicate, every update of the primary object is a reconcile, including
// the updates of its status that the reconciler itself writes. Any status write that
// is not a no-op (a timestamp, a counter, a condition message with a duration) queues
// the object again: the update–watch–update loop (reported: apiserver 500 → 20,000
// QPS). kubebuilder's scaffold wires For() this way.
//
// # Rule
//
// Reported: a call of the controller builder's For (builder.TypedBuilder, of which
// ctrl.Builder is an alias) whose object has a status subresource — a custom resource
// with a Status field (see kubetypes) — when
//
//   - none of For's options is a builder.Predicates (builder.WithPredicates(…)), and
//   - the builder chain holds no WithEventFilter call.
//
// When the chain does not run from the constructor (ctrl.NewControllerManagedBy) to
// Complete or Build in one expression, the builder is configured in several
// statements, and a WithEventFilter anywhere in the same function counts. Whether the
// predicates given are good ones is not judged here.
//
// # Fix
//
// builder.WithPredicates on For with a predicate that passes what the reconciler acts
// on and drops status-only updates: predicate.GenerationChangedPredicate combined
// (predicate.Or) with one that passes deletion and finalizer changes, which a
// generation predicate alone misses — opgen's generated SetupWithManager wires exactly
// that.
package unfilteredfor
