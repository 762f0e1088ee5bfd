// Package v1 stands for another project's API whose conditions no operator can own one
// entry of: Gadget's are a list without keys, Gizmo has no status subresource.
//
// +groupName=gadgets.example.org
package v1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the package's kinds.
	GroupVersion = schema.GroupVersion{Group: "gadgets.example.org", Version: "v1"}
	// SchemeBuilder registers the kinds.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	// AddToScheme adds the kinds to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
