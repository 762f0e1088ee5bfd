// Package staged holds a kind with a Condition type of its own, more statuses than
// True, False and Unknown, and a copy of meta's conditions helpers for it.
package staged

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ConditionStatus string

const (
	Unknown    ConditionStatus = "Unknown"
	InProgress ConditionStatus = "InProgress"
	Completed  ConditionStatus = "Completed"
	Failed     ConditionStatus = "Failed"
)

type ConditionType string

const (
	Network ConditionType = "Network"
	Build   ConditionType = "Build"
)

type Condition struct {
	Type    ConditionType
	Status  ConditionStatus
	Reason  string
	Message string
}

type StageStatus struct {
	Conditions []Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Stage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            StageStatus `json:"status,omitempty"`
}

func (in *Stage) DeepCopyObject() runtime.Object { out := *in; return &out }

// Find returns the condition of type t, nil when there is none.
func Find(list []Condition, t ConditionType) *Condition { // want Find:`finds condition`
	for i := range list {
		if list[i].Type == t {
			return &list[i]
		}
	}
	return nil
}

// Set replaces the condition of c's type, or appends c.
func Set(list *[]Condition, c Condition) (changed bool) { // want Set:`sets condition`
	if list == nil {
		return false
	}
	old := Find(*list, c.Type)
	if old == nil {
		*list = append(*list, c)
		return true
	}
	if old.Status != c.Status {
		old.Status = c.Status
		changed = true
	}
	old.Reason = c.Reason
	return changed
}

// Remove drops the condition of type t.
func Remove(list *[]Condition, t ConditionType) { // want Remove:`removes condition`
	var kept []Condition
	for _, c := range *list {
		if c.Type != t {
			kept = append(kept, c)
		}
	}
	*list = kept
}

// Latest returns the condition of the status it is handed (not a find: it ranges
// over nothing of a list).
func Latest(list []Condition, t ConditionType) *Condition {
	if len(list) == 0 {
		return nil
	}
	return &list[len(list)-1]
}

// Add appends c without looking for its type first: a second call adds a second
// condition of that type.
func Add(list *[]Condition, c Condition) {
	*list = append(*list, c)
}
