package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GadgetSpec is the desired state of a Gadget.
type GadgetSpec struct {
	// Size of the gadget.
	Size int32 `json:"size"`
}

// GadgetStatus is the observed state of a Gadget.
type GadgetStatus struct {
	// ObservedGeneration is the generation this status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Conditions of the gadget.
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=trust-operator
// +opguard:observed-generation
// +opguard:reconciler

// Gadget is a kind of group lab.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GadgetList contains a list of Gadget.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Gadget{}, &GadgetList{})
}
