package cachedupdate

import (
	"context"

	apiv1 "example.com/api/v1"
	"example.com/remote"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// RemoteReconciler reads through clients a factory of another package built: those
// of the NewClient fact read the API server, as a Cluster's field of the
// NewClientField fact does.
type RemoteReconciler struct {
	client.Client
	cluster *remote.Cluster
	source  client.Client // want source:`new client field`
	either  client.Client
}

// newSource is a factory of this package that returns another package's.
func newSource(config any) (client.Client, error) { // want newSource:`new client`
	return remote.Pick(true, config)
}

// NewRemoteReconciler fills source from this package's factory, either from one
// that may return the manager's client.
func NewRemoteReconciler(mgr manager.Manager, config any) (*RemoteReconciler, error) {
	source, err := newSource(config)
	if err != nil {
		return nil, err
	}
	either, err := remote.Either(mgr, config, false)
	if err != nil {
		return nil, err
	}
	return &RemoteReconciler{Client: mgr.GetClient(), cluster: remote.NewCluster(mgr), source: source, either: either}, nil
}

func (r *RemoteReconciler) throughRemote(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.cluster.Client.Get(ctx, key, &m); err != nil {
		return err
	}
	return r.cluster.Client.Update(ctx, &m)
}

func (r *RemoteReconciler) throughSource(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.source.Get(ctx, key, &m); err != nil {
		return err
	}
	return r.source.Update(ctx, &m)
}

func (r *RemoteReconciler) throughCachedField(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.cluster.Cached.Get(ctx, key, &m); err != nil {
		return err
	}
	return r.cluster.Cached.Update(ctx, &m) // want `r.cluster.Cached.Update of \*v1.Memcached read from the informer cache`
}

func (r *RemoteReconciler) throughEither(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := r.either.Get(ctx, key, &m); err != nil {
		return err
	}
	return r.either.Update(ctx, &m) // want `r.either.Update of \*v1.Memcached read from the informer cache`
}

// syncer keeps clients it builds itself, one field filled from another.
type syncer struct {
	localNonCached client.Client // want localNonCached:`new client field`
	local          client.Client // want local:`new client field`
	remote         client.Client // want remote:`new client field`
	loop           client.Client
	back           client.Client
}

func newSyncer(config any, remoteConfig any) (*syncer, error) {
	s := &syncer{}
	var err error
	if s.localNonCached, err = client.New(config, client.Options{}); err != nil {
		return nil, err
	}
	s.local = s.localNonCached
	s.remote = s.local
	if remoteConfig != nil {
		if s.remote, err = client.New(remoteConfig, client.Options{}); err != nil {
			return nil, err
		}
	}
	// Two fields filled only from each other: nothing says what they hold.
	s.loop = s.back
	s.back = s.loop
	return s, nil
}

func (s *syncer) syncRemote(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := s.remote.Get(ctx, key, &m); err != nil {
		return err
	}
	return s.remote.Update(ctx, &m)
}

func (s *syncer) syncLoop(ctx context.Context, key client.ObjectKey) error {
	var m apiv1.Memcached
	if err := s.loop.Get(ctx, key, &m); err != nil {
		return err
	}
	return s.loop.Update(ctx, &m) // want `s.loop.Update of \*v1.Memcached read from the informer cache`
}
