// Package reconciler generates, for each kind with +opguard:reconciler, the guarded
// Reconcile and the predicate-wired SetupWithManager as methods on <Kind>Reconciler,
// in zz_generated.<kind>_reconciler.go of the controller package.
//
// The user writes the rest in a file of their own, which opgen scaffolds once,
// <kind>_controller.go, when the package declares no <Kind>Reconciler:
//
//	type <Kind>Reconciler struct{ client.Client; Scheme *runtime.Scheme; … }
//	func New<Kind>Reconciler(mgr ctrl.Manager) *<Kind>Reconciler
//	func (r *<Kind>Reconciler) Reconcile<Kind>(ctx context.Context, obj *<api>.<Kind>) (<api>.<Kind>Status, Outcome, error)
//	func (r *<Kind>Reconciler) Cleanup<Kind>(ctx context.Context, obj *<api>.<Kind>) error   // with +opguard:finalizer
//
// The generated Reconcile gets the object (not found: done), handles the finalizer
// around Cleanup<Kind> (added and removed with Server-Side Apply, never Update), calls
// Reconcile<Kind>, writes the returned status with Apply<Kind>Status, and maps the
// result: a Terminal error sets Ready=False with its reason and is not retried; another
// error is retried with per-object backoff from 1 s to 5 min; a requested delay is
// raised to MinRequeueAfter.
//
// SetupWithManager watches the kind through a predicate that passes creation, deletion,
// generation changes, deletion timestamps, finalizer changes and the labels and
// annotations named by +opguard:watch-labels / watch-annotations, and nothing else; owns
// each +opguard:owns kind with no generation filter (ConfigMaps and Secrets have no
// generation; a Deployment's status changes without one); and sets
// MaxConcurrentReconciles from the marker.
//
// A package whose own code already defines Reconcile or SetupWithManager on the type
// (an existing kubebuilder controller) stops the run with a positioned error naming the
// method and the two ways out; so does a missing Reconcile<Kind>, New<Kind>Reconciler or
// Cleanup<Kind>. The tree never reaches a state that does not compile.
//
// A kind the project does not define (a kind of k8s.io/api or another module's CRD) is
// named by +opguard:for on a <Kind>Reconciler of the controller package, which carries
// the kind's markers (model.API.External). Its Reconcile is the same but for the status:
// none is written, and Reconcile<Kind>(ctx, obj) returns (Outcome, error); it is called
// only for an object that opts in (+opguard:select-labels, +opguard:select-annotation,
// <kind>Selected), and an object that stops opting in has its finalizer released. Its
// SetupWithManager filters with contentPredicate instead of the generation (a
// Deployment's moves with any annotation, a ConfigMap has none) and with <kind>Selection.
// <Kind>FieldManager, the field manager of its finalizer and gated applies, is the
// project's name. The user's file is written by opgen create controller, not here.
package reconciler
