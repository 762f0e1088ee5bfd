// Package hub holds an internal, unversioned form of the API with root types but no
// API group: controller-gen writes its deepcopy and a group-less _gadgets.yaml, and so
// does opgen.
// +kubebuilder:object:generate=true
package hub

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Gadget is the internal form of a gadget.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Size              int32 `json:"size,omitempty"`
}
