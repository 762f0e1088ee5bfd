// Package extra asks for deepcopy, outside the object generator's paths: controller-gen
// writes none for it, and neither does opgen.
// +kubebuilder:object:generate=true
package extra

// Settings are copied by value.
type Settings struct {
	Names []string `json:"names,omitempty"`
}
