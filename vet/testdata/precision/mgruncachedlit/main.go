// Command mgruncachedlit is mgruncached with the cache options in one literal.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"

	_ "opgen.test/precision/kubebuilder" // the controllers this command runs
)

func main() {
	opts := ctrl.Options{Client: client.Options{Cache: &client.CacheOptions{DisableFor: []client.Object{&cachev1alpha1.Memcached{}}}}}
	if _, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts); err != nil {
		panic(err)
	}
}
