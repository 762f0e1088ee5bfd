// Package v1 is a stub of k8s.io/api/apps/v1 for analysistest.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type DeploymentSpec struct {
	Replicas *int32                 `json:"replicas,omitempty"`
	Template corev1.PodTemplateSpec `json:"template"`
}

type DeploymentStatus struct {
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`
}

type Deployment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              DeploymentSpec   `json:"spec,omitempty"`
	Status            DeploymentStatus `json:"status,omitempty"`
}

func (in *Deployment) DeepCopyObject() runtime.Object { return in }
