// Package kubeapi knows the built-in Kubernetes API as the pinned k8s.io/api and
// client-go provide it: which structs client-go has apply configurations for, and which
// Go package holds a built-in group/version. Generators use it to map a type or an
// +opguard:owns kind to Go code; model uses it to reject an owns marker opgen cannot
// resolve.
package kubeapi
