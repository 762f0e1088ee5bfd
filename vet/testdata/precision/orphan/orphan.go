// Package orphan is a controller whose status writes are each in a helper: some are
// reached from Reconcile (called, held as a value, called through an interface of
// the package), and some are left behind where nothing calls them (a method no code
// refers to, a function only that method or itself calls). Every write sends the
// cached object whole and stamps the generation without comparing it: the comment at
// the end of a line names the analyzers opgen vet reports there (cachedupdate at the
// call of a helper it follows, statusupdate at each write), and a line without one
// gets none.
package orphan

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Reconciler records the generation of every Memcached it sees.
type Reconciler struct {
	client.Client
	// onDone is a seam: Reconcile stores a method in it.
	onDone func(context.Context, *cachev1alpha1.Memcached) error
}

// stamper is how Reconcile reaches one of its writes: through a method of an
// interface, as a handler per phase would be.
type stamper interface {
	stamp(context.Context, *cachev1alpha1.Memcached) error
}

// Reconcile records req's Memcached's generation, in three ways.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.record(ctx, &m); err != nil { // cachedupdate
		return ctrl.Result{}, err
	}
	if m.Spec.Size == nil {
		return ctrl.Result{}, nil
		// Left behind after the return: no pass reaches these lines, nor rollback.
		m.Status.ObservedGeneration = m.Generation
		_ = r.Status().Update(ctx, &m)
		r.rollback(ctx, &m)
	}
	if err := r.drain(ctx, &m); err != nil {
		return ctrl.Result{}, err
	}
	var s stamper = r
	if err := s.stamp(ctx, &m); err != nil {
		return ctrl.Result{}, err
	}
	r.onDone = r.finish
	return ctrl.Result{}, r.onDone(ctx, &m)
}

// record is called by Reconcile; it hands the write on to save.
func (r *Reconciler) record(ctx context.Context, m *cachev1alpha1.Memcached) error {
	return save(ctx, r.Client, m)
}

func save(ctx context.Context, c client.Client, m *cachev1alpha1.Memcached) error {
	m.Status.ObservedGeneration = m.Generation
	return c.Status().Update(ctx, m) // statusupdate
}

func (r *Reconciler) stamp(ctx context.Context, m *cachev1alpha1.Memcached) error {
	m.Status.ObservedGeneration = m.Generation
	return r.Status().Update(ctx, m) // statusupdate
}

func (r *Reconciler) finish(ctx context.Context, m *cachev1alpha1.Memcached) error {
	m.Status.ObservedGeneration = m.Generation
	return r.Status().Update(ctx, m) // statusupdate
}

// rollback is called only after a return: it runs on no pass.
func (r *Reconciler) rollback(ctx context.Context, m *cachev1alpha1.Memcached) {
	m.Status.ObservedGeneration = 0
	_ = r.Status().Update(ctx, m)
	_ = r.Update(ctx, m)
}

// drain skips a statement with a goto: what follows the goto's label runs, what
// lies between the two does not.
func (r *Reconciler) drain(ctx context.Context, m *cachev1alpha1.Memcached) error {
	goto write
	panic("skipped")
write:
	m.Status.ObservedGeneration = m.Generation
	if m.Generation > 1 {
		panic("unsupported")
		_ = r.Status().Update(ctx, m)
	}
	return r.Status().Update(ctx, m) // statusupdate
}

// resync is left behind: nothing calls it, nor holds it as a value.
func (r *Reconciler) resync(ctx context.Context, key client.ObjectKey) error {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Status.ObservedGeneration = m.Generation
	if err := r.Status().Update(ctx, &m); err != nil {
		return err
	}
	return retry(ctx, r.Client, &m, 3)
}

// retry is called only by resync, which nothing calls, and by itself.
func retry(ctx context.Context, c client.Client, m *cachev1alpha1.Memcached, n int) error {
	if n == 0 {
		return nil
	}
	m.Status.ObservedGeneration = m.Generation
	if err := c.Status().Update(ctx, m); err != nil {
		return retry(ctx, c, m, n-1)
	}
	return nil
}

// SetupWithManager wires the controller without a predicate.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1alpha1.Memcached{}). // unfilteredfor
		Complete(r)
}
