package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// GetConditions and SetConditions let setters shared by every kind reach the
// conditions through an interface.
func (m *Memcached) GetConditions() []metav1.Condition { return m.Status.Conditions }

// SetConditions replaces the conditions.
func (m *Memcached) SetConditions(cs []metav1.Condition) { m.Status.Conditions = cs }
