// Package managed holds a kind whose status embeds xpv1's conditioned status and
// that forwards the condition API to it.
package managed

import (
	"example.com/xpv1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type BucketStatus struct {
	xpv1.ConditionedStatus `json:",inline"`
	Endpoint               string `json:"endpoint,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Bucket struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            BucketStatus `json:"status,omitempty"`
}

func (in *Bucket) DeepCopyObject() runtime.Object { out := *in; return &out }

// GetCondition returns the condition of type t.
func (in *Bucket) GetCondition(t xpv1.ConditionType) xpv1.Condition {
	return in.Status.GetCondition(t)
}

// SetConditions sets conditions of the status.
func (in *Bucket) SetConditions(cs ...xpv1.Condition) { in.Status.SetConditions(cs...) }
