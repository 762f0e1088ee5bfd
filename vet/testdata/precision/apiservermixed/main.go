// Command apiservermixed serves package apiserver's Direct with the manager's client:
// with it in view, not every caller of NewDirect hands it a client without a cache.
// It builds Configured with a Config that holds the manager's client, too.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"opgen.test/precision/apiserver"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		panic(err)
	}
	_ = apiserver.NewDirect(mgr.GetClient())
	_ = apiserver.NewConfigured(apiserver.Config{Client: mgr.GetClient()})
}
