package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type ShipSpec struct {
	// Crew is how many sail.
	Crew int32 `json:"crew,omitempty"`
}

type ShipStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Ship is a ship in the harbor.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// ShipList is a list of ships.
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Ship{}, &ShipList{})
}
