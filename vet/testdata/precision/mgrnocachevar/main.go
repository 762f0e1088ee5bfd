// Command mgrnocachevar builds its manager with a client that has no cache, its
// NewClient a function literal held in a variable first.
package main

import (
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	_ "opgen.test/precision/kubebuilder" // the controllers this command runs
)

func main() {
	newClient := func(config *rest.Config, options client.Options) (client.Client, error) {
		options.Cache = nil
		return client.New(config, options)
	}
	opts := ctrl.Options{NewClient: newClient}
	if _, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts); err != nil {
		panic(err)
	}
}
