package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// spawner is a command's reconciler: the package fills its client only with
// client.New's, which has no cache. Its pass hands that client down a chain of
// helpers, four deep, one of which a test also enters (spawnOnce, which nothing in
// the package calls): what the last one reads comes from the API server.
type spawner struct {
	client.Client // want Client:"new client field"
}

func startSpawner(mgr ctrl.Manager) error {
	direct, err := client.New(nil, client.Options{})
	if err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&apiv1.Memcached{}).Complete(&spawner{Client: direct})
}

func (s *spawner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, spawnCycle(ctx, s.Client, req.NamespacedName)
}

func spawnOnce(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return spawnCycle(ctx, c, key)
}

func spawnCycle(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return spawnCore(ctx, c, key)
}

func spawnCore(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return spawnWithSource(ctx, c, key)
}

func spawnWithSource(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return spawnWrite(ctx, c, key)
}

func spawnWrite(ctx context.Context, c client.Client, key client.ObjectKey) error {
	var obj apiv1.Memcached
	if err := c.Get(ctx, key, &obj); err != nil {
		return err
	}
	obj.Status.State = "Spawned"
	return c.Status().Update(ctx, &obj)
}
