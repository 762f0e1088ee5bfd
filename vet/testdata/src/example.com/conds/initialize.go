package conds

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Holder is what a kind with conditions implements, for setters shared by every kind.
type Holder interface {
	GetConditions() []metav1.Condition
	SetConditions([]metav1.Condition)
}

// Initialize gives every missing condition type the status Unknown: its named result
// is true only when meta.SetStatusCondition added one, through the interface it was
// handed, and a bare return hands it on.
func Initialize(target Holder, types ...string) (changed bool) { // want Initialize:"reports change"
	conditions := target.GetConditions()
	for _, t := range types {
		if meta.FindStatusCondition(conditions, t) == nil {
			changed = changed || meta.SetStatusCondition(&conditions, metav1.Condition{Type: t, Status: metav1.ConditionUnknown})
		}
	}
	target.SetConditions(conditions)
	return
}

// InitializeOne gives one condition type the status Unknown when it is missing: true
// only when it added it, through the interface alone.
func InitializeOne(target Holder, t string) (added bool) { // want InitializeOne:"reports change"
	conditions := target.GetConditions()
	if meta.FindStatusCondition(conditions, t) == nil {
		added = meta.SetStatusCondition(&conditions, metav1.Condition{Type: t, Status: metav1.ConditionUnknown})
	}
	target.SetConditions(conditions)
	return
}
