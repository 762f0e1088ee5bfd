package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
)

// holder wraps the object of the pass: its status is the embedded object's, read and
// assigned through the wrapper (h.Status.State is h.Memcached.Status.State).
type holder struct {
	*apiv1.Memcached
	nodes []string
}

// Embedded writes the object a holder embeds.
type Embedded struct {
	*Reconciler
}

// Not reported: the Update answered the stored object, whose counter the write then
// moves by one.
func (r *Embedded) finish(ctx context.Context, h *holder) error {
	if err := r.Update(ctx, h.Memcached); err != nil {
		return err
	}
	h.Status.Attempts = h.Status.Attempts + 1
	return r.Status().Update(ctx, h.Memcached)
}

// Not reported: the early exit finds the state through the wrapper, and the write
// moves it.
func (r *Embedded) ready(ctx context.Context, h *holder) error {
	if h.Status.State == "Ready" {
		return nil
	}
	h.Status.State = "Ready"
	return r.Status().Update(ctx, h.Memcached)
}

// Reported: nothing compared what the write sends.
func (r *Embedded) touch(ctx context.Context, h *holder) error {
	h.Status.Message = "seen"
	return r.Status().Update(ctx, h.Memcached) // want `r.Status\(\).Update writes status with no semantic diff`
}
