package statusupdate

import (
	"context"

	apiv1 "example.com/api/v1"
)

// A test stages another writer's status on purpose: test files are not checked.
func stageOtherWriter(ctx context.Context, r *Reconciler, obj *apiv1.Memcached) {
	_ = r.Status().Update(ctx, obj)
}
