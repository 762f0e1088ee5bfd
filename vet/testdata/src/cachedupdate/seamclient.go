package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A package variable that holds the function building a client, a seam tests swap
// (var getAdminClientFunc = createAdminClient), builds what that function builds: a
// call of it, when every value the package gives the variable is a function that
// returns a client without a cache, returns one too.
var getRemoteFunc = newRemoteClient

// getEitherFunc is given a literal as well: what it returns is not known.
var getEitherFunc = newRemoteClient

func init() {
	getEitherFunc = func(cfg any) (client.Client, error) { return nil, nil }
}

func newRemoteClient(cfg any) (client.Client, error) { // want newRemoteClient:`new client`
	return client.New(cfg, client.Options{})
}

type remoteSyncer struct {
	Remote client.Client // want Remote:`new client field`
}

func (r *Reconciler) startRemote(ctx context.Context, cfg any, key client.ObjectKey) error {
	remote, err := getRemoteFunc(cfg)
	if err != nil {
		return err
	}
	s := &remoteSyncer{}
	s.Remote = remote
	return s.push(ctx, key)
}

func (s *remoteSyncer) push(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := s.Remote.Get(ctx, key, m); err != nil {
		return err
	}
	return s.Remote.Update(ctx, m)
}

type eitherSyncer struct {
	Remote client.Client
}

func (r *Reconciler) startEither(ctx context.Context, cfg any, key client.ObjectKey) error {
	remote, err := getEitherFunc(cfg)
	if err != nil {
		return err
	}
	s := &eitherSyncer{}
	s.Remote = remote
	return s.push(ctx, key)
}

func (s *eitherSyncer) push(ctx context.Context, key client.ObjectKey) error {
	m := &apiv1.Memcached{}
	if err := s.Remote.Get(ctx, key, m); err != nil {
		return err
	}
	return s.Remote.Update(ctx, m) // want `s.Remote.Update of \*v1.Memcached read from the informer cache`
}
