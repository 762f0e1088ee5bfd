// Command mgruncached is an operator's main whose manager leaves Memcacheds out of its
// cache: its client reads them from the API server, so an Update of what it read
// sends a current resourceVersion.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"

	"opgen.test/precision/kubebuilder"
)

func main() {
	opts := ctrl.Options{Client: client.Options{Cache: &client.CacheOptions{}}}
	opts.Client.Cache.DisableFor = append(opts.Client.Cache.DisableFor, &cachev1alpha1.Memcached{})
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), opts)
	if err != nil {
		panic(err)
	}
	if err := (&kubebuilder.MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
}
