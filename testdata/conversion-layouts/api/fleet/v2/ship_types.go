package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type ShipSpec struct {
	Sailors int32 `json:"sailors,omitempty"`
}

type ShipStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Ship is the conversion hub, though v1 is stored.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// Hub marks Ship v2 as the conversion hub.
func (*Ship) Hub() {}
