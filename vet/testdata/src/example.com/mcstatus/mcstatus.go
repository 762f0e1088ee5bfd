// Package mcstatus holds helpers that are handed the write as a function: whether a
// write in the literal a caller hands in is guarded depends on where the helper
// calls it.
package mcstatus

import (
	apiv1 "example.com/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// NeedsUpdate compares the stored status it is handed with the condition to write.
func NeedsUpdate(status apiv1.MemcachedStatus, cond metav1.Condition) bool {
	for _, c := range status.Conditions {
		if c.Type == cond.Type && c.Status == cond.Status && c.Message == cond.Message {
			return false
		}
	}
	return true
}

// UpdateStatus runs write only when the stored status lacks the condition.
func UpdateStatus(status *apiv1.MemcachedStatus, cond metav1.Condition, write func() error) error { // want UpdateStatus:`calls guarded \[2\]`
	if NeedsUpdate(*status, cond) {
		status.Conditions = append(status.Conditions, cond)
		return write()
	}
	return nil
}

// Always runs write on every call.
func Always(status *apiv1.MemcachedStatus, cond metav1.Condition, write func() error) error {
	status.Conditions = append(status.Conditions, cond)
	return write()
}

// Later keeps write for later: where it runs is not known here.
func Later(status *apiv1.MemcachedStatus, write func() error) func() error {
	if NeedsUpdate(*status, metav1.Condition{}) {
		return write
	}
	return nil
}
