// Package subresource finds the custom resources that have no status subresource
// though they have a Status field.
//
// What the API server is given decides: the CustomResourceDefinition manifests in the
// YAML files of the module that declares the kind (under the directory of its go.mod,
// leaving out vendor, node_modules, testdata and hidden folders; a line that is only
// a template directive, {{- if .Values.crds }}, is read as blank, and a document that
// does not parse is skipped). A manifest declares the kind when its spec.group is the
// group of the kind's package (its +groupName marker, or else the Group of a
// schema.GroupVersion literal of the package; any group when it has neither) and its
// spec.names.kind is the type's name. The kind has no status subresource when every
// manifest that declares it gives none to the version named as the package is
// (spec.versions[].subresources, or v1beta1's spec.subresources for every version),
// or, in one that has no such version, to any version: a manifest that gives it one
// keeps it, so a stale copy cannot hide a write that lands. (controller-gen makes a
// CRD of every type that embeds TypeMeta and ObjectMeta, with or without the root
// marker, and gives it {} for subresources when the marker of the status subresource
// is absent: the manifest is what shows it for a kind declared in the older style,
// with the markers +genclient and +k8s:deepcopy-gen:interfaces.)
//
// Where no manifest declares the kind, its source says: a type declared with the
// marker +kubebuilder:object:root=true and without the marker of the subresource
// (+kubebuilder:subresource:status) among the comments above it (the comment groups
// between the declaration and the one before it, as controller-gen reads them). (No
// line of this comment starts with a marker: opgen generate, like controller-gen,
// reads such a line as one.)
//
// kubetypes takes every custom resource with a Status field for one with the
// subresource, because export data carries no comments: every kubebuilder-scaffolded
// kind with a Status field has the marker. Where the declaration is loaded from
// source (the operator's own API packages, which opgen vet analyzes with its
// controllers), its manifests or its markers decide. On such a kind
// c.Status().Update and Patch fail with 404 Not Found: the write never lands, so it
// can neither loop nor conflict, and statusupdate, cachedupdate and unfilteredfor
// leave it alone (a write that always fails is a bug of
// its own, which no analyzer here reports).
//
// The finding is carried to the packages that use the kind as an analysis fact
// (NoStatus, on the type's name); the analyzer's result answers for the package and
// everything it imports.
package subresource
