package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type CrateSpec struct {
	Mass int32 `json:"mass,omitempty"`
}

// Crate v2 is the hub of the converter in internal/webhook.
// +kubebuilder:object:root=true
type Crate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CrateSpec `json:"spec,omitempty"`
}

// Hub marks Crate v2 as the conversion hub.
func (*Crate) Hub() {}
