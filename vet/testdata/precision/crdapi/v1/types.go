package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Status is what each kind reports.
type Status struct {
	Phase string `json:"phase,omitempty"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Plan is declared in the older style: its manifest says it has no status subresource.
type Plan struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status Status `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Plan) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// +kubebuilder:object:root=true

// Report has no marker of the status subresource, but its chart's manifest gives it one.
type Report struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status Status `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Report) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Audit says it has the status subresource, and no manifest says otherwise.
type Audit struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status Status `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Audit) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// Ledger has no marker and no manifest: taken to have the status subresource.
type Ledger struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status Status `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Ledger) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Tally says it has the status subresource, but its manifest (v1beta1) gives it none.
type Tally struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status Status `json:"status,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (in *Tally) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
