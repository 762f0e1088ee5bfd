package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v2 "opgen.test/golden/conversion-layouts/api/fleet/v2"
)

type ShipSpec struct {
	Crew int32 `json:"crew,omitempty"`
}

type ShipStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Ship is stored as v1 and converts through the v2 hub.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// ConvertTo converts this Ship to the hub, by hand.
func (s *Ship) ConvertTo(dst conversion.Hub) error {
	hub := dst.(*v2.Ship)
	hub.ObjectMeta = s.ObjectMeta
	hub.Spec.Sailors = s.Spec.Crew
	hub.Status.ObservedGeneration = s.Status.ObservedGeneration
	return nil
}

// ConvertFrom converts the hub to this Ship, by hand.
func (s *Ship) ConvertFrom(src conversion.Hub) error {
	hub := src.(*v2.Ship)
	s.ObjectMeta = hub.ObjectMeta
	s.Spec.Crew = hub.Spec.Sailors
	s.Status.ObservedGeneration = hub.Status.ObservedGeneration
	return nil
}
