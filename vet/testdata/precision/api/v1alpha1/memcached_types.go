// Package v1alpha1 is a kubebuilder-style API package: Memcached with a status
// subresource, the kind both precision controllers reconcile.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is group version used to register these objects.
var GroupVersion = schema.GroupVersion{Group: "cache.example.com", Version: "v1alpha1"}

// MemcachedSpec defines the desired state of Memcached.
type MemcachedSpec struct {
	// +kubebuilder:validation:Minimum=0
	Size *int32 `json:"size,omitempty"`
	// +optional
	Image string `json:"image,omitempty"`
}

// MemcachedStatus defines the observed state of Memcached.
type MemcachedStatus struct {
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

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

// DeepCopyInto copies in into out.
func (in *Memcached) DeepCopyInto(out *Memcached) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if in.Spec.Size != nil {
		s := *in.Spec.Size
		out.Spec.Size = &s
	}
	in.Status.DeepCopyInto(&out.Status)
}

// DeepCopyInto copies in into out.
func (in *MemcachedStatus) DeepCopyInto(out *MemcachedStatus) {
	*out = *in
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

// DeepCopy copies the status.
func (in *MemcachedStatus) DeepCopy() *MemcachedStatus {
	out := new(MemcachedStatus)
	in.DeepCopyInto(out)
	return out
}

// DeepCopy copies the object.
func (in *Memcached) DeepCopy() *Memcached {
	out := new(Memcached)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Memcached) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyObject implements runtime.Object.
func (in *MemcachedList) DeepCopyObject() runtime.Object {
	out := new(MemcachedList)
	*out = *in
	out.Items = make([]Memcached, len(in.Items))
	for i := range in.Items {
		in.Items[i].DeepCopyInto(&out.Items[i])
	}
	return out
}
