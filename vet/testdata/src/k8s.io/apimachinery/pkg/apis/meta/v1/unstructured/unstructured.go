// Package unstructured is a stub of apimachinery's: an object whose kind is known only
// at run time.
package unstructured

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Unstructured struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Object map[string]interface{}
}

func (u *Unstructured) DeepCopyObject() runtime.Object { return u }
