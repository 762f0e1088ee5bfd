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
// ctrl.Builder is an alias, or multicluster-runtime's fork of it,
// sigs.k8s.io/multicluster-runtime/pkg/builder, with the same chain and options: an
// option that chooses clusters filters no event) whose object has a status subresource — a custom resource
// with a Status field (see kubetypes) — that the controller writes, when
//
//   - none of For's options is a builder.Predicates (builder.WithPredicates(…)) that
//     may drop a status-only update, and
//   - the builder chain holds no WithEventFilter call with such a predicate.
//
// The controller is its reconciler: the argument of the chain's Complete or Build (or
// the Reconciler of the controller.Options a c.Watch's controller was made with),
// when its static type is a named type with a Reconcile method, declared in this
// package or any other analyzed (a reconcile.Func made of a method value,
// Complete(reconcile.Func(r.Reconcile)), is the method's receiver, and
// reconcile.AsReconciler(c, rec) is rec; a reconcile.Func made of a function literal
// cannot be told); its methods, and what they reach (calls, functions
// taken as values, the methods of the types they build a value of, which an
// interface may call; a method called through an interface whose package has one
// implementation of it, as that implementation's), write the kind's status or do not,
// in any package (see
// vet/internal/writes, which carries it as an analysis fact). A status write is a
// status writer's Update, Patch or Apply, or the Patch of a patch helper that sends
// the status subresource with the object's other changes (cluster-api's
// util/patch.Helper, fluxcd's runtime/patch.Helper and SerialPatcher: helper, _ :=
// patch.NewHelper(obj, r.Client); defer helper.Patch(ctx, obj)), unless the helper
// was made from the object in the Patch's own statement list and nothing between the
// two gives the object more than finalizers, labels, annotations or owner references
// (a finalizer helper's: the helper sends only what changed since it was made). So a
// For in the
// manager's set-up whose reconciler, in another package, writes the kind's status is
// reported, and one whose reconciler writes none of it is not. When the reconciler
// cannot be told (an interface, a wrapper), the package stands for it: the For is
// reported when the package writes the kind's status, unless the For call is in a
// method of a type with a Reconcile method in the package (func (r *FooReconciler)
// SetupWithManager) whose reach writes none.
//
// A controller wired without the builder is judged the same way: a
// source.Kind(cache, &Foo{}, &handler.TypedEnqueueRequestForObject[*Foo]{},
// predicates…) handed to c.Watch is reported when none of its predicates may drop a
// status-only update; a handler of its own (not EnqueueRequestForObject) decides what
// to enqueue and counts as a filter. So is the form of controller-runtime before 0.18,
// where Watch takes the handler and predicates: c.Watch(source.Kind(cache, &Foo{}),
// handler, predicates…) (0.15 to 0.17) and c.Watch(&source.Kind{Type: &Foo{}},
// handler, predicates…) (before 0.15). The predicates of those versions are read as
// the generic ones: predicate.Funcs, ResourceVersionChangedPredicate and the change
// predicates are structs of those names there, and an UpdateFunc takes an
// event.UpdateEvent struct (predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool
// { return true }} passes every update, whichever version).
//
// The controller's own kind watched a second way, with the builder's Watches(&Foo{},
// handler, opts…) in the chain whose For watches Foo, is reported the same way, at the
// Watches: whatever For's predicates, its status writes come back through it when its
// handler is EnqueueRequestForObject or EnqueueRequestsFromMapFunc (a map function
// sees one object and cannot tell a status-only update from another) and neither its
// predicates nor the chain's WithEventFilter may drop a status-only update. Any other
// handler decides what to enqueue, and is trusted to; so is a map function of the
// package that never maps an object to itself: each request it returns is appended
// in a range over a list, built from the element's name, for an element the loop
// skips when its name is the changed object's (if dep.Name == changed.Name {
// continue }), as a watch that wakes the objects depending on the one that changed
// does.
//
// When the chain does not run from the constructor (ctrl.NewControllerManagedBy) to
// Complete or Build in one expression (the builder configured in several statements,
// or handed through a function: withOptions(ctrl.NewControllerManagedBy(mgr).For(…),
// opts).Complete(r)), a WithEventFilter anywhere in the same function counts, judged
// as in the chain: one whose predicate passes every update
// (ResourceVersionChangedPredicate) filters nothing.
//
// A predicate is judged by what it really filters, where its source says for certain
// that it cannot drop a status-only update (an update whose new object differs from
// the old in status and resourceVersion only), and is then no filter at all:
//
//   - predicate.Funcs with no UpdateFunc, or with one whose every return gives true
//     (whatever it reads or records on the way: a predicate that notes when it first
//     saw an object), or that reads, of the event, only the new object (a filter of one object: a namespace, a name, a
//     label; not its status, as below) and of the old one nothing but its
//     resourceVersion, name, namespace or UID (a resync filter: a status write changes
//     the resourceVersion);
//   - LabelSelectorPredicate, and predicate.NewPredicateFuncs with a filter that reads
//     no status, which see one object and cannot tell what an update changed (a
//     filter that reads a Status field, calls a method of the kind's own, or hands the
//     object to a function, may drop the object once its status reaches a state, and
//     with it the update of the controller's own write that brought it there: it may
//     filter; a function of the filter's own package it is handed to is read in
//     turn, three calls deep: isManaged(o.(*Pool), cp), which compares the spec with
//     what a provider serves, reads no status);
//     predicate.ResourceVersionChangedPredicate; predicate.Not of a generation, label
//     or annotation change predicate;
//   - a value of a type whose Update method is such a function, or a call of a
//     function every return of which is such a predicate, in this package or, through
//     an analysis fact, in another (an operator's own predicates package);
//   - an Or with one of those, an And of only those, and a variable assigned once,
//     followed to its value.
//
// A filter of one object that passes it only while it is being deleted (every
// return false, or a test that its deletion timestamp is set: o.GetDeletionTimestamp()
// != nil, !o.DeletionTimestamp.IsZero(), alone or with && — the deletion pass of
// predicate.Or(GenerationChangedPredicate{}, deleting{})) drops every status-only
// update of a live object, and filters; one that passes live objects
// (GetDeletionTimestamp() == nil) does not.
//
// Any other predicate may filter and is trusted to: one that compares anything else of
// the old object with the new, drops every update (returns false), or hands the event
// to a function the analyzer does not follow.
//
// A project's own controller builder counts as the For it wraps: a method that stores
// the object it is handed in a field of its receiver (func (b *Builder) For(obj
// client.Object) *Builder { b.obj = obj; return b }) which another method of the type
// hands to the builder's For with a predicate that may filter
// (ctrl.NewControllerManagedBy(b.mgr).For(b.obj, builder.WithPredicates(p…,
// predicate.GenerationChangedPredicate{}))) is, at each call in any package
// (b.For(&Foo{})), a filtered For of the object's kind (the WrapsFor fact of
// vet/internal/watches): statusupdate and statustime leave that kind's writes, as
// they do behind the builder's own predicates. A wrapper whose For passes every
// update is not read (its other methods may add predicates): a call of it is no
// controller.
//
// A watch wired in a function or method that nothing among the packages analyzed
// refers to is not reported, when one of the packages makes the manager (so that
// what calls the set-ups is in view), its kind has a watch wired in a function that
// something does call, and its reconciler is that watch's or is built (a composite
// literal of its type) in such a function: a SetupWithManager left behind when the
// reconciler came to be registered by another function — with the builder, or with
// controller.New and c.Watch, the reconciler handed on as a reconcile.Reconciler —
// starts no controller. The set-up of a reconciler nothing running builds, or of a
// kind nothing running watches, is still reported: it is the one the author has yet
// to call. A method of that name called through an interface or a type parameter
// anywhere (reconcilers set up in a loop over a list) counts as called. Such a watch
// counts for no kind's controllers either, in statusupdate's and statustime's test of
// whether every controller of a kind filters (opgen vet settles both, seeing every
// package at once).
//
// A status of struct{} (some scaffolds keep one) is no status subresource: nothing is
// written to it, so nothing loops. Nor is the status of a kind that the
// vet/internal/subresource analyzer finds declared without one (by the
// CustomResourceDefinition manifests of its module, or else its markers): its
// status writes fail with 404 Not Found and wake nothing. A kind whose status the controller never writes is
// not reported either: another controller's status writes are not this one's loop. A
// write the analysis cannot follow (through a function value, an interface of several
// implementations or one declared in another package than its implementation, an
// object held in a field of the receiver) goes unseen, and so does the finding.
//
// # Fix
//
// builder.WithPredicates on For with a predicate that passes what the reconciler acts
// on and drops status-only updates: predicate.GenerationChangedPredicate combined
// (predicate.Or) with one that passes deletion and finalizer changes, which a
// generation predicate alone misses — opgen's generated SetupWithManager wires exactly
// that.
package unfilteredfor
