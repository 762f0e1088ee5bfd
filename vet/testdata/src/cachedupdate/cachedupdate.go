package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(obj, "example.com/cleanup")
	if err := r.Update(ctx, obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache \(r.Get\): .*409 Conflict`
		return ctrl.Result{}, err
	}
	// Re-fetching reads the same cache.
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	copied := obj.DeepCopy()
	_ = r.Client.Update(ctx, copied) // want `r.Client.Update of \*v1.Memcached read from the informer cache`

	// A patch sends no resourceVersion.
	base := obj.DeepCopy()
	obj.Spec.Size = 3
	_ = r.Patch(ctx, obj, client.MergeFrom(base))

	// Built-in kinds are not reported.
	var dep appsv1.Deployment
	_ = r.Get(ctx, req.NamespacedName, &dep)
	_ = r.Update(ctx, &dep)

	// A fresh object is not from the cache.
	fresh := &apiv1.Memcached{}
	fresh.Name = req.Name
	_ = r.Update(ctx, fresh)

	// The API reader reads from the server.
	var live apiv1.Memcached
	_ = r.APIReader.Get(ctx, req.NamespacedName, &live)
	_ = r.Update(ctx, &live)
	return ctrl.Result{}, nil
}

func (r *Reconciler) listed(ctx context.Context, c client.Client) {
	var list apiv1.MemcachedList
	_ = c.List(ctx, &list)
	for _, item := range list.Items {
		_ = c.Update(ctx, &item) // want `c.Update of \*v1.Memcached read from the informer cache \(c.List\)`
	}
	for i := range list.Items {
		it := &list.Items[i]
		_ = c.SubResource("status").Update(ctx, it) // want `c.SubResource\("status"\).Update of \*v1.Memcached`
	}
	//opguard:ignore cachedupdate the object is a singleton no one else writes
	_ = c.Update(ctx, &list.Items[0])
}

// An object handed in is not known to come from the cache.
func (r *Reconciler) param(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Update(ctx, obj)
}
