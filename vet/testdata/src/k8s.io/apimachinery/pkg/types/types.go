// Package types is a stub of k8s.io/apimachinery/pkg/types for analysistest.
package types

type NamespacedName struct{ Namespace, Name string }

type UID string

// MergePatchType is the JSON merge patch's content type (untyped here: the client
// stub's RawPatch takes a string).
const MergePatchType = "application/merge-patch+json"

// JSONPatchType is the JSON patch's (RFC 6902) content type.
const JSONPatchType = "application/json-patch+json"

// ApplyPatchType is the server-side apply's content type.
const ApplyPatchType = "application/apply-patch+yaml"
