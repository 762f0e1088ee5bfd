package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// JobSpec defines the desired state of Job.
type JobSpec struct {
	// Command to run.
	Command string `json:"command"`
}

// JobStatus defines the observed state of Job.
type JobStatus struct {
	// ObservedGeneration is the generation the status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// LastRunTime is set on every run: the seed of an update loop.
	LastRunTime metav1.Time `json:"lastRunTime,omitempty"`
	// FinishedAt is a pointer timestamp without +opguard:volatile.
	FinishedAt *metav1.Time `json:"finishedAt,omitempty"`
	// StartedAt is volatile, so no warning.
	// +opguard:volatile
	StartedAt *metav1.Time `json:"startedAt,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
//+opguard:status-owner=job-operator
// +opguard:observed-generation
// +opguard:reconciler:maxConcurrentReconciles=20

// Job is a kind whose markers deserve warnings but no errors.
type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   JobSpec   `json:"spec,omitempty"`
	Status JobStatus `json:"status,omitempty"`
}

// +opguard:finalizer=warnings.example.com/cleanup
// This marker floats: it is neither a doc comment nor the group right above one.

// +kubebuilder:object:root=true

// JobList contains a list of Job.
type JobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Job `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Job{}, &JobList{})
}
