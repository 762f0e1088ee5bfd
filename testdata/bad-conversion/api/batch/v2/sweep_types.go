package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type SweepSpec struct {
	Size int32 `json:"size,omitempty"`
}

type SweepStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

type Sweep struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SweepSpec   `json:"spec,omitempty"`
	Status SweepStatus `json:"status,omitempty"`
}

func (*Sweep) Hub() {}
