package v1

import (
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

type DockSpec struct {
	Berths int32 `json:"berths,omitempty"`
}

// Dock v1 is a spoke whose hub, and whose conversion, live in another module.
// +kubebuilder:object:root=true
type Dock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DockSpec `json:"spec,omitempty"`
}

// DockConversion is installed by the module that holds the hub.
var DockConversion struct {
	To   func(src *Dock, dst conversion.Hub) error
	From func(src conversion.Hub, dst *Dock) error
}

var errNoDockConversion = errors.New("no Dock conversion installed")

// ConvertTo converts this Dock to the hub, with the conversion the hub's module installed.
func (d *Dock) ConvertTo(dst conversion.Hub) error {
	if DockConversion.To == nil {
		return errNoDockConversion
	}
	return DockConversion.To(d, dst)
}

// ConvertFrom converts the hub to this Dock.
func (d *Dock) ConvertFrom(src conversion.Hub) error {
	if DockConversion.From == nil {
		return errNoDockConversion
	}
	return DockConversion.From(src, d)
}
