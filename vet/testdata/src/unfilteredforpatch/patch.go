// Package unfilteredforpatch writes its kinds' status only through patch helpers,
// which send the status subresource with the object's other changes.
package unfilteredforpatch

import (
	"context"

	apiv1 "example.com/api/v1"
	fluxpatch "github.com/fluxcd/pkg/runtime/patch"
	"sigs.k8s.io/cluster-api/util/patch"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

// The deferred patch of cluster-api's helper writes the phase set below.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (_ reconcile.Result, err error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	helper, err := patch.NewHelper(&obj, r.Client)
	if err != nil {
		return reconcile.Result{}, err
	}
	defer func() {
		if perr := helper.Patch(ctx, &obj); perr != nil && err == nil {
			err = perr
		}
	}()
	obj.Status.State = "Running"
	return reconcile.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates: \*v1.Memcached has a status subresource`
		Complete(r)
}

func (r *Reconciler) filtered(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

type CacheReconciler struct {
	client.Client
}

// fluxcd's serial patcher, through a helper of the package.
func (r *CacheReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Watched
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	p := fluxpatch.NewSerialPatcher(&obj, r.Client)
	obj.Status.State = "Ready"
	return reconcile.Result{}, r.save(ctx, p, &obj)
}

func (r *CacheReconciler) save(ctx context.Context, p *fluxpatch.SerialPatcher, obj *apiv1.Watched) error {
	return p.Patch(ctx, obj)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Watched{}). // want `For\(&apiv1.Watched{}\) without predicates`
		Complete(r)
}

// StatusReconciler patches with cluster-api's helper after a finalizer and a status
// change made between the helper and its Patch: the status is sent.
type StatusReconciler struct {
	client.Client
}

func (r *StatusReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	helper, err := patch.NewHelper(&obj, r.Client)
	if err != nil {
		return reconcile.Result{}, err
	}
	controllerutil.AddFinalizer(&obj, "example.com/cleanup")
	obj.Status.State = "Admitted"
	return reconcile.Result{}, helper.Patch(ctx, &obj)
}

func (r *StatusReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates`
		Complete(r)
}
