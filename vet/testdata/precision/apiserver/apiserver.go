// Package apiserver is the manager of an operator's HTTP API: it keeps the client its
// constructor is handed in a field, reads Memcacheds through it and sends them whole
// with Update. Whether that reads the informer cache is its callers' to say: package
// apiservermain builds Direct's client with client.New (no cache) and hands Shared the
// manager's client.
package apiserver

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Direct serves the API with the client its caller built.
type Direct struct {
	cli client.Client
}

// NewDirect keeps c.
func NewDirect(c client.Client) *Direct {
	return &Direct{cli: c}
}

// Resize sets the size of the Memcached key names.
func (d *Direct) Resize(ctx context.Context, key client.ObjectKey, size int32) error {
	var m cachev1alpha1.Memcached
	if err := d.cli.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Spec.Size = &size
	return d.cli.Update(ctx, &m)
}

// Shared serves the API with the client its caller hands it.
type Shared struct {
	cli client.Client
}

// NewShared keeps c.
func NewShared(c client.Client) *Shared {
	return &Shared{cli: c}
}

// Resize sets the size of the Memcached key names.
func (s *Shared) Resize(ctx context.Context, key client.ObjectKey, size int32) error {
	var m cachev1alpha1.Memcached
	if err := s.cli.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Spec.Size = &size
	return s.cli.Update(ctx, &m)
}
