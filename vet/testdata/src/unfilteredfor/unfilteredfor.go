package unfilteredfor

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/common"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

// The reconciler writes Memcached's status through a helper of another package: every
// For(&apiv1.Memcached{}) below watches the writes of this package.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, common.PatchStatus(ctx, r.Client, &obj, client.MergeFrom(obj.DeepCopy()))
}

// kubebuilder's scaffold.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates: \*v1.Memcached has a status subresource`
		Owns(&appsv1.Deployment{}).
		Named("memcached").
		Complete(r)
}

func (r *Reconciler) typed(mgr ctrl.Manager) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).For(&apiv1.Memcached{}).Complete(r) // want `For\(&apiv1.Memcached{}\) without predicates`
}

func (r *Reconciler) withPredicates(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func (r *Reconciler) withEventFilter(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

func (r *Reconciler) inSteps(mgr ctrl.Manager, filter bool) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{})
	if filter {
		b = b.WithEventFilter(predicate.GenerationChangedPredicate{})
	}
	return b.Complete(r)
}

// A WithEventFilter whose predicate passes every update, in steps or with the chain
// handed through a function of the package, filters nothing.
func (r *Reconciler) inStepsPassAll(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}) // want `For\(&apiv1.Memcached{}\) without predicates`
	b = b.WithEventFilter(predicate.ResourceVersionChangedPredicate{})
	return b.Complete(r)
}

func (r *Reconciler) wrapped(mgr ctrl.Manager, opts ...string) error {
	return withOptions(
		ctrl.NewControllerManagedBy(mgr).
			For(&apiv1.Memcached{}). // want `For\(&apiv1.Memcached{}\) without predicates`
			WithEventFilter(predicate.ResourceVersionChangedPredicate{}),
		opts,
	).Complete(r)
}

func (r *Reconciler) wrappedFiltered(mgr ctrl.Manager, opts ...string) error {
	return withOptions(
		ctrl.NewControllerManagedBy(mgr).
			For(&apiv1.Memcached{}).
			WithEventFilter(predicate.GenerationChangedPredicate{}),
		opts,
	).Complete(r)
}

func withOptions(b *builder.Builder, opts []string) *builder.Builder {
	if len(opts) == 0 {
		return b
	}
	return b.Named(opts[0])
}

func (r *Reconciler) inStepsNoFilter(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr)
	b = b.For(&apiv1.Memcached{}) // want `For\(&apiv1.Memcached{}\) without predicates`
	return b.Complete(r)
}

// No status subresource: no loop to feed.
func (r *Reconciler) noStatus(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&apiv1.Plain{}).Complete(r); err != nil {
		return err
	}
	// Built-in kinds are not custom resources.
	if err := ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r); err != nil {
		return err
	}
	//opguard:ignore unfilteredfor the reconciler writes status only at creation
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(r)
}

// A kind whose status this package never writes: the writes of another controller
// are its business, and no loop of this one's.
func (r *Reconciler) statusNotWritten(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Watched{}).Complete(r)
}

// A status of no fields: the controller writes none, and no loop can start.
func (r *Reconciler) emptyStatus(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Quiet{}).Complete(r)
}

// Predicates that let every update through filter nothing.
var passAll = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool { return true },
}

func (r *Reconciler) predicatesThatPassEverything(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(passAll)). // want `For\(&apiv1.Memcached{}\) with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	rv := predicate.ResourceVersionChangedPredicate{}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(rv)). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.Funcs{}))). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	// A generation predicate beside them filters: WithPredicates passes what all pass.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(passAll, predicate.GenerationChangedPredicate{})).
		Complete(r); err != nil {
		return err
	}
	// An UpdateFunc that decides is trusted to.
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool { return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() },
		})).
		Complete(r)
}
