// +kubebuilder:validation:Optional

// Package optionalpkg makes its fields optional unless they say otherwise.
package optionalpkg

type Spec struct {
	// Not required: the package's marker; not empty when given.
	// +kubebuilder:validation:MinItems=1
	Steps []string `json:"steps"` // want Steps:"non-empty"
	// Required by its own marker.
	// +kubebuilder:validation:Required
	Image string `json:"image"` // want Image:"required"
	// Neither.
	Owner string `json:"owner"`
	// No json name: not in the schema as written here.
	Skipped []string `json:"-"`
}
