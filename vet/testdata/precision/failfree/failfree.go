// Package failfree is a controller that records a dispatch's failure in the status
// of the object it dispatches, at each call. One dispatcher never fails (its error is
// nil at every return, the work done in a goroutine), so the branch that records its
// failure runs on no pass; the other may fail. Every write sends the cached object
// whole without comparing it: the comment at the end of a line names the analyzers
// opgen vet reports there, and a line without one gets none.
package failfree

import (
	"context"
	"encoding/json"
	"errors"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Reconciler dispatches every Memcached it sees.
type Reconciler struct {
	client.Client
}

// Reconcile dispatches req's Memcached twice.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.dispatch(&m); err != nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	err := r.dispatch(&m)
	if err != nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	if r.dispatch(&m) != nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	if m.Spec.Image != "" {
		// observed fails only when handed nil: &m is not.
		if _, err := r.observed(ctx, req.NamespacedName, &m); err != nil {
			m.Status.ObservedGeneration = m.Generation
			return ctrl.Result{}, r.Status().Update(ctx, &m)
		}
	}
	p := &m
	if p.Spec.Image != "" && m.Generation > 1 {
		// The condition dereferenced p: it is not nil here.
		g, err := r.observed(ctx, req.NamespacedName, p)
		if err != nil {
			m.Status.ObservedGeneration = g
			return ctrl.Result{}, r.Status().Update(ctx, &m)
		}
	}
	q := r.pick(&m)
	if m.Generation > 2 || q.Spec.Image != "" {
		// Past ||, q may not have been dereferenced.
		if _, err := r.observed(ctx, req.NamespacedName, q); err != nil {
			m.Status.ObservedGeneration = m.Generation
			return ctrl.Result{}, r.Status().Update(ctx, &m) // cachedupdate statusupdate
		}
	}
	s := r.pick(&m)
	size := s.Spec.Size
	// An earlier statement dereferenced s: it is not nil here.
	if _, err := r.observed(ctx, req.NamespacedName, s); err != nil {
		m.Status.ObservedGeneration = m.Generation
		m.Spec.Size = size
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	if p.Spec.Image != "" {
		p = r.pick(&m)
		// p was given another value since: it may be nil.
		if _, err := r.observed(ctx, req.NamespacedName, p); err != nil {
			m.Status.ObservedGeneration = m.Generation
			return ctrl.Result{}, r.Status().Update(ctx, &m) // cachedupdate statusupdate
		}
	}
	if err := r.prune(ctx, req.NamespacedName, &m); err != nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	// A map of strings always encodes: its error is nil.
	body, err := json.Marshal(map[string]interface{}{"kind": "Memcached", "metadata": map[string]interface{}{"name": m.Name}})
	if err != nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	// A float may be NaN: json may fail.
	ratio, err := json.Marshal(map[string]interface{}{"ratio": float64(len(body)) / 2})
	if err != nil {
		m.Status.ObservedGeneration = int64(len(ratio))
		return ctrl.Result{}, r.Status().Update(ctx, &m) // cachedupdate statusupdate
	}
	if err := r.send(&m); err != nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m) // cachedupdate statusupdate
	}
	return ctrl.Result{}, nil
}

// dispatch starts the work and answers at once: it never fails.
func (r *Reconciler) dispatch(m *cachev1alpha1.Memcached) error {
	if m.Name == "" {
		return nil
	}
	go func() {
		_ = r.send(m)
	}()
	return nil
}

// send may fail.
func (r *Reconciler) send(m *cachev1alpha1.Memcached) error {
	if m.Name == "" {
		return errors.New("no name")
	}
	return nil
}

// observed reads the object again when it is not handed one: it fails only then.
func (r *Reconciler) observed(ctx context.Context, key client.ObjectKey, m *cachev1alpha1.Memcached) (int64, error) {
	if m == nil {
		m = &cachev1alpha1.Memcached{}
		if err := r.Get(ctx, key, m); err != nil {
			return 0, err
		}
	}
	return m.Status.ObservedGeneration, nil
}

// pick may give nil.
func (r *Reconciler) pick(m *cachev1alpha1.Memcached) *cachev1alpha1.Memcached {
	if m.Name == "" {
		return nil
	}
	return m
}

// prune fails only when handed nil: past the read, its one other failure is
// observed's, handed m after m was dereferenced.
func (r *Reconciler) prune(ctx context.Context, key client.ObjectKey, m *cachev1alpha1.Memcached) error {
	if m == nil {
		m = &cachev1alpha1.Memcached{}
		if err := r.Get(ctx, key, m); err != nil {
			return err
		}
	}
	_ = m.Name
	if _, err := r.observed(ctx, key, m); err != nil {
		return err
	}
	return nil
}
