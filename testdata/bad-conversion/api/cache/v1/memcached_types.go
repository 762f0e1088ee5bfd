package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type MemcachedSpec struct {
	Size int32 `json:"size,omitempty"`
}

type MemcachedStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
// +opguard:status-owner=fleet
// +opguard:observed-generation
type Memcached struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   MemcachedSpec   `json:"spec,omitempty"`
	Status MemcachedStatus `json:"status,omitempty"`
}

func (*Memcached) Hub() {}
