package unfilteredfor

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/predicates"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// The controller's own kind watched a second way, with Watches: its status writes
// come back through it, whatever For's predicates.
func (r *Reconciler) watchesOwnKind(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&apiv1.Memcached{}, &handler.EnqueueRequestForObject{}).              // want `Watches\(&apiv1.Memcached{}, &handler.EnqueueRequestForObject{}\) without predicates, of the kind this controller reconciles`
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.mapToSelf)). // want `Watches\(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc\(r.mapToSelf\)\) without predicates`
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.mapToSelf),  // want `with predicates that pass status-only updates, of the kind`
			builder.WithPredicates(predicate.NewPredicateFuncs(func(o client.Object) bool { return o.GetName() != "" }))).
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.mapToSelf),
			builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&apiv1.Memcached{}, objectHandler{}).
		Watches(&apiv1.Watched{}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}

// A map function that wakes the objects depending on the one that changed, skipping
// that one, brings no status write of it back: its Watches is left alone. One that
// does not skip it, or builds its requests from elsewhere, is reported.
func (r *Reconciler) watchesDependents(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.dependents)).
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			var list apiv1.MemcachedList
			if err := r.List(ctx, &list); err != nil {
				return nil
			}
			var out []reconcile.Request
			for _, m := range list.Items {
				if m.GetName() == o.GetName() {
					continue
				}
				out = append(out, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&m)})
			}
			return out
		})).
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.dependentsAndSelf)). // want `Watches\(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc\(r.dependentsAndSelf\)\) without predicates`
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.dependentsNoSkip)).  // want `Watches\(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc\(r.dependentsNoSkip\)\) without predicates`
		Watches(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc(r.dependentsOrSelf)).  // want `Watches\(&apiv1.Memcached{}, handler.EnqueueRequestsFromMapFunc\(r.dependentsOrSelf\)\) without predicates`
		Complete(r)
}

func (r *Reconciler) dependents(ctx context.Context, obj client.Object) []reconcile.Request {
	changed, ok := obj.(*apiv1.Memcached)
	if !ok {
		return nil
	}
	var list apiv1.MemcachedList
	if err := r.List(ctx, &list, client.MatchingFields{"spec.dependsOn": changed.Name}); err != nil {
		return nil
	}
	requests := make([]reconcile.Request, 0, len(list.Items))
	for _, m := range list.Items {
		if m.Name == changed.Name {
			continue
		}
		requests = append(requests, reconcile.Request{NamespacedName: types.NamespacedName{Name: m.Name, Namespace: m.Namespace}})
	}
	return requests
}

// dependentsAndSelf skips the changed object in the loop, then enqueues it anyway.
func (r *Reconciler) dependentsAndSelf(ctx context.Context, obj client.Object) []reconcile.Request {
	var list apiv1.MemcachedList
	if err := r.List(ctx, &list); err != nil {
		return nil
	}
	var requests []reconcile.Request
	for _, m := range list.Items {
		if m.Name == obj.GetName() {
			continue
		}
		requests = append(requests, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&m)})
	}
	requests = append(requests, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(obj)})
	return requests
}

// dependentsOrSelf skips the changed object, then, inside the loop, returns it.
func (r *Reconciler) dependentsOrSelf(ctx context.Context, obj client.Object) []reconcile.Request {
	var list apiv1.MemcachedList
	if err := r.List(ctx, &list); err != nil {
		return nil
	}
	var requests []reconcile.Request
	for _, m := range list.Items {
		if m.Name == obj.GetName() {
			continue
		}
		if m.Spec.Image == "" {
			return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(obj)}}
		}
		requests = append(requests, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&m)})
	}
	return requests
}

// dependentsNoSkip lists every object, the changed one among them.
func (r *Reconciler) dependentsNoSkip(ctx context.Context, obj client.Object) []reconcile.Request {
	var list apiv1.MemcachedList
	if err := r.List(ctx, &list); err != nil {
		return nil
	}
	var requests []reconcile.Request
	for _, m := range list.Items {
		requests = append(requests, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&m)})
	}
	return requests
}

