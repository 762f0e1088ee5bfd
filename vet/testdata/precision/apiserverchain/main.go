// Command apiserverchain makes the manager and serves the API of package apiserver,
// as apiservermain does, with Direct's client built by a function of its own (which
// returns client.New's client or nil) and handed on through a parameter of serve,
// which also gives it to Configured, set in a Config's field.
package main

import (
	"k8s.io/client-go/rest"
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
	direct, err := newDirectClient(cfg)
	if err != nil {
		panic(err)
	}
	serve(mgr, direct)
}

// newDirectClient builds a client without a cache.
func newDirectClient(cfg *rest.Config) (client.Client, error) {
	if cfg == nil {
		return nil, nil
	}
	return client.New(cfg, client.Options{})
}

// serve builds the API's handlers with the client it is handed.
func serve(mgr ctrl.Manager, c client.Client) {
	_ = apiserver.NewDirect(c)
	_ = apiserver.NewShared(mgr.GetClient())
	conf := apiserver.Config{Name: "chain"}
	conf.Client = c
	_ = apiserver.NewConfigured(conf)
}
