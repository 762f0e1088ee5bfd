// Package validation reads, from the source of a custom resource's API types, what
// the CRD's schema says of each field that controller-gen would write into it: whether
// the field is required, and whether a present field may be empty. An object the API
// server holds passed that schema, so a reconciler that reads one never sees a required
// field absent, nor a field of MinItems, MinProperties or MinLength 1 or more empty:
// a branch that tests for that is code nothing runs (a check written for objects that
// the server would refuse).
//
// A field is required as controller-gen decides: the marker +required or
// +kubebuilder:validation:Required on it says so, +optional or
// +kubebuilder:validation:Optional says not; without either, a json tag with
// omitempty or omitzero makes it optional, and so does the package marker
// +kubebuilder:validation:Optional (in a comment above a file's package clause);
// otherwise it is required. A field without a json name, or tagged json:"-", or
// embedded (inlined) is neither. A present field is never empty when it or its named
// type (declared in the same package) has +kubebuilder:validation:MinItems,
// MinProperties or MinLength with a value of 1 or more.
//
// Only a chain of required fields from the object counts: spec.paths is never empty
// when spec is required and paths is required and non-empty; a spec that may be
// absent leaves every field in it possibly empty.
//
// The findings are carried to the packages that use the types as an analysis fact
// (Field, on the field).
package validation
