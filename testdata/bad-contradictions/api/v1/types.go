package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// AlphaSpec defines the desired state of Alpha.
type AlphaSpec struct {
	// Size is a size.
	Size int32 `json:"size"`
}

// AlphaStatus defines the observed state of Alpha.
type AlphaStatus struct {
	// Ready is true once alpha is ready.
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +opguard:status-owner=alpha-operator
// +opguard:observed-generation

// Alpha is a kind.
type Alpha struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   AlphaSpec   `json:"spec,omitempty"`
	Status AlphaStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// AlphaList contains a list of Alpha.
type AlphaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Alpha `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Alpha{}, &AlphaList{})
}

// BetaSpec defines the desired state of Beta.
type BetaSpec struct {
	// Size is a size.
	Size int32 `json:"size"`
}

// BetaStatus defines the observed state of Beta.
type BetaStatus struct {
	// ObservedGeneration is the generation the status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:observed-generation
// +opguard:reconciler
// +opguard:owns=apps/v1/Deployment
// +opguard:owns=example.com/v1/Unknown
// +opguard:finalizer=bad-contradictions.example.com/cleanup

// Beta is a kind.
type Beta struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BetaSpec   `json:"spec,omitempty"`
	Status BetaStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// BetaList contains a list of Beta.
type BetaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Beta `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Beta{}, &BetaList{})
}

// GammaSpec defines the desired state of Gamma.
type GammaSpec struct {
	// Size is a size.
	Size int32 `json:"size"`
}

// GammaStatus defines the observed state of Gamma.
type GammaStatus struct {
	// ObservedGeneration has the wrong type.
	ObservedGeneration int32 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=gamma-operator
// +opguard:status-owner=gamma-operator-2
// +opguard:observed-generation

// Gamma is a kind.
type Gamma struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GammaSpec   `json:"spec,omitempty"`
	Status GammaStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GammaList contains a list of Gamma.
type GammaList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gamma `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Gamma{}, &GammaList{})
}
