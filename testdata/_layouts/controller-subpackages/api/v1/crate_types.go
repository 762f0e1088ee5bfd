package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type CrateSpec struct {
	Size int32 `json:"size,omitempty"`
}

type CrateStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Crate is a crate in the port.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=port-operator
type Crate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CrateSpec   `json:"spec,omitempty"`
	Status CrateStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// CrateList is a list of crates.
type CrateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Crate `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Crate{}, &CrateList{})
}
