// Package lifecycle moves an object through its states in a package of its own, as
// some operators split a controller's steps: each step writes the status of the
// object it is handed, and a controller elsewhere calls it.
package lifecycle

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Lifecycle struct{ C client.Client }

// Start moves the state to Running and writes, whatever the state was: its callers
// are judged in its place, and the fact says what it gives the state.
func (l *Lifecycle) Start(ctx context.Context, obj *apiv1.Memcached) error { // want Start:`delegated\[1\] patch -1 sets State="Running" sets Message=<assigned>` Start:`fills State, Message`
	obj.Status.State = "Running"
	obj.Status.Message = "started " + obj.Name
	return l.C.Status().Update(ctx, obj)
}

// Note writes a message that may be the one stored.
func (l *Lifecycle) Note(ctx context.Context, obj *apiv1.Memcached, msg string) error { // want Note:`delegated\[1\] patch -1 sets Message=<assigned>` Note:`fills Message`
	obj.Status.Message = msg
	return l.C.Status().Update(ctx, obj)
}

// Retry writes in two places: its fact says nothing of what it gives.
func (l *Lifecycle) Retry(ctx context.Context, obj *apiv1.Memcached, again bool) error { // want Retry:`delegated\[1\] patch -1$`
	if again {
		obj.Status.State = "Pending"
		return l.C.Status().Update(ctx, obj)
	}
	obj.Status.State = "Failed"
	return l.C.Status().Update(ctx, obj)
}
