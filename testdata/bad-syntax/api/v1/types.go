package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// AlphaSpec defines the desired state of Alpha.
type AlphaSpec struct {
	// Size is a size.
	Size int32 `json:"size"`
}

// AlphaStatus defines the observed state of Alpha.
type AlphaStatus struct {
	// ObservedGeneration is the generation the status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:
// +opguard:reconciler:
// +opguard:status-owner="alpha
// +opguard:observed-generation now
// +opguard status-owner=alpha

// Alpha is a kind.
type Alpha struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   AlphaSpec   `json:"spec,omitempty"`
	Status AlphaStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// AlphaList contains a list of Alpha.
type AlphaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Alpha `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Alpha{}, &AlphaList{})
}
