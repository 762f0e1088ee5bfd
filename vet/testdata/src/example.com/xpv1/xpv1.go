// Package xpv1 holds a condition API of the kind crossplane-runtime made common: a
// condition type wrapping metav1.Condition, a status that holds a list of them, and
// constructors of a constant type and status.
package xpv1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ConditionType is a condition's type.
type ConditionType string

const (
	TypeReady  ConditionType = "Ready"
	TypeSynced ConditionType = "Synced"
)

// Condition embeds the standard condition.
type Condition struct {
	metav1.Condition `json:",inline"`
}

// ConditionedStatus is embedded in a kind's status.
type ConditionedStatus struct {
	Conditions []Condition `json:"conditions,omitempty"`
}

// GetCondition returns the condition of type t, or one of status False when there is
// none.
func (s *ConditionedStatus) GetCondition(t ConditionType) Condition {
	for _, c := range s.Conditions {
		if c.Type == string(t) {
			return c
		}
	}
	return Condition{metav1.Condition{Type: string(t), Status: metav1.ConditionFalse}}
}

// SetConditions replaces the conditions of the types it is handed.
func (s *ConditionedStatus) SetConditions(cs ...Condition) {
	for _, c := range cs {
		found := false
		for i := range s.Conditions {
			if s.Conditions[i].Type == c.Type {
				s.Conditions[i], found = c, true
			}
		}
		if !found {
			s.Conditions = append(s.Conditions, c)
		}
	}
}

// Available is Ready True.
func Available() Condition { // want Available:`makes condition "Ready" True`
	return Condition{metav1.Condition{Type: string(TypeReady), Status: metav1.ConditionTrue, Reason: "Available"}}
}

// Deleting is Ready False, keyed as the embedded field.
func Deleting() Condition { // want Deleting:`makes condition "Ready" False`
	return Condition{Condition: metav1.Condition{Type: string(TypeReady), Status: metav1.ConditionFalse, Reason: "Deleting"}}
}

// ReconcileError is Synced False with the error's message.
func ReconcileError(err error) Condition { // want ReconcileError:`makes condition "Synced" False`
	return Condition{metav1.Condition{Type: string(TypeSynced), Status: metav1.ConditionFalse, Reason: "ReconcileError", Message: err.Error()}}
}

// WithStatus takes the status from its caller: the fact names its parameter, which a
// call with a constant fills in.
func WithStatus(s metav1.ConditionStatus) Condition { // want WithStatus:`makes condition "Ready" \$1`
	return Condition{metav1.Condition{Type: string(TypeReady), Status: s}}
}
