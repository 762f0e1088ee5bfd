// Package shared holds types the API packages share; it is no API package itself (no
// group, no kinds), as a module's api/common or pkg/types often is.
package shared

// Ref names another object, with a weight.
type Ref struct {
	// Name of the object.
	Name string `json:"name"`
	// Weight of the reference.
	Weight int32 `json:"weight"`
}
