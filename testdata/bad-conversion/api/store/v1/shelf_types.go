package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type ShelfSpec struct {
	Size int32 `json:"size,omitempty"`
}

type ShelfStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type Shelf struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShelfSpec   `json:"spec,omitempty"`
	Status ShelfStatus `json:"status,omitempty"`
}

func (*Shelf) Hub() {}
