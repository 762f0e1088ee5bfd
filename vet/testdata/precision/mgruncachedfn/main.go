// Command mgruncachedfn is mgruncached with the kinds named by a function of another
// package.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"opgen.test/precision/uncached"

	_ "opgen.test/precision/kubebuilder" // the controllers this command runs
)

func main() {
	opts := ctrl.Options{Client: client.Options{Cache: &client.CacheOptions{DisableFor: uncached.Objects()}}}
	if _, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts); err != nil {
		panic(err)
	}
}
