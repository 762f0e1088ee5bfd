// Package meta is a stub of k8s.io/apimachinery/pkg/api/meta for analysistest.
package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	return false
}

func RemoveStatusCondition(conditions *[]metav1.Condition, conditionType string) (removed bool) {
	return false
}

func IsStatusConditionTrue(conditions []metav1.Condition, conditionType string) bool { return false }
