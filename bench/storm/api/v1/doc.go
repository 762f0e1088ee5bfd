// Package v1 is the storm benchmark's API: one kind, Cache, reconciled by the
// opgen-generated operator and by the naive ones side by side.
// +kubebuilder:object:generate=true
// +groupName=storm.opgen.dev
package v1
