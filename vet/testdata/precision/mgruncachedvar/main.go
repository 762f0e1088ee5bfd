// Command mgruncachedvar is mgruncached with the kinds to leave out of the cache held
// in a local variable first.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"

	"opgen.test/precision/kubebuilder"
)

func main() {
	disabled := []client.Object{
		&cachev1alpha1.Memcached{},
	}
	opts := ctrl.Options{Client: client.Options{Cache: &client.CacheOptions{DisableFor: disabled}}}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts)
	if err != nil {
		panic(err)
	}
	if err := (&kubebuilder.MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
}
