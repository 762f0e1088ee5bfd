package naming

import (
	"strings"

	"github.com/opgen-dev/opgen/kubeapi"
)

// Import aliases. Generated files import every package under the alias this table
// gives it, so a name in one file reads the same in the next, and the checks of the
// user's code spell wanted signatures the way generated code does.

// Standard are the aliases of the packages every controller file may import. The
// generators' templates write them in their import blocks (TestNoNameOutsideTheTable
// holds them to this table).
var Standard = map[string]string{
	"sigs.k8s.io/controller-runtime":                               "ctrl",
	"k8s.io/apimachinery/pkg/apis/meta/v1":                         "metav1",
	"k8s.io/apimachinery/pkg/api/errors":                           "apierrors",
	"k8s.io/apimachinery/pkg/api/equality":                         "equality",
	"k8s.io/apimachinery/pkg/api/meta":                             "meta",
	"k8s.io/apimachinery/pkg/runtime":                              "runtime",
	"k8s.io/apimachinery/pkg/runtime/schema":                       "schema",
	"k8s.io/client-go/kubernetes/scheme":                           "clientgoscheme",
	"sigs.k8s.io/controller-runtime/pkg/builder":                   "builder",
	"sigs.k8s.io/controller-runtime/pkg/cache":                     "cache",
	"sigs.k8s.io/controller-runtime/pkg/client":                    "client",
	"sigs.k8s.io/controller-runtime/pkg/controller":                "controller",
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil": "controllerutil",
}

// APIAlias is an API package's alias, "<group's first label><version>" as kubebuilder
// names it (cachev1alpha1); qualified is the whole group's ("cacheexamplecomv1alpha1"),
// for when two packages of a run would share the short one.
func APIAlias(group, version string, qualified bool) string {
	if qualified {
		return clean(group) + clean(version)
	}
	label, _, _ := strings.Cut(group, ".")
	return clean(label) + clean(version)
}

// ApplyConfigAlias is the alias of an API package's apply configurations.
func ApplyConfigAlias(apiAlias string) string { return apiAlias + "ac" }

// KubeAlias is the alias of a package of k8s.io/api or of client-go's apply
// configurations: appsv1, corev1, appsv1ac.
func KubeAlias(pkgPath string) string {
	flat := strings.NewReplacer("/", "", ".", "", "-", "")
	if gv, ok := strings.CutPrefix(pkgPath, kubeapi.ApplyConfigurationsPrefix); ok {
		return flat.Replace(gv) + "ac"
	}
	return flat.Replace(strings.TrimPrefix(pkgPath, "k8s.io/api/"))
}

// WebhookAlias names a webhook package by its last two elements: "webhookv1" for
// internal/webhook/v1, "webhookcachev1" for internal/webhook/cache/v1.
func WebhookAlias(pkgPath string) string {
	parts := strings.Split(pkgPath, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && parts[len(parts)-2] != "webhook" {
		name = parts[len(parts)-2] + name
	}
	return "webhook" + strings.NewReplacer("-", "", ".", "", "_", "").Replace(name)
}

// clean keeps the lowercase letters and digits of s.
func clean(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// PathAlias names a package by the last element of its path, kept to lowercase letters
// and digits, without leading digits ("pkg" when nothing is left): the alias of a
// package no other rule names (a webhook setup in the module's root package).
func PathAlias(pkgPath string) string {
	name := clean(pkgPath[strings.LastIndex(strings.TrimSuffix(pkgPath, "/"), "/")+1:])
	name = strings.TrimLeft(name, "0123456789")
	if name == "" {
		return "pkg"
	}
	return name
}
