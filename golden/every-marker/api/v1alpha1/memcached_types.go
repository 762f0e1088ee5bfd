package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MemcachedSpec defines the desired state of Memcached.
type MemcachedSpec struct {
	// Size is the number of memcached pods.
	// +kubebuilder:validation:Minimum=1
	Size int32 `json:"size"`

	// Image is the memcached image.
	// +optional
	Image string `json:"image,omitempty"`
}

// MemcachedStatus defines the observed state of Memcached.
type MemcachedStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// Conditions say whether the memcached is available.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// Nodes are the pods running memcached.
	// +optional
	Nodes []string `json:"nodes,omitempty"`

	// LastReconcileTime is when the operator last looked; it alone never causes a write.
	// +opguard:volatile
	// +optional
	LastReconcileTime *metav1.Time `json:"lastReconcileTime,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=memcached-operator
// +opguard:observed-generation
// +opguard:reconciler:maxConcurrentReconciles=2
// +opguard:owns=apps/v1/Deployment
// +opguard:owns=core/v1/ConfigMap
// +opguard:watch-labels=app.kubernetes.io/version;cache.example.com/tier
// +opguard:watch-annotations=cache.example.com/pause
// +opguard:finalizer=cache.example.com/cleanup

// Memcached is the Schema for the memcacheds API.
type Memcached struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   MemcachedSpec   `json:"spec,omitempty"`
	Status MemcachedStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// MemcachedList contains a list of Memcached.
type MemcachedList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Memcached `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Memcached{}, &MemcachedList{})
}
