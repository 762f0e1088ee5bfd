// Package pipelines holds custom resources whose spec fields carry the CRD schema's
// markers: which are required, and which may not be empty (vet/internal/validation).
package pipelines

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Pipeline's spec is required (no omitempty).
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Pipeline struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PipelineSpec   `json:"spec"` // want Spec:"required"
	Status            PipelineStatus `json:"status,omitempty"`
}

func (in *Pipeline) DeepCopyObject() runtime.Object { out := *in; return &out }

// Loose has the same spec, which may be absent.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Loose struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PipelineSpec   `json:"spec,omitempty"`
	Status            PipelineStatus `json:"status,omitempty"`
}

func (in *Loose) DeepCopyObject() runtime.Object { out := *in; return &out }

type PipelineSpec struct {
	// steps: at least one.
	// +kubebuilder:validation:MinItems=1
	// +required
	Steps []string `json:"steps"` // want Steps:"required non-empty"
	// image: required (no omitempty) and not empty.
	// +kubebuilder:validation:MinLength=1
	Image string `json:"image"` // want Image:"required non-empty"
	// hooks: not empty when given, but optional.
	// +optional
	// +kubebuilder:validation:MinItems=1
	Hooks []string `json:"hooks,omitempty"` // want Hooks:"non-empty"
	// labels: required, its type not empty.
	Labels Names `json:"labels"` // want Labels:"required non-empty"
	// source: optional, its paths not empty when it is given.
	// +optional
	Source *Source `json:"source,omitempty"`
	// owner: required, but may be "".
	Owner string `json:"owner"` // want Owner:"required"
}

// Names are at least one name.
// +kubebuilder:validation:MinItems=1
type Names []string

type Source struct {
	// +kubebuilder:validation:MinItems=1
	Paths []string `json:"paths"` // want Paths:"required non-empty"
}

type PipelineStatus struct {
	Phase   string `json:"phase,omitempty"`
	Message string `json:"message,omitempty"`
}
