package statusupdatechange

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Claims fails a run from several helpers that answer whether the caller must stop:
// a path on which one helper failed the run (and stored Failed) leaves on its stop,
// so no later helper writes Failed over a stored Failed. The early returns hand the
// state to a log, so that only the path analysis judges them (see predicate.go).
type Claims struct{ *Reconciler }

// settled is a predicate on the state alone (see predicate.go).
func (r *Claims) settled(state string) bool {
	return state == "Done" || state == "Failed"
}

// Not reported: past the predicate the state is neither Done nor Failed; claim
// answers stop true with every failure it writes, and the caller leaves on it, so
// gate's failure is reached only with Failed not stored.
func (r *Claims) run(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.settled(obj.Status.State) {
		println("settled", obj.Status.State)
		return reconcile.Result{}, nil
	}
	if res, stop, err := r.claim(ctx, obj); stop {
		return res, err
	}
	if stop, err := r.gate(ctx, obj); stop || err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *Claims) claim(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, bool, error) {
	if len(obj.Status.Nodes) > 2 {
		return reconcile.Result{}, true, r.failClaim(ctx, obj, "taken")
	}
	return reconcile.Result{}, false, nil
}

func (r *Claims) gate(ctx context.Context, obj *apiv1.Memcached) (bool, error) {
	if obj.Spec.Size == 0 {
		return true, r.failClaim(ctx, obj, "no size")
	}
	return false, nil
}

func (r *Claims) failClaim(ctx context.Context, obj *apiv1.Memcached, msg string) error { // want failClaim:"fills State"
	obj.Status.State = "Failed"
	obj.Status.Message = msg
	return r.Status().Update(ctx, obj)
}

// Reported: the caller drops claim's stop and goes on past a failure claim wrote, so
// gate's failure may send Failed again.
func (r *Claims) runLoose(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.settled(obj.Status.State) {
		println("settled", obj.Status.State)
		return reconcile.Result{}, nil
	}
	if _, _, err := r.claimLoose(ctx, obj); err != nil {
		return reconcile.Result{}, err
	}
	if stop, err := r.gateLoose(ctx, obj); stop || err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *Claims) claimLoose(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, bool, error) {
	if len(obj.Status.Nodes) > 2 {
		return reconcile.Result{}, true, r.failLoose(ctx, obj, "taken")
	}
	return reconcile.Result{}, false, nil
}

func (r *Claims) gateLoose(ctx context.Context, obj *apiv1.Memcached) (bool, error) {
	if obj.Spec.Size == 0 {
		return true, r.failLoose(ctx, obj, "no size")
	}
	return false, nil
}

func (r *Claims) failLoose(ctx context.Context, obj *apiv1.Memcached, msg string) error { // want failLoose:"fills State"
	obj.Status.State = "Failed"
	obj.Status.Message = msg
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Reported: stop is the helper's answer but not a constant (the helper says whether
// it wrote), so nothing tells the paths apart.
func (r *Claims) runComputed(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.settled(obj.Status.State) {
		println("settled", obj.Status.State)
		return reconcile.Result{}, nil
	}
	if stop, err := r.claimComputed(ctx, obj); stop {
		return reconcile.Result{}, err
	}
	if obj.Spec.Size == 0 {
		return reconcile.Result{}, r.failComputed(ctx, obj, "no size")
	}
	return reconcile.Result{}, nil
}

func (r *Claims) claimComputed(ctx context.Context, obj *apiv1.Memcached) (bool, error) {
	taken := len(obj.Status.Nodes) > 2
	if len(obj.Status.Nodes) > 1 {
		return taken, r.failComputed(ctx, obj, "taken")
	}
	return false, nil
}

func (r *Claims) failComputed(ctx context.Context, obj *apiv1.Memcached, msg string) error { // want failComputed:"fills State"
	obj.Status.State = "Failed"
	obj.Status.Message = msg
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

// Not reported: the way to the failure holds three switches whose paths, one per
// combination of their values (343 of them), are more than the analysis follows at
// once; they are joined into one that keeps what each field may hold, and the state,
// found to be neither Done nor Failed, moves to Failed on all of them.
func (r *Claims) many(ctx context.Context, obj *apiv1.Memcached, a, b, c int) error {
	if r.settled(obj.Status.State) {
		println("settled", obj.Status.State)
		return nil
	}
	switch a {
	case 1:
		obj.Status.Message = "m1"
	case 2:
		obj.Status.Message = "m2"
	case 3:
		obj.Status.Message = "m3"
	case 4:
		obj.Status.Message = "m4"
	case 5:
		obj.Status.Message = "m5"
	case 6:
		obj.Status.Message = "m6"
	}
	switch b {
	case 1:
		obj.Status.Image = "i1"
	case 2:
		obj.Status.Image = "i2"
	case 3:
		obj.Status.Image = "i3"
	case 4:
		obj.Status.Image = "i4"
	case 5:
		obj.Status.Image = "i5"
	case 6:
		obj.Status.Image = "i6"
	}
	switch c {
	case 1:
		obj.Status.LastSync = "s1"
	case 2:
		obj.Status.LastSync = "s2"
	case 3:
		obj.Status.LastSync = "s3"
	case 4:
		obj.Status.LastSync = "s4"
	case 5:
		obj.Status.LastSync = "s5"
	case 6:
		obj.Status.LastSync = "s6"
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj)
}

// Reported: the same paths, joined, but nothing rules out a stored Failed.
func (r *Claims) manyUnsettled(ctx context.Context, obj *apiv1.Memcached, a, b, c int) error {
	if obj.Status.State == "Done" {
		return nil
	}
	switch a {
	case 1:
		obj.Status.Message = "m1"
	case 2:
		obj.Status.Message = "m2"
	case 3:
		obj.Status.Message = "m3"
	case 4:
		obj.Status.Message = "m4"
	case 5:
		obj.Status.Message = "m5"
	case 6:
		obj.Status.Message = "m6"
	}
	switch b {
	case 1:
		obj.Status.Image = "i1"
	case 2:
		obj.Status.Image = "i2"
	case 3:
		obj.Status.Image = "i3"
	case 4:
		obj.Status.Image = "i4"
	case 5:
		obj.Status.Image = "i5"
	case 6:
		obj.Status.Image = "i6"
	}
	switch c {
	case 1:
		obj.Status.LastSync = "s1"
	case 2:
		obj.Status.LastSync = "s2"
	case 3:
		obj.Status.LastSync = "s3"
	case 4:
		obj.Status.LastSync = "s4"
	case 5:
		obj.Status.LastSync = "s5"
	case 6:
		obj.Status.LastSync = "s6"
	}
	obj.Status.State = "Failed"
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}
