// Package e2e holds a suite's helpers in a non-test file; they name what the suite's
// test file declares, so the package type-checks only with its tests (as go vet
// loads it).
package e2e

// Namespace is the namespace the suite made.
func Namespace() string { return suiteNamespace }
