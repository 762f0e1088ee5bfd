package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

type SweepSpec struct {
	Size int32 `json:"size,omitempty"`
}

type SweepStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type Sweep struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SweepSpec   `json:"spec,omitempty"`
	Status SweepStatus `json:"status,omitempty"`
}

func (*Sweep) ConvertTo(conversion.Hub) error { return nil }

func (*Sweep) ConvertFrom(conversion.Hub) error { return nil }
