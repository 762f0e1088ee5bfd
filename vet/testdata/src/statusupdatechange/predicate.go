package statusupdatechange

import (
	"context"
	"errors"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Runs drives a run whose state ends at Done, Failed or Stopped; a helper's own
// status write lies between the test of the state and the write of Failed, so only
// the path analysis can tell that Failed was not stored.
type Runs struct{ *Reconciler }

// finished is a predicate on the state alone: the path analysis reads it as the
// caller's own comparisons.
func (r *Runs) finished(state string) bool {
	return state == "Done" || state == "Failed" || (state == "Stopped")
}

// over leaves Failed out: past it, Failed may be what is stored.
func (r *Runs) over(state string) bool {
	return !(state != "Done" && state != "Stopped")
}

// Not reported: the state is none of the three past the early return (whose body
// hands the state to a log, so it is no plain early exit), the helper's write keeps
// it, and the failure sets Failed.
func (r *Runs) run(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.finished(obj.Status.State) {
		println("finished", obj.Status.State)
		return reconcile.Result{}, nil
	}
	if err := r.plan(ctx, obj); err != nil {
		return r.fail(ctx, obj, err)
	}
	return reconcile.Result{}, nil
}

// Reported: the predicate lets Failed through, and the failure may write it again.
func (r *Runs) runOver(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.over(obj.Status.State) {
		println("over", obj.Status.State)
		return reconcile.Result{}, nil
	}
	if err := r.plan(ctx, obj); err != nil {
		return r.failOver(ctx, obj, err)
	}
	return reconcile.Result{}, nil
}

// Not reported: a helper of three results whose error is that of its own write (the
// write failed, the stored state is as tested) or nil; the state it summarizes two
// calls down is unknown once written, but only on the paths that answer nil.
func (r *Runs) runSteps(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.finished(obj.Status.State) {
		println("finished", obj.Status.State)
		return reconcile.Result{}, nil
	}
	res, written, err := r.steps(ctx, obj)
	if err != nil {
		return r.failSteps(ctx, obj, err)
	}
	if written {
		return res, nil
	}
	return res, nil
}

// Reported: the helper answers an error after its write went through, so the
// stored state may be the one it summarized, Failed among them.
func (r *Runs) runStepsLate(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, error) {
	if r.finished(obj.Status.State) {
		println("finished", obj.Status.State)
		return reconcile.Result{}, nil
	}
	res, _, err := r.stepsLate(ctx, obj)
	if err != nil {
		return r.failLate(ctx, obj, err)
	}
	return res, nil
}

func (r *Runs) plan(ctx context.Context, obj *apiv1.Memcached) error { // want plan:"fills Nodes"
	obj.Status.Nodes = []string{"a"}
	return r.Status().Update(ctx, obj) // want `r.Status\(\).Update writes status with no semantic diff`
}

func (r *Runs) steps(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, bool, error) {
	for _, n := range obj.Status.Nodes {
		if n == "lost" {
			return r.stop(ctx, obj)
		}
	}
	return reconcile.Result{}, false, nil
}

func (r *Runs) stop(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, bool, error) {
	r.summarize(obj)
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return reconcile.Result{}, true, err
	}
	return reconcile.Result{}, true, nil
}

func (r *Runs) stepsLate(ctx context.Context, obj *apiv1.Memcached) (reconcile.Result, bool, error) {
	r.summarize(obj)
	if err := r.Status().Update(ctx, obj); err != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return reconcile.Result{}, true, err
	}
	return reconcile.Result{}, true, errors.New("requeue")
}

func (r *Runs) summarize(obj *apiv1.Memcached) { r.summarizeNodes(obj) }

func (r *Runs) summarizeNodes(obj *apiv1.Memcached) {
	if len(obj.Status.Nodes) > 3 {
		obj.Status.State = "Failed"
	}
}

func (r *Runs) fail(ctx context.Context, obj *apiv1.Memcached, err error) (reconcile.Result, error) { // want fail:"fills State"
	obj.Status.State = "Failed"
	if uerr := r.Status().Update(ctx, obj); uerr != nil {
		return reconcile.Result{}, uerr
	}
	return reconcile.Result{}, err
}

func (r *Runs) failOver(ctx context.Context, obj *apiv1.Memcached, err error) (reconcile.Result, error) { // want failOver:"fills State"
	obj.Status.State = "Failed"
	if uerr := r.Status().Update(ctx, obj); uerr != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return reconcile.Result{}, uerr
	}
	return reconcile.Result{}, err
}

func (r *Runs) failSteps(ctx context.Context, obj *apiv1.Memcached, err error) (reconcile.Result, error) { // want failSteps:"fills State"
	obj.Status.State = "Failed"
	if uerr := r.Status().Update(ctx, obj); uerr != nil {
		return reconcile.Result{}, uerr
	}
	return reconcile.Result{}, err
}

func (r *Runs) failLate(ctx context.Context, obj *apiv1.Memcached, err error) (reconcile.Result, error) { // want failLate:"fills State"
	obj.Status.State = "Failed"
	if uerr := r.Status().Update(ctx, obj); uerr != nil { // want `r.Status\(\).Update writes status with no semantic diff`
		return reconcile.Result{}, uerr
	}
	return reconcile.Result{}, err
}
