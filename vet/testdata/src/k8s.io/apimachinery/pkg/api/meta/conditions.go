// Package meta is a stub of k8s.io/apimachinery/pkg/api/meta for analysistest.
package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	return false
}

func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	return false
}

// IsStatusConditionTrue and IsStatusConditionFalse only read the conditions: a test,
// not a change reporter.
func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool {
	return conditionStatus(conditions, conditionType) == metav1.ConditionTrue
}

func IsStatusConditionFalse(conditions []metav1.Condition, conditionType string) bool {
	return conditionStatus(conditions, conditionType) == metav1.ConditionFalse
}

func conditionStatus(conditions []metav1.Condition, conditionType string) metav1.ConditionStatus {
	for _, condition := range conditions {
		if condition.Type == conditionType {
			return condition.Status
		}
	}
	return metav1.ConditionUnknown
}

func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	for i := range conditions {
		if conditions[i].Type == conditionType {
			return &conditions[i]
		}
	}
	return nil
}
