package unfilteredfor

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/common"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// adapted is completed through reconcile.Func of its own method: the method's
// receiver is the controller, and it writes Memcached's status.
type adapted struct {
	client.Client
}

func (a *adapted) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := a.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, common.PatchStatus(ctx, a.Client, &obj, client.MergeFrom(obj.DeepCopy()))
}

func (a *adapted) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates`
		Complete(reconcile.Func(a.Reconcile))
}

// adaptedQuiet is completed the same way, and its methods write no status of the
// kind: its watch wakes it on the other controllers' writes, and it writes nothing
// back.
type adaptedQuiet struct {
	client.Client
}

func (a *adaptedQuiet) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	return reconcile.Result{}, a.Get(ctx, req.NamespacedName, &obj)
}

func (a *adaptedQuiet) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Complete(reconcile.Func(a.Reconcile))
}

// A function literal made a reconciler cannot be told apart from the package, which
// writes Memcached's status: the package stands for it.
func setupLiteral(mgr ctrl.Manager, c client.Client) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates`
		Complete(reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
			return reconcile.Result{}, nil
		}))
}

// objectRec is handed the object itself, made a reconciler by
// reconcile.AsReconciler, and writes Memcached's status.
type objectRec struct {
	client.Client
}

func (o *objectRec) Reconcile(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	return reconcile.Result{}, common.PatchStatus(ctx, o.Client, obj, client.MergeFrom(obj.DeepCopy()))
}

// objectRecQuiet writes no status of the kind.
type objectRecQuiet struct {
	client.Client
}

func (o *objectRecQuiet) Reconcile(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// Set up where neither reconciler's methods are: AsReconciler's second argument is
// the controller.
func setupObjectReconcilers(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates`
		Complete(reconcile.AsReconciler[*apiv1.Memcached](mgr.GetClient(), &objectRec{})); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		Complete(reconcile.AsReconciler[*apiv1.Memcached](mgr.GetClient(), &objectRecQuiet{}))
}
