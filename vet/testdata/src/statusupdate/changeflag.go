package statusupdate

import (
	"context"
	"errors"
	"reflect"

	apiv1 "example.com/api/v1"
)

// A flag whose name says nothing, set true only where a comparison found a
// difference between what was observed and what is wanted: the write behind it is a
// change.
func (r *Reconciler) flagged(ctx context.Context, obj *apiv1.Memcached, seen, nodes []string, was, state string) error {
	updated := false
	if !reflect.DeepEqual(seen, nodes) {
		updated = true
	}
	if was != state && state != "" {
		updated = true
	}
	if updated {
		obj.Status.Nodes = nodes
		obj.Status.State = state
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// The same flag read the other way: the write is sent when nothing differs.
func (r *Reconciler) flaggedWrongWay(ctx context.Context, obj *apiv1.Memcached, was, state string) error {
	var updated bool
	if was != state {
		updated = true
	}
	if !updated {
		obj.Status.Message = "steady"
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// A flag also set true behind a test that compares no two states (an error), or
// given anything but a constant, is no change flag.
func (r *Reconciler) flaggedAlways(ctx context.Context, obj *apiv1.Memcached, was, state string, err error) error {
	stale := false
	if was != state {
		stale = true
	}
	if err != nil {
		stale = true
	}
	if stale {
		obj.Status.State = state
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	again := false
	if was != state {
		again = true
	}
	again = errors.Is(err, context.Canceled)
	if again {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// An if-else chain past which the path goes only when no branch was taken: a branch
// on a diff that leaves, after branches that all leave, is an early exit.
func (r *Reconciler) chainedExit(ctx context.Context, obj *apiv1.Memcached, nodes []string, err error) error {
	changed := !reflect.DeepEqual(obj.Status.Nodes, nodes)
	if err != nil {
		return err
	} else if !changed {
		return nil
	}
	obj.Status.Nodes = nodes
	return r.Status().Update(ctx, obj)
}

// A branch before the diff that goes on: the path past the chain through it never
// asked the diff.
func (r *Reconciler) chainedGoesOn(ctx context.Context, obj *apiv1.Memcached, nodes []string, err error) error {
	changed := !reflect.DeepEqual(obj.Status.Nodes, nodes)
	if err != nil {
		nodes = nil
	} else if !changed {
		return nil
	}
	obj.Status.Message = "synced"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
