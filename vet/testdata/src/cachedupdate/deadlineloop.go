package cachedupdate

import (
	"context"
	"time"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A loop written by hand that reads the object at the top of each round and, when
// the write fails, goes round again (continue) retries on any error, a conflict
// among them, with a fresh read: until a deadline, or until the read shows the
// status it wants.
func (r *Reconciler) setPhaseUntil(ctx context.Context, obj *apiv1.Memcached, state string) error { // want setPhaseUntil:`cached results \[\] fills \[1\]`
	deadline := time.Now().Add(10 * time.Second)
	var err error
	for now := time.Now(); now.Before(deadline); now = time.Now() {
		if err = r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			time.Sleep(time.Second)
			continue
		}
		if obj.Status.State == state {
			return nil
		}
		obj.Status.State = state
		if err = r.Status().Update(ctx, obj); err != nil {
			time.Sleep(time.Second)
			continue
		}
		time.Sleep(time.Second)
	}
	return err
}

// A loop over a list by index goes on to the next element when a write fails: no
// retry of the same object.
func (r *Reconciler) resizeEach(ctx context.Context, keys []client.ObjectKey) {
	for i := 0; i < len(keys); i++ {
		m := &apiv1.Memcached{}
		if err := r.Get(ctx, keys[i], m); err != nil {
			continue
		}
		m.Spec.Size++
		if err := r.Update(ctx, m); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
			continue
		}
	}
}

// A loop that reads again but leaves on a failed write tries once.
func (r *Reconciler) setPhaseOnce(ctx context.Context, obj *apiv1.Memcached, state string) error { // want setPhaseOnce:`refreshes \[1\]`
	for {
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			return err
		}
		obj.Status.State = state
		if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
			return err
		}
		time.Sleep(time.Second)
	}
}
