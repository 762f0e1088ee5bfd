package v1

import "k8s.io/apimachinery/pkg/api/meta"

// ConditionReady is a condition type of Memcached.
const ConditionReady = "Ready"

// IsReady tests one condition of the status: a caller that finds it not True and
// sets it True moves it.
func (m *Memcached) IsReady() bool {
	return meta.IsStatusConditionTrue(m.Status.Conditions, ConditionReady)
}

// IsDegraded tests a condition for False.
func (m *Memcached) IsDegraded() bool {
	return meta.IsStatusConditionFalse(m.Status.Conditions, "Healthy")
}
