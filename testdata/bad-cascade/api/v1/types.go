package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WorkSpec is the desired state shared by the kinds below.
type WorkSpec struct {
	// Replicas of the work.
	Replicas int32 `json:"replicas"`
}

// WorkStatus has no observedGeneration.
type WorkStatus struct {
	// Ready says whether the work is done.
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-ownr=alpha
// +opguard:observed-generation
// +opguard:reconciler

// Alpha misspells status-owner: that is one error, and observed-generation is still
// checked against its status, which lacks the field: that is another.
type Alpha struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WorkSpec   `json:"spec,omitempty"`
	Status WorkStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// AlphaList contains a list of Alpha.
type AlphaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Alpha `json:"items"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=
// +opguard:reconciler
// +opguard:owns=apps/v1/Deploymnt
// +opguard:finalizr=beta.example.com/cleanup

// Beta has a status-owner value the API server rejects: that is the one error, the
// reconciler does not also "need" a status-owner. The misspelt finalizer is one error.
type Beta struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WorkSpec   `json:"spec,omitempty"`
	Status WorkStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// BetaList contains a list of Beta.
type BetaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Beta `json:"items"`
}
