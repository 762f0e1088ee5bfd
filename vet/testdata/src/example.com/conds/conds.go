// Package conds holds condition setters of an operator in a package of their own:
// what reports a change reaches the controllers as a fact.
package conds

import (
	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Set replaces the condition of its type, or appends it; false when it is there
// already with the same status.
func Set(obj *apiv1.Memcached, c metav1.Condition) bool { // want Set:"reports change"
	for i, have := range obj.Status.Conditions {
		if have.Type != c.Type {
			continue
		}
		if have.Status == c.Status {
			return false
		}
		obj.Status.Conditions[i] = c
		return true
	}
	obj.Status.Conditions = append(obj.Status.Conditions, c)
	return true
}
