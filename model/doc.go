// Package model is the typed view of a project's API packages that every generator
// reads: groups, versions, root kinds and their status structs, with the +opguard:
// markers resolved onto them and every cross-declaration rule of the marker language
// checked.
//
// [Build] is the only constructor. It runs once per opgen run, on the packages the run
// loaded, and reports problems as positioned diagnostics instead of stopping at the
// first: a marker on the wrong kind of declaration, a status-owner kind without a
// status subresource, observed-generation without its field, a reconciler without a
// status writer, and so on. Per-marker syntax and argument checks live in package
// markers; this package adds what needs the types.
//
// A root kind is a struct type with +kubebuilder:object:root=true that embeds
// metav1.ObjectMeta; list types (which embed ListMeta) are not kinds.
package model
