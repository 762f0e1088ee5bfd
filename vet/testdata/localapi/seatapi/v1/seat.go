// Package v1 is the API of a kind kept in a module of its own, which the operator's
// module replaces with its directory.
package v1

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const Expired = "Expired"

type SeatStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	Holder     string             `json:"holder,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Seat struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            SeatStatus `json:"status,omitempty"`
}

func (in *Seat) DeepCopyObject() runtime.Object {
	out := *in
	out.ObjectMeta = *in.ObjectMeta.DeepCopy()
	out.Status.Conditions = append([]metav1.Condition(nil), in.Status.Conditions...)
	return &out
}

// IsConditionTrue tests the seat's condition of type t.
func (s *Seat) IsConditionTrue(t string) bool {
	return meta.IsStatusConditionTrue(s.Status.Conditions, t)
}
