package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// HubClient embeds a client its constructor builds with client.New: a Get through
// the receiver reads the API server.
type HubClient struct {
	client.Client // want Client:`new client field`
	namespace     string
}

// NewHubClient builds the client itself.
func NewHubClient(config any, namespace string) (*HubClient, error) {
	c, err := client.New(config, client.Options{})
	return &HubClient{Client: c, namespace: namespace}, err
}

func (h *HubClient) resize(ctx context.Context, name string, size int32) error {
	m := &apiv1.Memcached{}
	if err := h.Get(ctx, client.ObjectKey{Namespace: h.namespace, Name: name}, m); err != nil {
		return err
	}
	m.Spec.Size = size
	return h.Update(ctx, m)
}

// SpokeClient embeds a client the package fills with the manager's too.
type SpokeClient struct {
	client.Client
}

// NewSpokeClient takes the manager's client, or builds one.
func NewSpokeClient(mgr manager.Manager, config any) (*SpokeClient, error) {
	if config == nil {
		return &SpokeClient{Client: mgr.GetClient()}, nil
	}
	c, err := client.New(config, client.Options{})
	return &SpokeClient{Client: c}, err
}

func (s *SpokeClient) resize(ctx context.Context, key client.ObjectKey, size int32) error {
	m := &apiv1.Memcached{}
	if err := s.Get(ctx, key, m); err != nil {
		return err
	}
	m.Spec.Size = size
	return s.Update(ctx, m) // want `s.Update of \*v1.Memcached read from the informer cache \(s.Get\)`
}
