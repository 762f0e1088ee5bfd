package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ShipSpec defines the desired state of Ship.
type ShipSpec struct {
	// Crew is the number of sailors.
	Crew int32 `json:"crew"`
	// Harbor names the Harbor this ship belongs to.
	Harbor string `json:"harbor"`
}

// ShipStatus defines the observed state of Ship.
type ShipStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Crew",type=integer,JSONPath=`.spec.crew`
// +opguard:status-owner=fleet-operator
// +opguard:observed-generation
// +opguard:reconciler
// +opguard:owns=core/v1/ConfigMap
// +opguard:owns=fleet.example.com/v1/Beacon
// +opguard:watch-annotations=fleet.example.com/course
// +opguard:cache-selector=fleet.example.com/shard in (north,east)

// Ship is a namespaced kind.
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// ShipList contains a list of Ship.
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}

// HarborSpec defines the desired state of Harbor.
type HarborSpec struct {
	// Berths is how many ships fit.
	Berths int32 `json:"berths"`
}

// HarborStatus defines the observed state of Harbor.
type HarborStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Docked counts ships in the harbor.
	Docked int32 `json:"docked,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster,shortName=hb
// +opguard:status-owner=fleet-operator
// +opguard:observed-generation
// +opguard:reconciler:maxConcurrentReconciles=3
// +opguard:finalizer=fleet.example.com/moorings

// Harbor is a cluster-scoped kind.
type Harbor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   HarborSpec   `json:"spec,omitempty"`
	Status HarborStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// HarborList contains a list of Harbor.
type HarborList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Harbor `json:"items"`
}

// +kubebuilder:object:root=true
// +kubebuilder:ac:generate=true

// Beacon is a kind without spec or status: only data. It has no +opguard marker, so it
// asks for its apply configuration itself.
type Beacon struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Message is broadcast to every ship.
	Message string `json:"message,omitempty"`
}

// +kubebuilder:object:root=true

// BeaconList contains a list of Beacon.
type BeaconList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Beacon `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Ship{}, &ShipList{}, &Harbor{}, &HarborList{}, &Beacon{}, &BeaconList{})
}
