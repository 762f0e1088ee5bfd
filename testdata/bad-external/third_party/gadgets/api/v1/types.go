package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// GadgetStatus keeps its conditions as a list replaced whole (atomic): an apply of one
// entry would replace the others.
type GadgetStatus struct {
	// +listType=atomic
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gadget is another project's kind.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status GadgetStatus `json:"status,omitempty"`
}

// GizmoStatus keeps its conditions keyed by type.
type GizmoStatus struct {
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true

// Gizmo is another project's kind, without the status subresource.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status GizmoStatus `json:"status,omitempty"`
}
