// Package naming is the one table of the names opgen emits: every identifier that
// generated code declares and another file refers to (the status writer a reconciler
// calls, the constructor SetupReconcilers calls, the wiring a main calls), every
// import alias, every generated file name.
//
// The emitters write these names, the checks of the user's code look for them, the
// scaffold templates spell them for the user, and the loader recognises them, all
// through this table, so a name is spelled once: renaming one here renames it
// everywhere, and two names that would collide are found here (see [Kind.Collisions]).
// TestNoNameOutsideTheTable (naming/table_test.go) holds the rest of the repository to
// it.
//
// The names follow kubebuilder's where kubebuilder has one (<Kind>Reconciler,
// Setup<Kind>WebhookWithManager, <kind>_controller.go, the cachev1alpha1 alias), so a
// kubebuilder project's code meets opgen's.
package naming
