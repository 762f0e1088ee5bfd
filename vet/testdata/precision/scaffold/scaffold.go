// Package scaffold holds reconcilers of Memcacheds that keep a branch for a missing
// dependency: with it they hand the object on, without it they stamp the generation
// and send the cached object whole. The main of package scaffoldmain always wires
// Direct's Backend and Nested's Deps.Dispatcher, and never Optional's Recorder (Cleared
// has its Backend cleared, and Held is held by value where it may be zero): the
// comment at the end of a line names the analyzers opgen vet reports there with
// scaffoldmain in view. Without a main in view every such write is reported.
package scaffold

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Backend runs the work of a Memcached somewhere else.
type Backend interface {
	Run(ctx context.Context, m *cachev1alpha1.Memcached) error
}

// Jobs is the Backend the command wires.
type Jobs struct{ client.Client }

// Run does nothing here.
func (j *Jobs) Run(ctx context.Context, m *cachev1alpha1.Memcached) error { return nil }

// NewJobs builds a Jobs: it never returns nil.
func NewJobs(c client.Client) *Jobs { return &Jobs{Client: c} }

// Direct hands every Memcached to its Backend; without one it stamps it.
type Direct struct {
	client.Client
	Backend Backend
}

// Reconcile hands req's Memcached on.
func (r *Direct) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Backend != nil {
		return ctrl.Result{}, r.Backend.Run(ctx, &m)
	}
	m.Status.ObservedGeneration = m.Generation
	return ctrl.Result{}, r.Status().Update(ctx, &m)
}

// SetupWithManager wires the controller.
func (r *Direct) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1alpha1.Memcached{}).Complete(r) // unfilteredfor
}

// Deps are Nested's dependencies, built once by the command.
type Deps struct {
	Dispatcher Backend
	Prefix     string
}

// Nested reaches its Backend through a struct of dependencies.
type Nested struct {
	client.Client
	Deps Deps
}

// Reconcile stamps req's Memcached only when no Dispatcher is wired.
func (r *Nested) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Deps.Dispatcher == nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m)
	}
	return ctrl.Result{}, r.Deps.Dispatcher.Run(ctx, &m)
}

// SetupWithManager wires the controller.
func (r *Nested) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1alpha1.Memcached{}).Complete(r) // unfilteredfor
}

// Optional has a Recorder the command does not wire: its branch without one runs.
type Optional struct {
	client.Client
	Recorder Backend
}

// Reconcile stamps req's Memcached unless a Recorder takes it.
func (r *Optional) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Recorder != nil {
		return ctrl.Result{}, r.Recorder.Run(ctx, &m)
	}
	m.Status.ObservedGeneration = m.Generation
	return ctrl.Result{}, r.Status().Update(ctx, &m) // statusupdate cachedupdate
}

// SetupWithManager wires the controller.
func (r *Optional) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1alpha1.Memcached{}).Complete(r) // unfilteredfor
}

// Cleared is wired by the command and then has its Backend taken away again.
type Cleared struct {
	client.Client
	Backend Backend
}

// Reconcile stamps req's Memcached when its Backend is gone.
func (r *Cleared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Backend == nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m) // statusupdate cachedupdate
	}
	return ctrl.Result{}, r.Backend.Run(ctx, &m)
}

// Drop takes the Backend away.
func (r *Cleared) Drop() { r.Backend = nil }

// SetupWithManager wires the controller.
func (r *Cleared) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1alpha1.Memcached{}).Complete(r) // unfilteredfor
}

// Held is wired by the command, and held by value in Pair, whose zero value holds a
// Held without a Backend.
type Held struct {
	client.Client
	Backend Backend
}

// Pair holds a Held by value.
type Pair struct {
	Held Held
}

// Reconcile stamps req's Memcached when its Backend is nil.
func (r *Held) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var m cachev1alpha1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Backend == nil {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, &m) // statusupdate cachedupdate
	}
	return ctrl.Result{}, r.Backend.Run(ctx, &m)
}

// SetupWithManager wires the controller.
func (r *Held) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1alpha1.Memcached{}).Complete(r) // unfilteredfor
}
