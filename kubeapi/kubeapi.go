package kubeapi

import (
	"strings"

	"github.com/gobuffalo/flect"
)

// Package returns the k8s.io/api package of a built-in group and version, the core
// group spelled "": ("apps", "v1") → k8s.io/api/apps/v1.
func Package(group, version string) string {
	name := "core"
	if group != "" {
		name, _, _ = strings.Cut(group, ".")
	}
	return "k8s.io/api/" + name + "/" + version
}

// HasKind reports whether k8s.io/api declares kind in group/version.
func HasKind(group, version, kind string) bool {
	_, ok := ApplyConfigurations[Package(group, version)+"."+kind]
	return ok
}

// ApplyConfigurationsPrefix starts the import path of client-go's apply configurations.
const ApplyConfigurationsPrefix = "k8s.io/client-go/applyconfigurations/"

// Plural is the resource name of a kind, by controller-tools' rule (the CRD's
// spec.names.plural unless +kubebuilder:resource:path says otherwise): the kind
// pluralized, lowercased.
func Plural(kind string) string { return strings.ToLower(flect.Pluralize(kind)) }

// Resource returns the resource name of a kind of k8s.io/api: its Plural, but for the
// few whose name is not.
func Resource(kind string) string {
	if r, ok := irregular[kind]; ok {
		return r
	}
	return Plural(kind)
}

var irregular = map[string]string{"Endpoints": "endpoints"}
