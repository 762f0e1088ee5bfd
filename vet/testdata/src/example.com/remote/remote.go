// Package remote builds clients for other clusters. Every client it makes is
// client.New's, with no cache, except the one a Cluster keeps of the manager's.
package remote

import (
	"fmt"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Client builds a client for a remote cluster: a named result that a tuple
// assignment gives client.New's client, and a bare return.
func Client(config any) (c client.Client, err error) { // want Client:`new client`
	c, err = client.New(config, client.Options{})
	if err != nil {
		err = fmt.Errorf("remote: %w", err)
	}
	return
}

// Pick returns a client of this cluster or of a remote one: both built here.
func Pick(local bool, config any) (client.Client, error) { // want Pick:`new client`
	if local {
		direct, err := client.New(config, client.Options{})
		if err != nil {
			return nil, err
		}
		return direct, nil
	}
	return Client(config)
}

// Either may return the manager's client, which reads from the cache: no fact.
func Either(mgr manager.Manager, config any, remote bool) (client.Client, error) {
	if remote {
		return Client(config)
	}
	return mgr.GetClient(), nil
}

// Cluster is a cluster's pair of clients: Client is filled only by Connect, with a
// remote client; Cached holds the manager's.
type Cluster struct {
	Client client.Client // want Client:`new client field`
	Cached client.Client
}

// NewCluster keeps the manager's client; Connect adds the remote one.
func NewCluster(mgr manager.Manager) *Cluster {
	return &Cluster{Cached: mgr.GetClient()}
}

// Connect builds the remote client.
func (c *Cluster) Connect(config any) (err error) {
	c.Client, err = Pick(false, config)
	return err
}
