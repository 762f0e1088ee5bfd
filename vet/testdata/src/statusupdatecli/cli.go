// Package statusupdatecli is a command, no controller: a status write at start-up or
// in a migration is in no reconcile loop.
package statusupdatecli

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func markFailed(ctx context.Context, c client.Client, obj *apiv1.Memcached) error {
	obj.Status.Nodes = nil
	return c.Status().Update(ctx, obj)
}
