// Package v1 declares five kinds with a Status field, in the styles a repository
// mixes: Plan in the older style (no root marker, no marker of the status
// subresource) whose manifest gives it none; Report with the root marker and not the
// status subresource's, whose chart's manifest gives it one; Audit with both markers
// and no manifest; Ledger with no marker and no manifest; Tally with both
// markers, whose manifest (apiextensions v1beta1) gives it none. The manifests are the
// module's config/crd and charts folders.
//
// +groupName=crd.opgen.test
package v1
