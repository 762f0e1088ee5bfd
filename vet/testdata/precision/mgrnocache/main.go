// Command mgrnocache builds its manager with a client that has no cache: every read
// of the manager's client goes to the API server.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/kubebuilder"
)

func main() {
	opts := ctrl.Options{
		NewClient: func(config *rest.Config, options client.Options) (client.Client, error) {
			options.Cache = nil
			return client.New(config, options)
		},
	}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts)
	if err != nil {
		panic(err)
	}
	if err := (&kubebuilder.MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
}
