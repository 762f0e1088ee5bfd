// Package subresource finds the custom resources whose source says they have no
// status subresource: a type declared with the marker +kubebuilder:object:root=true
// and without the marker +kubebuilder:subresource:status among the comments above it
// (the comment groups between the declaration and the one before it, as
// controller-gen reads them), though it has a Status field. (No line of this comment
// starts with a marker: opgen generate, like controller-gen, reads such a line as one.)
//
// kubetypes takes every custom resource with a Status field for one with the
// subresource, because export data carries no comments: every kubebuilder-scaffolded
// kind with a Status field has the marker. Where the declaration is loaded from
// source (the operator's own API packages, which opgen vet analyzes with its
// controllers), the marker decides. On such a kind c.Status().Update and Patch fail
// with 404 Not Found: the write never lands, so it can neither loop nor conflict, and
// statusupdate and cachedupdate leave it alone (a write that always fails is a bug of
// its own, which no analyzer here reports).
//
// The finding is carried to the packages that use the kind as an analysis fact
// (NoStatus, on the type's name); the analyzer's result answers for the package and
// everything it imports.
package subresource
