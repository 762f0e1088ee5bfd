// Package v1alpha1 is an operator's API in a module under sigs.k8s.io/, as
// kubebuilder's own samples are: its kinds are custom resources like any other.
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type BusyboxSpec struct {
	Size int32 `json:"size,omitempty"`
}

type BusyboxStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Busybox struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              BusyboxSpec   `json:"spec,omitempty"`
	Status            BusyboxStatus `json:"status,omitempty"`
}

func (in *Busybox) DeepCopy() *Busybox             { out := *in; return &out }
func (in *Busybox) DeepCopyObject() runtime.Object { return in.DeepCopy() }
