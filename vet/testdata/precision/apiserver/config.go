package apiserver

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/precision/api/v1alpha1"
)

// Config is how a caller hands the API its client: in a field of a struct of
// settings, which NewConfigured copies into a field of its own.
type Config struct {
	Client client.Client
	Name   string
}

// Configured serves the API with the client of the Config it is built from.
type Configured struct {
	cli client.Client
}

// NewConfigured keeps cfg's client.
func NewConfigured(cfg Config) *Configured {
	return &Configured{cli: cfg.Client}
}

// Resize sets the size of the Memcached key names.
func (c *Configured) Resize(ctx context.Context, key client.ObjectKey, size int32) error {
	var m cachev1alpha1.Memcached
	if err := c.cli.Get(ctx, key, &m); err != nil {
		return err
	}
	m.Spec.Size = &size
	return c.cli.Update(ctx, &m)
}
