// Command mgrhalfcache builds two managers: one without a cache (a client of its own
// NewClient builds) and one with the default, cached client.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/kubebuilder"
)

func newClient(config *rest.Config, options client.Options) (client.Client, error) {
	return client.New(config, client.Options{Scheme: options.Scheme})
}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{NewClient: newClient})
	if err != nil {
		panic(err)
	}
	if err := (&kubebuilder.MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
	mgr2, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	if err := (&kubebuilder.MemcachedReconciler{Client: mgr2.GetClient(), Scheme: mgr2.GetScheme()}).SetupWithManager(mgr2); err != nil {
		panic(err)
	}
}
