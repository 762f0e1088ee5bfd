// Package resource is a stub of k8s.io/apimachinery/pkg/api/resource for analysistest.
package resource

type Quantity struct{ s string }

func MustParse(s string) Quantity { return Quantity{s} }
