package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// SweeperSpec is the desired state of a Sweeper.
type SweeperSpec struct {
	// Replicas is how many copies of the workload should run.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default=1
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// SweeperStatus is the observed state of a Sweeper, written only by
// the generated ApplySweeperStatus.
type SweeperStatus struct {
	// ObservedGeneration is the metadata.generation this status describes.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`

	// Conditions of the Sweeper; Ready says whether the spec is applied.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope=Cluster
// +kubebuilder:storageversion
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +opguard:status-owner=fleet
// +opguard:observed-generation
// +opguard:reconciler
// +opguard:owns=core/v1/ConfigMap
// +opguard:owns=core/v1/Secret

// Sweeper is the Schema for the sweepers API.
type Sweeper struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   SweeperSpec   `json:"spec,omitempty"`
	Status SweeperStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// SweeperList contains a list of Sweeper.
type SweeperList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Sweeper `json:"items"`
}

func init() {
	SchemeBuilder.Register(func(s *runtime.Scheme) error {
		s.AddKnownTypes(GroupVersion, &Sweeper{}, &SweeperList{})
		return nil
	})
}
