// Package unfilteredfor defines an analyzer that reports a controller watching a kind
// with a status subresource through For(), or a source.Kind watch, without any
// predicate.
//
// # Analyzer unfilteredfor
//
// unfilteredfor: report For() or source.Kind() of a kind with a status subresource without predicates
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
// with a Status field (see kubetypes) — that the same package writes (a status
// Update, Patch or Apply of an object of that kind, in the package or in a function
// it hands the object to, in any package analyzed: see vet/internal/writes), when
//
//   - none of For's options is a builder.Predicates (builder.WithPredicates(…)) that
//     may filter updates, and
//   - the builder chain holds no WithEventFilter call with such a predicate.
//
// A controller wired without the builder is judged the same way: a
// source.Kind(cache, &Foo{}, &handler.TypedEnqueueRequestForObject[*Foo]{},
// predicates…) handed to c.Watch is reported when none of its predicates may filter
// updates; a handler of its own (not EnqueueRequestForObject) decides what to enqueue
// and counts as a filter.
//
// When the chain does not run from the constructor (ctrl.NewControllerManagedBy) to
// Complete or Build in one expression, the builder is configured in several
// statements, and a WithEventFilter anywhere in the same function counts.
//
// A predicate is judged only where its source says for certain that it passes every
// update, and is then no filter at all: predicate.Funcs with no UpdateFunc or with one
// whose body is "return true", predicate.ResourceVersionChangedPredicate (every write,
// status writes included, changes the resourceVersion), an Or with one of those, an And
// of only those. A variable is followed to its value when it is assigned once. Any
// other predicate may filter and is trusted to: the analyzer does not guess what a
// function decides.
//
// A status of struct{} (some scaffolds keep one) is no status subresource: nothing is
// written to it, so nothing loops. A kind whose status the package never writes is
// not reported either: another controller's status writes are not this one's loop.
// Where the For call is in a method of a type that has a Reconcile method in the
// package (func (r *FooReconciler) SetupWithManager), that type's methods, the
// functions of the package they call or take as values, and the methods of the
// package's types they build a value of (which an interface may call), stand for the
// controller:
// a second controller of the same kind in the package that writes none of its status
// is woken by the first one's writes but writes nothing back, and is not reported.
// A write the analysis cannot follow (through a function value, an interface, an
// object held in a struct field) goes unseen, and so does the finding.
//
// # Fix
//
// builder.WithPredicates on For with a predicate that passes what the reconciler acts
// on and drops status-only updates: predicate.GenerationChangedPredicate combined
// (predicate.Or) with one that passes deletion and finalizer changes, which a
// generation predicate alone misses — opgen's generated SetupWithManager wires exactly
// that.
package unfilteredfor
