package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// keeper keeps the object of the pass in a field of its own, as reconcilers made
// by older scaffolds do, and its steps are methods that take nothing but the
// receiver.
type keeper struct {
	client.Client
	held *apiv1.Memcached
}

func (k *keeper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	k.held = &apiv1.Memcached{}
	if err := k.Get(ctx, req.NamespacedName, k.held); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if k.held.Spec.Size == 0 {
		return k.installStep(ctx)
	}
	return ctrl.Result{}, k.reportStep(ctx)
}

// installStep writes the status first, its error checked: what the field holds is
// the server's answer from there on.
func (k *keeper) installStep(ctx context.Context) (ctrl.Result, error) {
	k.held.Status.State = "Installing"
	if err := k.Status().Update(ctx, k.held); err != nil { // want `k.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return ctrl.Result{}, err
	}
	return k.monitorStep(ctx)
}

// monitorStep is called only past installStep's checked write: its writes send the
// resourceVersion the server has just answered, and so do those of finalizeStep, a
// call further down.
func (k *keeper) monitorStep(ctx context.Context) (ctrl.Result, error) {
	k.held.Status.State = "Installed"
	if err := k.Status().Update(ctx, k.held); err != nil {
		return ctrl.Result{}, err
	}
	if !controllerutil.ContainsFinalizer(k.held, "example.com/held") {
		if err := k.finalizeStep(ctx); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (k *keeper) finalizeStep(ctx context.Context) error {
	controllerutil.AddFinalizer(k.held, "example.com/held")
	return k.Update(ctx, k.held)
}

// reportStep is called once past the write and once straight from Reconcile: on
// that call the field holds the cache's copy.
func (k *keeper) reportStep(ctx context.Context) error {
	return k.Status().Update(ctx, k.held) // want `k.Status\(\).Update of \*v1.Memcached read from the informer cache`
}

func (k *keeper) afterWrite(ctx context.Context) error {
	if err := k.Status().Update(ctx, k.held); err != nil { // want `k.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return err
	}
	return k.reportStep(ctx)
}

// rereadStep is called past a checked write, but the object is read again from the
// cache between the write and the call.
func (k *keeper) rereadStep(ctx context.Context, key client.ObjectKey) error {
	if err := k.Status().Update(ctx, k.held); err != nil { // want `k.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return err
	}
	if err := k.Get(ctx, key, k.held); err != nil {
		return err
	}
	return k.sendStep(ctx)
}

func (k *keeper) sendStep(ctx context.Context) error {
	return k.Update(ctx, k.held) // want `k.Update of \*v1.Memcached read from the informer cache`
}

// replaceStep is called past a checked write, but the field is given another object
// of the cache's between the write and the call.
func (k *keeper) replaceStep(ctx context.Context, other *apiv1.Memcached) error {
	if err := k.Status().Update(ctx, k.held); err != nil {
		return err
	}
	k.held = other
	return k.resendStep(ctx)
}

func (k *keeper) resendStep(ctx context.Context) error {
	return k.Update(ctx, k.held) // want `k.Update of \*v1.Memcached read from the informer cache`
}

// PublishStep is exported: a caller in another package may call it with the cache's
// copy in the field.
func (k *keeper) PublishStep(ctx context.Context) error {
	return k.Update(ctx, k.held) // want `k.Update of \*v1.Memcached read from the informer cache`
}

func (k *keeper) publishAfterWrite(ctx context.Context) error {
	if err := k.Status().Update(ctx, k.held); err != nil { // want `k.Status\(\).Update of \*v1.Memcached read from the informer cache`
		return err
	}
	return k.PublishStep(ctx)
}
