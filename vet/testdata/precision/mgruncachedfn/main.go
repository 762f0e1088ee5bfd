// Command mgruncachedfn is mgruncached with the kinds named by a function of another
// package.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/uncached"

	"opgen.test/precision/kubebuilder"
)

func main() {
	opts := ctrl.Options{Client: client.Options{Cache: &client.CacheOptions{DisableFor: uncached.Objects()}}}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts)
	if err != nil {
		panic(err)
	}
	if err := (&kubebuilder.MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
}
