package v1

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SaveStatus writes the object's own status, with nothing guarding it: a method of
// the API type that every caller is judged by.
func (m *Memcached) SaveStatus(ctx context.Context, c client.Client) {
	if err := c.Status().Update(ctx, m); err != nil {
		_ = err
	}
}
