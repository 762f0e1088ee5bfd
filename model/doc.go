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
//
// A kind the project does not define is read from the controller package
// (Input.Controller): a type <Kind>Reconciler with +opguard:for=<group>/<version>/<Kind>
// names it, and its other markers (reconciler, owns, watch-labels, watch-annotations,
// finalizer, select-labels, select-annotation, own-condition) configure it. A kind of k8s.io/api must
// be served by the project's release (the kubeapi table); another module's comes from
// the package +opguard:for-package names, loaded with the run, and must declare it as
// a root kind with that group and version. The project's own kinds are refused there.
// They are API.External, in no Package: no CRD, deepcopy or status writer is made for
// them. +opguard:own-condition=<type> makes one condition type of another module's kind
// the operator's, when the kind has the status subresource and its status.conditions
// is a []metav1.Condition with +listType=map and +listMapKey=type (read from the
// package's markers); otherwise it is refused at the marker. Every +opguard: marker of
// the controller package's user files is read, root of the run or not: the package
// clause's (+opguard:client) apply as an API package's do, and one on a type that has
// no +opguard:for is misplaced.
package model
