// Package e2e names something neither it nor its tests declare.
package e2e

// Namespace is the namespace the suite made.
func Namespace() string { return suiteNamespace }
