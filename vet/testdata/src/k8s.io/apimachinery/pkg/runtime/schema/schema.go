// Package schema is a stub of k8s.io/apimachinery/pkg/runtime/schema for analysistest.
package schema

type GroupVersionKind struct{ Group, Version, Kind string }

type ObjectKind interface {
	GroupVersionKind() GroupVersionKind
}
