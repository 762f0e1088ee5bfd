package unfilteredfor

import (
	"context"

	apiv1 "example.com/api/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// CertReconciler shares the package with Reconciler and watches the same kind, but
// writes no status of it: Reconciler's writes wake it, and it writes nothing back.
type CertReconciler struct {
	client.Client
}

func (r *CertReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.ensureSecret(ctx, &obj)
}

func (r *CertReconciler) ensureSecret(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Create(ctx, &corev1.Secret{})
}

func (r *CertReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}

// StampReconciler writes the status through a function of the package it reaches.
type StampReconciler struct {
	client.Client
}

func (r *StampReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, stamp(ctx, r.Client, &obj)
}

func stamp(ctx context.Context, c client.Client, obj *apiv1.Memcached) error {
	return c.Status().Update(ctx, obj)
}

func (r *StampReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r) // want `For\(&apiv1.Memcached{}\) without predicates`
}

// WrappedReconciler hands the object to a value of another type of the package,
// which an interface calls: the value's methods are within the controller's reach.
type WrappedReconciler struct {
	client.Client
}

type statusPatcher interface {
	PatchStatus(ctx context.Context) error
}

type wrapped struct {
	c   client.Client
	obj *apiv1.Memcached
}

func (w *wrapped) PatchStatus(ctx context.Context) error {
	return w.c.Status().Patch(ctx, w.obj, client.MergeFrom(w.obj.DeepCopy()))
}

func (r *WrappedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	var p statusPatcher = &wrapped{c: r.Client, obj: &obj}
	return reconcile.Result{}, p.PatchStatus(ctx)
}

func (r *WrappedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r) // want `For\(&apiv1.Memcached{}\) without predicates`
}
