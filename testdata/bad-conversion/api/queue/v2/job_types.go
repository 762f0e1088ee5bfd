package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

type JobSpec struct {
	Size int32 `json:"size,omitempty"`
}

type JobStatus struct {
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

type Job struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   JobSpec   `json:"spec,omitempty"`
	Status JobStatus `json:"status,omitempty"`
}

// ConvertTo calls the conversion opgen generates, so opgen's rules bind it: there is
// no hub to generate it against.
func (j *Job) ConvertTo(dst conversion.Hub) error { return convertJobToHub(j, dst) }

func (j *Job) ConvertFrom(src conversion.Hub) error { return convertJobFromHub(src, j) }
