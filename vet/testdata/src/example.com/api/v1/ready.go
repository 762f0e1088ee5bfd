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

// IsRunning compares the state with a constant: a caller that finds it not Running and
// sets it Running, or finds it Running and sets another state, moves it.
func (m *Memcached) IsRunning() bool {
	return m.Status.State == "Running"
}

// Unfinished compares the other way round.
func (m *Memcached) Unfinished() bool {
	return "Done" != m.Status.State
}