func (r *Reconciler) mapToSelf(ctx context.Context, o client.Object) []reconcile.Request {
	return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(o)}}
}

// A filter of one object that decides by its status drops the object once the
// status reaches a state the filter refuses: the update of the write that brought it
// there does not come back. It may filter, whether it reads the status itself, calls a
// method of the kind, or hands the object to a function.
func (r *Reconciler) stateFilters(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.NewPredicateFuncs(func(o client.Object) bool {
			m, ok := o.(*apiv1.Memcached)
			return ok && m.Status.State != "Done"
		}))).
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.NewPredicateFuncs(undecided))).
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool { return !decided(e.ObjectNew) },
		})).
		Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.NewPredicateFuncs(func(o client.Object) bool { // want `with predicates that pass status-only updates`
			return len(o.GetLabels()) > 0 && o.GetName() != ""
		}))).
		Complete(r)
}

func undecided(o client.Object) bool { return !decided(o) }

func decided(o client.Object) bool {
	m, ok := o.(*apiv1.Memcached)
	return ok && m.Status.State != ""
}

// Predicates that filter only namespaces, names or resyncs pass every status write.
func (r *Reconciler) namespaceAndResyncFilters(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.NewPredicateFuncs(func(o client.Object) bool { // want `For\(&apiv1.Memcached{}\) with predicates that pass status-only updates`
			return o.GetNamespace() == "operators"
		}))).
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{ // want `with predicates that pass status-only updates`
			UpdateFunc: func(e event.UpdateEvent) bool {
				return e.ObjectOld.GetResourceVersion() != e.ObjectNew.GetResourceVersion()
			},
		})).
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: newInNamespace})). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicates.InNamespace("operators"))). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicates.Resync{})). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Not(predicate.GenerationChangedPredicate{}))). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicates.Managed("registry.example.com/"))). // want `with predicates that pass status-only updates`
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicates.Unfinished())).
		Complete(r); err != nil {
		return err
	}
	// What compares the old object with the new one, drops everything, or decides
	// elsewhere, is trusted to filter.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicates.Spec(), predicates.LabelsChanged{})).
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool { return false },
		})).
		Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool { return r.decide(e) },
		})).
		Complete(r)
}

func newInNamespace(e event.UpdateEvent) bool {
	return e.ObjectNew.GetNamespace() == "operators"
}

func (r *Reconciler) decide(e event.UpdateEvent) bool { return e.ObjectNew.GetGeneration() > 1 }

// objectHandler decides what an event enqueues.
type objectHandler struct{}

func (objectHandler) Handle(client.Object) {}

// deleting passes an update only while the object is being deleted.
type deleting struct{ predicate.Funcs }

func (deleting) Update(e event.UpdateEvent) bool {
	if e.ObjectNew == nil {
		return false
	}
	return e.ObjectNew.GetDeletionTimestamp() != nil
}

// A filter that passes an object only while it is being deleted drops every
// status-only update of a live one: with a generation predicate, the deletion pass
// opgen's own predicate keeps. One that passes live objects passes their status
// writes.
func (r *Reconciler) deletionFilters(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, deleting{}))).
		Complete(r); err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.NewPredicateFuncs(func(o client.Object) bool {
			return !o.GetDeletionTimestamp().IsZero() && o.GetNamespace() != ""
		}))).
		Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{ // want `with predicates that pass status-only updates`
			UpdateFunc: func(e event.UpdateEvent) bool {
				return e.ObjectNew.GetDeletionTimestamp() == nil
			},
		})).
		Complete(r)
}

// An update filter whose every return is true passes every update, whatever it
// reads or records on the way; one that may return what it computed is trusted.
func (r *Reconciler) recordingFilters(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{ // want `with predicates that pass status-only updates`
			UpdateFunc: func(e event.UpdateEvent) bool {
				r.record(e.ObjectOld, e.ObjectNew)
				return true
			},
		})).
		Complete(r); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&apiv1.Memcached{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				if r.record(e.ObjectOld, e.ObjectNew) {
					return true
				}
				return false
			},
		})).
		Complete(r)
}

func (r *Reconciler) record(old, new client.Object) bool { return old != new }
