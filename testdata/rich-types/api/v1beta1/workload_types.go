package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"opgen.test/golden/rich-types/api/shared"
)

// Tier is a named string enum.
// +kubebuilder:validation:Enum=gold;silver;bronze
type Tier string

// Tiers of service.
const (
	TierGold   Tier = "gold"
	TierSilver Tier = "silver"
	TierBronze Tier = "bronze"
)

// Labels is a named map type.
type Labels map[string]string

// Ownership is embedded inline into WorkloadSpec.
type Ownership struct {
	// Team owns the workload.
	Team string `json:"team,omitempty"`
	// Contact is where to page.
	Contact *string `json:"contact,omitempty"`
}

// Port is a named port.
type Port struct {
	// Name of the port.
	Name string `json:"name"`
	// Port number.
	Port int32 `json:"port"`
	// TargetPort is a number or a name.
	TargetPort intstr.IntOrString `json:"targetPort,omitempty"`
	// Protocol reuses the core enum.
	Protocol corev1.Protocol `json:"protocol,omitempty"`
}

// Backend is a value in a map of structs.
type Backend struct {
	// Weight of the backend.
	Weight int32 `json:"weight"`
	// Ports of the backend.
	Ports []Port `json:"ports,omitempty"`
}

// Schedule is reached through a pointer.
type Schedule struct {
	// Cron expression.
	Cron string `json:"cron"`
	// Timeout of one run.
	Timeout metav1.Duration `json:"timeout,omitempty"`
	// Paused until this time.
	PausedUntil *metav1.Time `json:"pausedUntil,omitempty"`
}

// WorkloadSpec uses a bit of everything.
type WorkloadSpec struct {
	Ownership `json:",inline"`

	// Tier of service.
	Tier Tier `json:"tier,omitempty"`
	// Replicas is optional.
	Replicas *int32 `json:"replicas,omitempty"`
	// Memory is a quantity.
	Memory resource.Quantity `json:"memory,omitempty"`
	// MaxSurge is a number or a percentage.
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty"`
	// Ports is a slice of structs.
	Ports []Port `json:"ports,omitempty"`
	// ExtraPorts is a slice of pointers to structs.
	ExtraPorts []*Port `json:"extraPorts,omitempty"`
	// Backends is a map of structs.
	Backends map[string]Backend `json:"backends,omitempty"`
	// Selectors is a map of slices.
	Selectors map[string][]string `json:"selectors,omitempty"`
	// Routes is a map of slices of structs.
	Routes map[string][]Port `json:"routes,omitempty"`
	// Upstream is a struct of another package of the module.
	Upstream *shared.Ref `json:"upstream,omitempty"`
	// Mirrors are structs of another package of the module.
	Mirrors []shared.Ref `json:"mirrors,omitempty"`
	// PodLabels is a named map.
	PodLabels Labels `json:"podLabels,omitempty"`
	// Args is a slice of strings.
	Args []string `json:"args,omitempty"`
	// Schedule is a pointer to a struct.
	Schedule *Schedule `json:"schedule,omitempty"`
	// Affinity is client-go's apply configuration.
	Affinity *corev1.Affinity `json:"affinity,omitempty"`
	// Resources is client-go's apply configuration.
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`
	// Tolerations are client-go's apply configurations.
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`
	// ConfigRef points at a ConfigMap.
	ConfigRef *corev1.ObjectReference `json:"configRef,omitempty"`
	// Selector is meta/v1's apply configuration.
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Checksum is raw bytes.
	Checksum []byte `json:"checksum,omitempty"`
	// internal is not part of the API.
	internal string
}

// WorkloadStatus is the observed state.
type WorkloadStatus struct {
	// ObservedGeneration is the generation the status describes.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Conditions of the workload.
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// ReadyReplicas counts ready pods.
	ReadyReplicas int32 `json:"readyReplicas,omitempty"`
	// Endpoints by port name.
	Endpoints map[string]string `json:"endpoints,omitempty"`
	// LastScheduleTime changes on every run.
	// +opguard:volatile
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +opguard:status-owner=workload-operator
// +opguard:observed-generation

// Workload exercises apply configurations for rich types.
type Workload struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WorkloadSpec   `json:"spec,omitempty"`
	Status WorkloadStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WorkloadList contains a list of Workload.
type WorkloadList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Workload `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Workload{}, &WorkloadList{})
}
