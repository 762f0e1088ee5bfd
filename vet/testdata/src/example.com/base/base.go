// Package base holds a reconciler base that keeps its clients in unexported fields
// and hands them out through accessors: its users read and write through b.Client().
package base

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Reconciler is embedded by the operator's reconcilers.
type Reconciler struct {
	client  client.Client
	direct  client.Client // want direct:`new client field`
	apiRead client.Reader
}

// New takes the manager's client; the direct one it makes itself.
func New(mgr manager.Manager) (*Reconciler, error) {
	direct, err := client.New(nil, client.Options{})
	if err != nil {
		return nil, err
	}
	return &Reconciler{client: mgr.GetClient(), direct: direct, apiRead: mgr.GetAPIReader()}, nil
}

// Client is the manager's client: it reads from the informer cache.
func (b *Reconciler) Client() client.Client { return b.client } // want Client:`cached client`

// Direct reads from the API server: client.New has no cache.
func (b *Reconciler) Direct() client.Client { return b.direct } // want Direct:`new client`

// APIReader is a bare reader.
func (b *Reconciler) APIReader() client.Reader { return b.apiRead }
