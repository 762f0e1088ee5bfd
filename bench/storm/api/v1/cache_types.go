package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// CacheSpec is the desired state of a Cache.
type CacheSpec struct {
	// Size is the number of cache nodes.
	Size int32 `json:"size"`
	// Image is the cache image.
	// +optional
	Image string `json:"image,omitempty"`
}

// CacheStatus is what the incidents' operators write: a phase, a timestamp set on every
// reconcile, the observed generation and a Ready condition.
type CacheStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Phase is Running once reconciled.
	// +optional
	Phase string `json:"phase,omitempty"`
	// LastReconcileTime is when the operator last looked: a write of it alone is the
	// seed of the update-watch-update loop, so the guarded operator marks it volatile.
	// +opguard:volatile
	// +optional
	LastReconcileTime *metav1.Time `json:"lastReconcileTime,omitempty"`
	// Conditions of the cache. Outside writers own one of their own here.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=storm-guarded
// +opguard:observed-generation
// +opguard:reconciler
// +opguard:owns=apps/v1/Deployment
// +opguard:owns=core/v1/ConfigMap

// Cache is the benchmark's kind.
type Cache struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CacheSpec   `json:"spec,omitempty"`
	Status CacheStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// CacheList contains a list of Cache.
type CacheList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cache `json:"items"`
}

func init() {
	SchemeBuilder.Register(func(s *runtime.Scheme) error {
		s.AddKnownTypes(GroupVersion, &Cache{}, &CacheList{})
		return nil
	})
}
