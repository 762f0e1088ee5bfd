// Package runtime is a stub of k8s.io/apimachinery/pkg/runtime for analysistest.
package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

type ApplyConfiguration interface {
	IsApplyConfiguration()
}

type Scheme struct{}
