package v3

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

type ShelfSpec struct {
	Size int32 `json:"size,omitempty"`
}

type ShelfStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

type Shelf struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShelfSpec   `json:"spec,omitempty"`
	Status ShelfStatus `json:"status,omitempty"`
}

// A spoke whose conversion opgen generates: which of the two hubs would it convert to?
func (s *Shelf) ConvertTo(dst conversion.Hub) error { return convertShelfToHub(s, dst) }

func (s *Shelf) ConvertFrom(src conversion.Hub) error { return convertShelfFromHub(src, s) }
