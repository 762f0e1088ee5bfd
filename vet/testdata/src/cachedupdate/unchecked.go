package cachedupdate

import (
	"context"
	"fmt"

	apiv1 "example.com/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// setPhase writes its object's status on every path and answers nothing: each call
// is a write whose answer the caller does not look at.
func (r *Reconciler) setPhase(ctx context.Context, obj *apiv1.Memcached, phase string) { // want setPhase:`refreshes \[1\]`
	obj.Status.State = phase
	r.Status().Update(ctx, obj)
}

// setPhaseMaybe may return before it writes: a call of it writes nothing for sure.
func (r *Reconciler) setPhaseMaybe(ctx context.Context, obj *apiv1.Memcached, phase string) {
	if phase == "" {
		return
	}
	obj.Status.State = phase
	r.Status().Update(ctx, obj)
}

// A pass that writes status several times without looking at the answers: the first
// write sends the cached version (a 409 when the cache lags); each later one sends
// what the write before it decoded, or, when that one failed, the same version it
// failed with, which is that first write's finding.
func (r *Reconciler) phases(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	r.setPhase(ctx, &obj, "Starting") // want `r.setPhase sends &obj, a \*v1.Memcached read from the informer cache`
	r.setPhase(ctx, &obj, "Running")
	_ = r.Status().Update(ctx, &obj)
	r.Status().Update(ctx, &obj)
	return r.Update(ctx, &obj)
}

// After a helper that may not have written, the object may still be the cache's.
func (r *Reconciler) phasesMaybe(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	r.setPhaseMaybe(ctx, &obj, req.Namespace) // want `r.setPhaseMaybe sends &obj, a \*v1.Memcached read from the informer cache`
	return r.Update(ctx, &obj)                // want `r.Update of \*v1.Memcached read from the informer cache`
}

// Handed the phase that switches its write off (if phase == "" { return }), the
// helper sends nothing: the object is still the cache's when Update sends it.
func (r *Reconciler) phasesOff(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	r.setPhaseMaybe(ctx, &obj, "")
	return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// setPhaseLogged writes on every path and only logs a failure: a call of it, too, is
// a write whose answer the caller does not act on.
func (r *Reconciler) setPhaseLogged(ctx context.Context, obj *apiv1.Memcached, phase string) { // want setPhaseLogged:`refreshes \[1\]`
	obj.Status.State = phase
	if err := r.Status().Update(ctx, obj); err != nil {
		fmt.Println("status update failed:", err)
	}
}

// Writes whose failure is only logged: the pass goes on either way, so each later
// write sends what the one before it decoded, or the version that one failed with.
func (r *Reconciler) phasesLogged(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if err := r.Update(ctx, &obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
		fmt.Println("update failed:", err)
	}
	r.setPhaseLogged(ctx, &obj, "Running")
	err := r.Status().Update(ctx, &obj)
	if err != nil {
		fmt.Println("status update failed:", err)
	}
	return r.Update(ctx, &obj)
}

// A failure branch that reads the object again, or jumps, does not let the earlier
// write stand for the object's version.
func (r *Reconciler) phasesLoggedRefill(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	if err := r.Update(ctx, &obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
		_ = r.Get(ctx, req.NamespacedName, &obj)
	}
	if err := r.Update(ctx, &obj); err != nil { // want `r.Update of \*v1.Memcached read from the informer cache`
		fmt.Println("update failed:", err)
	} else {
		_ = r.Get(ctx, req.NamespacedName, &obj)
	}
	other := r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	if req.Name == "" {
		fmt.Println(other)
	}
	return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
}

// Read from the cache again in the statement that opens the write's if (or switch),
// the object is the cache's copy again, on the branch where the read succeeded as on
// the other: what the earlier write decoded is gone.
func (r *Reconciler) phasesReadInIf(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	r.setPhase(ctx, &obj, "Starting") // want `r.setPhase sends &obj, a \*v1.Memcached read from the informer cache`
	if err := r.Get(ctx, req.NamespacedName, &obj); err == nil {
		r.setPhase(ctx, &obj, "Running") // want `r.setPhase sends &obj, a \*v1.Memcached read from the informer cache`
	}
	return nil
}

func (r *Reconciler) phasesReadInIfElse(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	_ = r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		fmt.Println("read failed:", err)
	} else {
		_ = r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}

func (r *Reconciler) phasesReadInSwitch(ctx context.Context, req ctrl.Request) error {
	var obj apiv1.Memcached
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return err
	}
	_ = r.Status().Update(ctx, &obj) // want `r.Status\(\).Update of \*v1.Memcached read from the informer cache`
	switch err := r.Get(ctx, req.NamespacedName, &obj); {
	case err == nil:
		return r.Update(ctx, &obj) // want `r.Update of \*v1.Memcached read from the informer cache`
	}
	return nil
}
