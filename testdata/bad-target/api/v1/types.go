package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Helper is not a root kind.
// +opguard:status-owner=helper-operator
type Helper struct {
	// Name of the helper.
	// +opguard:volatile
	Name string `json:"name"`
}

// AlphaSpec defines the desired state of Alpha.
type AlphaSpec struct {
	// Size is a size.
	Size int32 `json:"size"`
}

// AlphaStatus defines the observed state of Alpha.
type AlphaStatus struct {
	// ObservedGeneration is the generation the status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Phase is a field, not a kind.
	// +opguard:finalizer=bad-target.example.com/cleanup
	Phase string `json:"phase,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=alpha-operator
// +opguard:volatile
// +opguard:client:qps=5

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
