// Package v1 stands for another project's API, whose CRD an operator of the golden case
// reconciles without defining it (+opguard:for-package): its types as that project
// publishes them, with their deepcopy.
//
// +kubebuilder:object:generate=true
// +groupName=certs.example.org
package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the package's kinds.
	GroupVersion = schema.GroupVersion{Group: "certs.example.org", Version: "v1"}
	// SchemeBuilder registers the kinds.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds the kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
