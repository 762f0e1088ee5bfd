// Package types is a stub of k8s.io/apimachinery/pkg/types for analysistest.
package types

type NamespacedName struct{ Namespace, Name string }

type UID string
