// Package kubetypes recognises, by type and never by spelling, the controller-runtime,
// client-go and apimachinery APIs that opgen's analyzers look for: client writes and
// reads, status writers, the controller builder and its chains (controller-runtime's,
// and multicluster-runtime's fork of it, which has the same methods), predicates, reconcile
// results, the conflict retries of client-go's retry and apimachinery's wait
// packages, and Kubernetes API objects.
//
// A name is matched through its types.Object: the package path and the name of the
// declaring type, after aliases are resolved and generic types are reduced to their
// origin. So `ctrl.Result` (an alias) is `reconcile.Result`, `*builder.Builder` is
// `builder.TypedBuilder[reconcile.Request]`, and a method promoted through an embedded
// `client.Client` is the method of the interface that declares it.
//
// Two kinds of object have rules of their own:
//
//   - A custom resource is a named struct type that embeds metav1.ObjectMeta, declared
//     outside the modules of Kubernetes' built-in kinds (k8s.io/api, k8s.io/apimachinery,
//     k8s.io/apiextensions-apiserver, k8s.io/kube-aggregator, k8s.io/metrics,
//     k8s.io/apiserver). It is decided per type, never by the module path of the code
//     that uses it: an operator whose module lives under sigs.k8s.io/ has custom
//     resources like any other.
//   - A kind has a status subresource when it is a custom resource with a field named
//     Status (of a struct type with at least one field, or a pointer to one). The
//     +kubebuilder:subresource:status marker that really decides it is a comment,
//     which the export data of an imported API package does not carry; every
//     kubebuilder-scaffolded kind with a Status field has the marker, and
//     Status().Update on a kind without it fails with 404 anyway. Where the
//     declaration is loaded from source, vet/internal/subresource reads the marker,
//     and statusupdate and cachedupdate leave a status write of a kind declared
//     without it.
//
// Helpers on syntax that know nothing of Kubernetes are in package syntax; what counts
// as a diff, which is a heuristic on names, is in package diff.
package kubetypes
