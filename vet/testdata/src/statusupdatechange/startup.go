package statusupdatechange

import (
	"context"
	"sync"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// startupMigrator holds a controller, so its Start is no router of messages of its
// own; but the manager calls Start once, so what it does before it hands over runs
// once per process: a migration of the objects that exist is a start-up step, in no
// loop, even one that writes each object in a goroutine of its own.
type startupMigrator struct {
	client.Client
	ctrl controller.Controller
}

func (m *startupMigrator) Start(ctx context.Context) error {
	if err := m.migrate(ctx); err != nil {
		return err
	}
	m.poll(ctx)
	return nil
}

func (m *startupMigrator) migrate(ctx context.Context) error {
	var list apiv1.MemcachedList
	if err := m.List(ctx, &list); err != nil {
		return err
	}
	var wg sync.WaitGroup
	for i := range list.Items {
		obj := &list.Items[i]
		wg.Go(func() { m.markMigrated(ctx, obj) })
	}
	wg.Wait()
	return nil
}

func (m *startupMigrator) markMigrated(ctx context.Context, obj *apiv1.Memcached) { // want markMigrated:"fills State"
	obj.Status.State = "Migrated"
	_ = m.Status().Update(ctx, obj)
}

// poll, which Start calls once too, loops until the process stops: its writes are
// sent once per round, changed or not.
func (m *startupMigrator) poll(ctx context.Context) {
	for ctx.Err() == nil {
		var obj apiv1.Memcached
		if err := m.Get(ctx, types.NamespacedName{Name: "leader"}, &obj); err != nil {
			continue
		}
		obj.Status.State = "Polled"
		_ = m.Status().Update(ctx, &obj) // want `m.Status\(\).Update writes status with no semantic diff guarding it`
	}
}

// A function the manager runs as a Runnable runs once: a backfill at start-up.
func addBackfill(add func(manager.Runnable) error, c client.Client) error {
	return add(manager.RunnableFunc(func(ctx context.Context) error {
		var list apiv1.MemcachedList
		if err := c.List(ctx, &list); err != nil {
			return err
		}
		for i := range list.Items {
			list.Items[i].Status.State = "Backfilled"
			if err := c.Status().Update(ctx, &list.Items[i]); err != nil {
				return err
			}
		}
		return nil
	}))
}

// A Runnable whose Start the package calls itself is started by that caller, which
// may be on the loop: what it writes is judged as the loop's.
type restartable struct {
	client.Client
	ctrl controller.Controller
}

func (s *restartable) Start(ctx context.Context) error {
	var obj apiv1.Memcached
	if err := s.Get(ctx, types.NamespacedName{Name: "restartable"}, &obj); err != nil {
		return err
	}
	obj.Status.State = "Started"
	return s.Status().Update(ctx, &obj) // want `s.Status\(\).Update writes status with no semantic diff guarding it`
}

func (r *sharedReconciler) restart(ctx context.Context, s *restartable) error {
	return s.Start(ctx)
}
