package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Stocker is an interface of the API package, as real ones declare them (providers,
// validators): its methods name packages the load does not type-check, and that is no
// error.
// +kubebuilder:object:generate=false
type Stocker interface {
	Stock(c client.Client, w *Widget) error
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// Size of the widget.
	Size int32 `json:"size"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// ObservedGeneration is the generation this status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Conditions of the widget.
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=trust-operator
// +opguard:observed-generation
// +opguard:reconciler

// Widget is a kind of group shop.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList contains a list of Widget.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
