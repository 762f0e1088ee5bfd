package statusupdatechange

import (
	"context"
	"slices"

	apiv1 "example.com/api/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positions: a list's element looked up by a loop that records its index, then
// appended when the index says absent and removed when it says present, every other
// way leaving: the list gains or loses that element.

// Not reported: a member is added or removed as asked, nothing written otherwise.
func (r *Reconciler) member(ctx context.Context, key client.ObjectKey, node string, want bool) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var obj apiv1.Memcached
		if err := r.Get(ctx, key, &obj); err != nil {
			return err
		}
		idx := -1
		for i, n := range obj.Status.Nodes {
			if sameNode(n, node) {
				idx = i
				break
			}
		}
		switch {
		case want && idx == -1:
			obj.Status.Nodes = append(obj.Status.Nodes, node)
		case !want && idx != -1:
			obj.Status.Nodes = slices.Delete(obj.Status.Nodes, idx, idx+1)
		default:
			return nil
		}
		return r.Status().Update(ctx, &obj)
	})
}

// Not reported: the same, the element cut out by append.
func (r *Reconciler) memberAppend(ctx context.Context, obj *apiv1.Memcached, node string, want bool) error {
	idx := -1
	for i, n := range obj.Status.Nodes {
		if n == node {
			idx = i
			break
		}
	}
	switch {
	case want && idx < 0:
		obj.Status.Nodes = append(obj.Status.Nodes, node)
	case !want && idx >= 0:
		obj.Status.Nodes = append(obj.Status.Nodes[:idx], obj.Status.Nodes[idx+1:]...)
	default:
		return nil
	}
	return r.Status().Update(ctx, obj)
}

// The index set again outside its loop: what it says past the loop is not known.
func (r *Reconciler) memberReset(ctx context.Context, obj *apiv1.Memcached, node string, want bool) error {
	idx := -1
	for i, n := range obj.Status.Nodes {
		if n == node {
			idx = i
			break
		}
	}
	if len(obj.Status.Nodes) > 3 {
		idx = 0
	}
	switch {
	case want && idx == -1:
		obj.Status.Nodes = append(obj.Status.Nodes, node)
	default:
		return nil
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Another value appended than the one looked up.
func (r *Reconciler) memberOther(ctx context.Context, obj *apiv1.Memcached, node, other string) error {
	idx := -1
	for i, n := range obj.Status.Nodes {
		if n == node {
			idx = i
			break
		}
	}
	switch {
	case idx == -1:
		obj.Status.Nodes = append(obj.Status.Nodes, other)
	default:
		return nil
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// A default that goes on to the write: that way changes nothing.
func (r *Reconciler) memberFallthrough(ctx context.Context, obj *apiv1.Memcached, node string) error {
	idx := -1
	for i, n := range obj.Status.Nodes {
		if n == node {
			idx = i
			break
		}
	}
	switch {
	case idx == -1:
		obj.Status.Nodes = append(obj.Status.Nodes, node)
	default:
		obj.Status.Attempts = 0
	}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
