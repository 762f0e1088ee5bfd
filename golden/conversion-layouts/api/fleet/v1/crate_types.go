package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type CrateSpec struct {
	Weight int32 `json:"weight,omitempty"`
}

// Crate v1 does not convert itself: a converter (internal/webhook) does.
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Crate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec CrateSpec `json:"spec,omitempty"`
}
