package v1

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SaveStatus writes the object's own status, with nothing guarding it: a method of
// the API type that every caller is judged by.
func (m *Memcached) SaveStatus(ctx context.Context, c client.Client) {
	if err := c.Status().Update(ctx, m); err != nil {
		_ = err
	}
}

// NewPatch is a MergeFrom of a copy of the object as it is now: a status Patch with
// it, after the caller changed the object, sends only the change.
func (m *Memcached) NewPatch() client.Patch {
	old := m.DeepCopy()
	return client.MergeFrom(old)
}

// SelfPatch diffs the object against itself: the patch sends the whole object.
func (m *Memcached) SelfPatch() client.Patch {
	return client.MergeFrom(m)
}

// IsCompleted reads a *bool status flag: true only when set and true.
func (m *Memcached) IsCompleted() bool {
	return m.Status.Completed != nil && *m.Status.Completed
}

// IsReserved reads a bool status flag.
func (m *Memcached) IsReserved() bool { return m.Status.Reserved }
