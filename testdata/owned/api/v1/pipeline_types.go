package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// PipelineSpec defines the desired state of Pipeline.
type PipelineSpec struct {
	// Stages names the stages the pipeline runs, in order.
	// +optional
	Stages []string `json:"stages,omitempty"`
}

// PipelineStatus defines the observed state of Pipeline.
type PipelineStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Ready says every stage finished.
	Ready bool `json:"ready,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=ci-operator
// +opguard:observed-generation
// +opguard:reconciler
// +opguard:owns=ci.example.com/v1/Stage

// Pipeline owns its Stages: its reconciler applies them, and the Stage kind gets
// Extract functions.
type Pipeline struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PipelineSpec   `json:"spec,omitempty"`
	Status PipelineStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// PipelineList contains a list of Pipeline.
type PipelineList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Pipeline `json:"items"`
}

// Step is one step of a stage, keyed by its name in the stage's list.
type Step struct {
	// Name identifies the step.
	Name string `json:"name"`
	// Image runs the step.
	// +optional
	Image string `json:"image,omitempty"`
	// Args are passed to the image; the list is replaced as a whole.
	// +optional
	Args []string `json:"args,omitempty"`
	// MaxFailures is a count or a percentage.
	// +optional
	MaxFailures *intstr.IntOrString `json:"maxFailures,omitempty"`
}

// Runner says where the steps of a stage run.
type Runner struct {
	// Pool is the runner pool.
	// +optional
	Pool string `json:"pool,omitempty"`
	// CPUs each step gets.
	// +optional
	CPUs int32 `json:"cpus,omitempty"`
	// NodeSelector is replaced as a whole.
	// +mapType=atomic
	// +optional
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
}

// StageSpec defines the desired state of Stage.
type StageSpec struct {
	// Steps run in order; each manager owns the steps it names.
	// +listType=map
	// +listMapKey=name
	// +optional
	Steps []Step `json:"steps,omitempty"`
	// Env is passed to every step; each manager owns the keys it sets.
	// +optional
	Env map[string]string `json:"env,omitempty"`
	// Runner is a nested struct: each of its fields has an owner.
	// +optional
	Runner *Runner `json:"runner,omitempty"`
	// Tags is a set: each manager owns the values it lists.
	// +listType=set
	// +optional
	Tags []string `json:"tags,omitempty"`
}

// StageStatus defines the observed state of Stage.
type StageStatus struct {
	// Phase is where the stage is.
	// +optional
	Phase string `json:"phase,omitempty"`
	// Attempts counts runs.
	// +optional
	Attempts int32 `json:"attempts,omitempty"`
	// Conditions of the stage.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:ac:generate=true

// Stage is owned by a Pipeline. It has no +opguard marker, so it asks for its apply
// configuration itself.
type Stage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   StageSpec   `json:"spec,omitempty"`
	Status StageStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// StageList contains a list of Stage.
type StageList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Stage `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Pipeline{}, &PipelineList{}, &Stage{}, &StageList{})
}
