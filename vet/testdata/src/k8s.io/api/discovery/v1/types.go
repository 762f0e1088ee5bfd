// Package v1 is a stub of k8s.io/api/discovery/v1 for analysistest.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Endpoint struct {
	Addresses []string `json:"addresses"`
}

type EndpointSlice struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	AddressType       string     `json:"addressType"`
	Endpoints         []Endpoint `json:"endpoints"`
}

func (in *EndpointSlice) DeepCopyObject() runtime.Object { return in }
