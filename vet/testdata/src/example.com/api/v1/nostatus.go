package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// NoteStatus is the status of a kind declared without a status subresource.
type NoteStatus struct {
	Message string `json:"message,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name="Message",type="string",JSONPath=".status.message"

// Note has a Status field but no +kubebuilder:subresource:status: its status is part
// of the object, and Status().Update of it fails with 404.
type Note struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            NoteStatus `json:"status,omitempty"`
}

func (in *Note) DeepCopyObject() runtime.Object { return in }
