// Package v1 holds custom resources for the analyzers' tests: Memcached has a status
// subresource, Plain has none.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type MemcachedSpec struct {
	Size  int32  `json:"size,omitempty"`
	Image string `json:"image,omitempty"`
}

type MemcachedStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	Nodes              []string           `json:"nodes,omitempty"`
	LastReconcileTime  *metav1.Time       `json:"lastReconcileTime,omitempty"`
	LastSync           string             `json:"lastSync,omitempty"`
	StartTime          *metav1.Time       `json:"startTime,omitempty"`
	State              string             `json:"state,omitempty"`
	Message            string             `json:"message,omitempty"`
	Image              string             `json:"image,omitempty"`
	Attempts           int32              `json:"attempts,omitempty"`
	Reserved           bool               `json:"reserved,omitempty"`
	Progress           *ProgressStatus    `json:"progress,omitempty"`
	Secret             *SecretRef         `json:"secret,omitempty"`
	Completed          *bool              `json:"completed,omitempty"`
	Sync               SyncStatus         `json:"sync,omitempty"`
}

// SyncStatus is a nested status with a time of its own.
type SyncStatus struct {
	Status             string      `json:"status,omitempty"`
	LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`
}

// ProgressStatus is a nested status a reconciler replaces whole.
type ProgressStatus struct {
	Done      int32 `json:"done,omitempty"`
	Remaining int32 `json:"remaining,omitempty"`
}

// SecretRef names a Secret.
type SecretRef struct {
	Name string `json:"name,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Memcached struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MemcachedSpec   `json:"spec,omitempty"`
	Status            MemcachedStatus `json:"status,omitempty"`
}

func (in *Memcached) DeepCopy() *Memcached             { out := *in; return &out }
func (in *Memcached) DeepCopyInto(out *Memcached)      { *out = *in }
func (in *MemcachedStatus) DeepCopy() *MemcachedStatus { out := *in; return &out }
func (in *Memcached) DeepCopyObject() runtime.Object   { return in.DeepCopy() }

type MemcachedList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Memcached `json:"items"`
}

func (in *MemcachedList) DeepCopyObject() runtime.Object { return in }

// +kubebuilder:object:root=true
type Plain struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Data              map[string]string `json:"data,omitempty"`
}

func (in *Plain) DeepCopyObject() runtime.Object { return in }

// Quiet has a status of no fields (some scaffolds keep one): there is nothing to write.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Quiet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MemcachedSpec `json:"spec,omitempty"`
	Status            QuietStatus   `json:"status,omitempty"`
}

type QuietStatus struct{}

func (in *Quiet) DeepCopyObject() runtime.Object { return in }

// Watched has a status that another controller writes.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Watched struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MemcachedSpec   `json:"spec,omitempty"`
	Status            MemcachedStatus `json:"status,omitempty"`
}

func (in *Watched) DeepCopy() *Watched             { out := *in; return &out }
func (in *Watched) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// StateFailed is the state SetFailed gives.
const StateFailed = "Failed"

// SetFailed is a status setter of the API package: the state is always StateFailed.
func (in *Memcached) SetFailed(msg string) { // want SetFailed:`sets status`
	in.Status.State = StateFailed
	in.Status.Message = msg
}

// SetState is a setter of the status type itself, called on a kind's status
// (obj.Status.SetState(s)): the state is the argument.
func (s *MemcachedStatus) SetState(state string) { // want SetState:`sets status`
	s.State = state
}

// SetReason sets the message only sometimes: no setter.
func (s *MemcachedStatus) SetReason(msg string) {
	if msg != "" {
		s.Message = msg
	}
}

// MaybeFail sets the state only sometimes: no setter.
func (in *Memcached) MaybeFail(msg string) {
	if msg != "" {
		in.Status.State = StateFailed
	}
}

// GetStatus is the status accessor several kinds share through an interface.
func (in *Memcached) GetStatus() *MemcachedStatus { return &in.Status }

// Outdated reports whether the image the status records is not image: a method of the
// kind that consults its status (the consult package's ReadsStatus fact).
func (m *Memcached) Outdated(image string) bool { return m.Status.Image != image }
