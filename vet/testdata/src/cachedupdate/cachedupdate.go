package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/common"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/client-go/util/retry"
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

// Helpers: the Update is in another function, of this package or another.
func (r *Reconciler) helpers(ctx context.Context, req ctrl.Request) error {
	obj := &apiv1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	copied := obj.DeepCopy()
	copied.Status.Nodes = nil
	if err := common.UpdateStatus(ctx, r.Client, copied); err != nil { // want `common.UpdateStatus sends copied, a \*v1.Memcached read from the informer cache \(r.Get\), whole with Update: `
		return err
	}
	if err := common.EnsureFinalizer(ctx, r.Client, obj, "example.com/cleanup"); err != nil { // want `common.EnsureFinalizer sends obj, a \*v1.Memcached read from the informer cache \(r.Get\), whole with Update`
		return err
	}
	if err := r.finalize(ctx, obj); err != nil { // want `r.finalize sends obj, a \*v1.Memcached`
		return err
	}
	if err := common.Refresh(ctx, r.Client, obj); err != nil {
		return err
	}
	return common.PatchStatus(ctx, r.Client, obj, client.MergeFrom(obj.DeepCopy()))
}

func (r *Reconciler) finalize(ctx context.Context, obj *apiv1.Memcached) error {
	if controllerutil.RemoveFinalizer(obj, "example.com/cleanup") {
		return r.Update(ctx, obj)
	}
	return nil
}

// retry.RetryOnConflict answers the 409: the closure's reads and writes are not
// reported.
func (r *Reconciler) retried(ctx context.Context, req ctrl.Request) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
			return err
		}
		obj.Spec.Size++
		if err := r.finalize(ctx, &obj); err != nil {
			return err
		}
		return r.Update(ctx, &obj)
	})
}

// A client made with client.New reads from the API server, as e2e helpers and tools
// build it; so does one kept in a package variable.
func uncachedClients(ctx context.Context, key client.ObjectKey) error {
	c, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	var obj apiv1.Memcached
	if err := c.Get(ctx, key, &obj); err != nil {
		return err
	}
	if err := c.Update(ctx, &obj); err != nil {
		return err
	}
	if err := e2eClient.Get(ctx, key, &obj); err != nil {
		return err
	}
	return e2eClient.Update(ctx, &obj)
}

var e2eClient client.Client

func setup() (err error) {
	e2eClient, err = client.New(nil, client.Options{})
	return err
}
