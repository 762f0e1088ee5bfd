// Package hook scales a Memcached with the client it is handed: the code of tool,
// imported by the operator's main (package mgrmain), which makes the manager and hands
// it the manager's client (a webhook handler, a runnable). Its Update of what it read
// is reported.
package hook

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Scaler scales Memcacheds.
type Scaler struct {
	c client.Client
}

// NewScaler returns a Scaler that uses c.
func NewScaler(c client.Client) *Scaler { return &Scaler{c: c} }

// Scale sets the size of the Memcached key names.
func (s *Scaler) Scale(ctx context.Context, key client.ObjectKey, size int32) error {
	var m cachev1alpha1.Memcached
	if err := s.c.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Spec.Size = &size
	return s.c.Update(ctx, &m)
}
