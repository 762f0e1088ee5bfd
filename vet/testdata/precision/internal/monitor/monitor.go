// Package monitor is internal to the module: only its own packages may import it, and
// with the module's command in view (sealedmain) every caller of its exported names
// is loaded. Watcher is built by the command; Monitor and NewMonitor only by tests,
// which are not loaded: Monitor's write runs in no binary. The comment at the end of
// a line names the analyzers opgen vet reports there with sealedmain in view.
package monitor

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Watcher records the generation of the Memcached it is handed the key of.
type Watcher struct {
	C client.Client
}

// NewWatcher builds a Watcher.
func NewWatcher(c client.Client) *Watcher { return &Watcher{C: c} }

// Record reads the Memcached from the manager's cache and sends it whole.
func (w *Watcher) Record(ctx context.Context, key client.ObjectKey) error {
	var m cachev1alpha1.Memcached
	if err := w.C.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Status.ObservedGeneration = m.Generation
	return w.C.Status().Update(ctx, &m) // cachedupdate
}

// Monitor does what Watcher does; nothing but a test builds one.
type Monitor struct {
	C client.Client
}

// NewMonitor builds a Monitor.
func NewMonitor(c client.Client) *Monitor { return &Monitor{C: c} }

// Check reads the Memcached from the cache it is handed and sends it whole.
func (m *Monitor) Check(ctx context.Context, key client.ObjectKey) error {
	var obj cachev1alpha1.Memcached
	if err := m.C.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Status.ObservedGeneration = obj.Generation
	return m.C.Status().Update(ctx, &obj)
}

// Touch is a function nothing but a test calls, through a Watcher's client.
func Touch(ctx context.Context, w *Watcher, key client.ObjectKey) error {
	var obj cachev1alpha1.Memcached
	if err := w.C.Get(ctx, key, &obj); err != nil {
		return err
	}
	return w.C.Status().Update(ctx, &obj)
}
