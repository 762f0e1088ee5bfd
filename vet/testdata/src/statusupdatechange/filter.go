package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
)

// Filters: a setter that drops elements of a status list and says whether it dropped
// any reports a change, the list it assigns back lacking what it skipped.

func dropNodes(obj *apiv1.Memcached, gone map[string]bool) bool { // want dropNodes:"reports change"
	if len(gone) == 0 {
		return false
	}
	kept := make([]string, 0, len(obj.Status.Nodes))
	changed := false
	for _, n := range obj.Status.Nodes {
		if gone[n] {
			changed = true
			continue
		}
		kept = append(kept, n)
	}
	obj.Status.Nodes = kept
	return changed
}

// Not reported: written only when a node was dropped.
func (r *Reconciler) pruned(ctx context.Context, obj *apiv1.Memcached, gone map[string]bool) error {
	if dropNodes(obj, gone) {
		return r.Status().Update(ctx, obj)
	}
	return nil
}

// The list is not assigned back: skipping an element changes nothing.
func countGone(obj *apiv1.Memcached, gone map[string]bool) bool { // want countGone:"fills Attempts"
	kept := 0
	changed := false
	for _, n := range obj.Status.Nodes {
		if gone[n] {
			changed = true
			continue
		}
		kept++
	}
	obj.Status.Attempts = int32(kept)
	return changed
}

func (r *Reconciler) counted(ctx context.Context, obj *apiv1.Memcached, gone map[string]bool) error {
	if countGone(obj, gone) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}

// True is returned in the skipping branch, before the list is assigned back.
func firstGone(obj *apiv1.Memcached, gone map[string]bool) bool {
	var kept []string
	for _, n := range obj.Status.Nodes {
		if gone[n] {
			return true
		}
		kept = append(kept, n)
	}
	obj.Status.Nodes = kept
	return false
}

func (r *Reconciler) firstPruned(ctx context.Context, obj *apiv1.Memcached, gone map[string]bool) error {
	if firstGone(obj, gone) {
		return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
	}
	return nil
}
