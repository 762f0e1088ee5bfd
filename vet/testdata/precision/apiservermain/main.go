// Command apiservermain makes the manager and serves the API of package apiserver:
// Direct with a client of its own, built by client.New (it reads the API server),
// Shared with the manager's client (it reads the informer cache); Configured with
// Direct's client, in a Config's field.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/apiserver"
)

func main() {
	cfg := ctrl.GetConfigOrDie()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	direct, err := client.New(cfg, client.Options{Scheme: mgr.GetScheme()})
	if err != nil {
		panic(err)
	}
	_ = apiserver.NewDirect(direct)
	_ = apiserver.NewConfigured(apiserver.Config{Client: direct, Name: "direct"})
	_ = apiserver.NewShared(mgr.GetClient())
}
