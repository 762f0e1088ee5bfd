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

// Alias is the import name of a k8s.io/api package: corev1, appsv1, networkingv1.
func Alias(pkgPath string) string {
	gv := strings.TrimPrefix(pkgPath, "k8s.io/api/")
	return strings.NewReplacer("/", "", ".", "", "-", "").Replace(gv)
}

// Resource returns the resource name of a kind: its lowercase plural.
func Resource(kind string) string {
	if r, ok := irregular[kind]; ok {
		return r
	}
	return strings.ToLower(flect.Pluralize(kind))
}

var irregular = map[string]string{"Endpoints": "endpoints"}
