// Command mgrhalfcache builds two managers: one without a cache (a client of its own
// NewClient builds) and one with the default, cached client.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	_ "opgen.test/precision/kubebuilder" // the controllers this command runs
)

func newClient(config *rest.Config, options client.Options) (client.Client, error) {
	return client.New(config, client.Options{Scheme: options.Scheme})
}

func main() {
	if _, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{NewClient: newClient}); err != nil {
		panic(err)
	}
	if _, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}); err != nil {
		panic(err)
	}
}
