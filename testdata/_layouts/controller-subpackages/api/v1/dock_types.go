package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type DockSpec struct {
	Size int32 `json:"size,omitempty"`
}

type DockStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Dock is a dock in the port.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=port-operator
type Dock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DockSpec   `json:"spec,omitempty"`
	Status DockStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// DockList is a list of docks.
type DockList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Dock `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Dock{}, &DockList{})
}
