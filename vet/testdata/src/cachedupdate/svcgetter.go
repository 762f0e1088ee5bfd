package cachedupdate

import (
	"context"

	"example.com/managers"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// svcReconciler reads its object through a service interface of another package,
// whose one implementation (behind an aggregate that embeds the per-kind
// interfaces) reads it from the cache: what the call returns is cached.
type svcReconciler struct {
	client.Client
	svc managers.Services
}

func (r *svcReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj, err := r.svc.Find(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	obj.Labels = map[string]string{"seen": "true"}
	return ctrl.Result{}, r.Update(ctx, obj) // want `r.Update of \*v1.Memcached read from the informer cache \(r.svc.Find\)`
}
