package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/kubeutil"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A project's wrapper of controllerutil.CreateOrUpdate, of another package or this
// one, reads the object through the client handed in and sends it whole: with the
// manager's client, the cached resourceVersion.
func (r *Reconciler) applyThroughWrapper(ctx context.Context, owner *apiv1.Memcached) error {
	child := &apiv1.Memcached{}
	child.Name, child.Namespace = owner.Name+"-child", owner.Namespace
	if _, err := kubeutil.Apply(ctx, r.Client, child, func() error { // want `kubeutil.Apply sends child, a \*v1.Memcached read from the informer cache`
		child.Spec.Size = owner.Spec.Size
		return nil
	}); err != nil {
		return err
	}
	other := &apiv1.Memcached{}
	other.Name, other.Namespace = owner.Name+"-other", owner.Namespace
	_, err := applyLabeled(ctx, r.Client, other) // want `applyLabeled sends other, a \*v1.Memcached read from the informer cache`
	return err
}

// applyLabeled is this package's wrapper.
func applyLabeled(ctx context.Context, c client.Client, obj client.Object) (controllerutil.OperationResult, error) { // want applyLabeled:`creates or updates 2 through 1`
	return controllerutil.CreateOrUpdate(ctx, c, obj, func() error { return nil })
}

// applyDirect hands the wrapper a client client.New made: it reads the API server.
func applyDirect(ctx context.Context, config any, owner *apiv1.Memcached) error {
	direct, err := client.New(config, client.Options{})
	if err != nil {
		return err
	}
	child := &apiv1.Memcached{}
	_, err = kubeutil.Apply(ctx, direct, child, func() error { return nil })
	return err
}
