// Package uncached names the kinds the manager of mgruncachedfn leaves out of its cache.
package uncached

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Objects are the kinds read from the API server.
func Objects() []client.Object {
	return []client.Object{&cachev1alpha1.Memcached{}}
}
