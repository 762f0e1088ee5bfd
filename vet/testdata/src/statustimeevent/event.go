// Package statustimeevent writes the clock into status at events: a state transition
// (the state set to a constant the path shows it did not hold) or a counted attempt.
// A timestamp there moves only with the state or the count; a Last… name alone does
// not make it a heartbeat.
package statustimeevent

import (
	"context"

	apiv1 "example.com/api/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	stateSubmitted = "Submitted"
	stateRunning   = "Running"
	stateFailed    = "Failed"
)

type Reconciler struct{ retries int32 }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// An early exit says the state is Submitted; the branch moves it to Failed and stamps
// the moment, once.
func (r *Reconciler) failSubmitted(obj *apiv1.Memcached, give bool) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if obj.Status.State != stateSubmitted {
			return nil
		}
		copied := obj.DeepCopy()
		if !give {
			copied.Status.State = stateFailed
			copied.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
		}
		return nil
	})
}

// A switch on the state: each case moves it on.
func (r *Reconciler) machine(obj *apiv1.Memcached) {
	switch obj.Status.State {
	case stateSubmitted:
		now := metav1.Now()
		obj.Status.State = stateRunning
		obj.Status.LastReconcileTime = &now
	case stateRunning, "":
		obj.Status.State = stateRunning
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
	}
}

// The helper moves the state to Failed; its only caller reaches it in Running.
func (r *Reconciler) running(obj *apiv1.Memcached) {
	if obj.Status.State == stateRunning {
		r.fail(obj)
	}
}

func (r *Reconciler) fail(obj *apiv1.Memcached) {
	obj.Status.State = stateFailed
	obj.Status.Message = "driver lost"
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now
}

// An attempt, counted: the time moves with the count.
func (r *Reconciler) submit(obj *apiv1.Memcached) {
	obj.Status.Attempts = obj.Status.Attempts + 1
	obj.Status.LastSync = metav1.Now().String()
}

func (r *Reconciler) submitAgain(obj *apiv1.Memcached) {
	obj.Status.LastSync = metav1.Now().String()
	obj.Status.Attempts++
}

// A constant state set on every pass is no transition: the time is a heartbeat.
func (r *Reconciler) heartbeat(obj *apiv1.Memcached) {
	obj.Status.State = stateRunning
	obj.Status.LastSync = metav1.Now().String() // want `metav1.Now\(\) written into status \(obj.Status.LastSync\)`
}

// A count that is not the object's status proves nothing.
func (r *Reconciler) counted(obj *apiv1.Memcached) {
	r.retries++
	obj.Status.LastSync = metav1.Now().String() // want `metav1.Now\(\) written into status`
}

// A range loop's copy of a condition holds the element's state as the pass found it:
// the branch flips the element from True to False and stamps the flip, once.
func (r *Reconciler) flipConditions(obj *apiv1.Memcached, kind string) {
	now := metav1.Now()
	for i, c := range obj.Status.Conditions {
		if c.Type != kind {
			continue
		}
		if c.Status == metav1.ConditionTrue {
			obj.Status.Conditions[i].Status = metav1.ConditionFalse
			obj.Status.Conditions[i].LastTransitionTime = now
		}
	}
}

// The copy tested for the state the branch sets again: no transition, a new stamp on
// every pass.
func (r *Reconciler) restampConditions(obj *apiv1.Memcached) {
	for i, c := range obj.Status.Conditions {
		if c.Status == metav1.ConditionFalse {
			obj.Status.Conditions[i].Status = metav1.ConditionFalse
			obj.Status.Conditions[i].LastTransitionTime = metav1.Now() // want `metav1.Now\(\) written into status`
		}
	}
}

// The state is one of two that the branch leaves for a third: a transition, stamped
// once, whether the test says so with || or as an early exit with &&.
func (r *Reconciler) abortEither(obj *apiv1.Memcached) {
	if obj.Status.State == stateSubmitted || obj.Status.State == stateRunning {
		obj.Status.State = stateFailed
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	}
}

func (r *Reconciler) abortEitherEarly(obj *apiv1.Memcached) {
	if obj.Status.State != stateSubmitted && obj.Status.State != stateRunning {
		return
	}
	obj.Status.State = stateFailed
	obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
}

// One of the two is the state the branch sets: no transition on that path.
func (r *Reconciler) abortOrStay(obj *apiv1.Memcached) {
	if obj.Status.State == stateFailed || obj.Status.State == stateRunning {
		obj.Status.State = stateFailed
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
	}
}

// A stamp past a checked Create records the creation, which succeeds once for a name.
func (r *Reconciler) scheduled(ctx context.Context, c client.Client, obj, run *apiv1.Memcached) error {
	if err := c.Create(ctx, run); err != nil {
		return err
	}
	obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	return nil
}

// A Create whose error is only logged: the stamp follows on every pass.
func (r *Reconciler) scheduledNot(ctx context.Context, c client.Client, obj, run *apiv1.Memcached) error {
	if err := c.Create(ctx, run); err != nil {
		_ = err
	}
	obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
	return nil
}

// A stamp in the branch where a Create just succeeded.
func (r *Reconciler) scheduledBranch(ctx context.Context, c client.Client, obj, run *apiv1.Memcached) error {
	err := c.Create(ctx, run)
	if err == nil {
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	}
	return err
}

// phase is a named type of the state's values, which the switch converts the field to.
type phase string

const (
	phaseQueued phase = "Queued"
	phaseActive phase = "Active"
)

// A switch on a conversion of the state switches on the state: the helper, called
// only in Queued or the empty state, moves it to Active and stamps the moment once;
// the Active case sets Active again and renews the stamp on every pass.
func (r *Reconciler) machineConverted(obj *apiv1.Memcached) {
	switch phase(obj.Status.State) {
	case phaseQueued, "":
		r.activate(obj)
	case phaseActive:
		obj.Status.State = string(phaseActive)
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
	}
}

func (r *Reconciler) activate(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.State = string(phaseActive)
	obj.Status.LastReconcileTime = &now
}

// runAPI is a remote service's client: CreateRun returns the ID of the run it made.
type runAPI interface {
	CreateRun(ctx context.Context, name string) (string, error)
}

// A stamp that records a remote create that just succeeded, with the ID it returned.
func (r *Reconciler) scheduledRemote(ctx context.Context, api runAPI, obj *apiv1.Memcached) error {
	id, err := api.CreateRun(ctx, obj.Name)
	if err != nil {
		return err
	}
	obj.Status.Message = id
	obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	return nil
}

// A new entry appended to the very list it joins carries its own time: the list grows
// with it, so the time never moves alone.
func (r *Reconciler) recordAction(obj *apiv1.Memcached, kind string) {
	now := metav1.Now()
	entry := metav1.Condition{Type: kind, Status: metav1.ConditionTrue, LastTransitionTime: now}
	obj.Status.Conditions = append(obj.Status.Conditions, entry)
}

// The same, the entry written in place.
func (r *Reconciler) recordActionInline(obj *apiv1.Memcached, kind string) {
	obj.Status.Conditions = append(obj.Status.Conditions, metav1.Condition{Type: kind, LastTransitionTime: metav1.Now()})
}

// A list rebuilt from another one, the stamped entry put back on every pass: the length
// holds, and only the time moves.
func (r *Reconciler) replaceAction(obj *apiv1.Memcached, kind string) {
	var kept []metav1.Condition
	for _, c := range obj.Status.Conditions {
		if c.Type != kind {
			kept = append(kept, c)
		}
	}
	obj.Status.Conditions = append(kept, metav1.Condition{Type: kind, LastTransitionTime: metav1.Now()}) // want `metav1.Now\(\) written into status`
}

// Emptied and refilled: no growth either.
func (r *Reconciler) resetActions(obj *apiv1.Memcached, kind string) {
	obj.Status.Conditions = append(obj.Status.Conditions[:0], metav1.Condition{Type: kind, LastTransitionTime: metav1.Now()}) // want `metav1.Now\(\) written into status`
}

// A child found absent and created, then the creation stamped: once per child.
func (r *Reconciler) stampedWhenAbsent(ctx context.Context, c client.Client, obj, run *apiv1.Memcached) error {
	err := c.Get(ctx, client.ObjectKeyFromObject(run), run)
	if err != nil {
		if apierrors.IsNotFound(err) {
			if err := r.createRun(ctx, c, run); err != nil {
				return err
			}
			obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
			return nil
		}
		return err
	}
	return nil
}

// createRun answers only an error: it might be a helper that ignores AlreadyExists.
func (r *Reconciler) createRun(ctx context.Context, c client.Client, run *apiv1.Memcached) error {
	return c.Create(ctx, run)
}

// Found absent and not created: the stamp follows on every pass that finds it so.
func (r *Reconciler) stampedWhenAbsentOnly(ctx context.Context, c client.Client, obj, run *apiv1.Memcached) error {
	err := c.Get(ctx, client.ObjectKeyFromObject(run), run)
	if apierrors.IsNotFound(err) {
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
	}
	return nil
}

// The job's end: a stamp per outcome in a switch, then the bool state the path found
// true set false, for either stamp.
func (r *Reconciler) jobEnded(obj *apiv1.Memcached, finished, failed bool) {
	if !obj.Status.Reserved {
		obj.Status.Reserved = true
		return
	}
	if finished {
		switch {
		case failed:
			obj.Status.StartTime = nil
		default:
			obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
		}
		obj.Status.Reserved = false
	}
}

// The same with the bool not found true: it may have been false already.
func (r *Reconciler) jobEndedUnknown(obj *apiv1.Memcached, finished bool) {
	if finished {
		switch {
		case finished:
			obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
		}
		obj.Status.Reserved = false
	}
}

// A return after the stamp: the state set after the switch may not move with it.
func (r *Reconciler) jobEndedReturns(obj *apiv1.Memcached, finished, failed bool) {
	if obj.Status.Reserved {
		switch {
		case finished:
			obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
			if failed {
				return
			}
		}
		obj.Status.Reserved = false
	}
}

// A bool moved to what the pass observed, the stamp made where the snapshot taken
// before says it held the other value: connected, or disconnected, at that moment.
func (r *Reconciler) observed(obj *apiv1.Memcached, up bool) {
	wasUp := obj.Status.Reserved
	obj.Status.Reserved = up
	if up {
		if !wasUp {
			obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
		}
	} else if wasUp {
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	}
}

// The snapshot taken after the field was set: it holds the new value.
func (r *Reconciler) observedLate(obj *apiv1.Memcached, up bool) {
	obj.Status.Reserved = up
	wasUp := obj.Status.Reserved
	if up {
		if !wasUp {
			obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
		}
	}
}

// No test of what it held: stamped whenever up.
func (r *Reconciler) observedAlways(obj *apiv1.Memcached, up bool) {
	obj.Status.Reserved = up
	if up {
		obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time} // want `metav1.Now\(\) written into status`
	}
}

// The caller reaches the helper only in Running; the helper stamps the result, then
// moves the state on in either branch of an if with an else: the stamp moves with it.
func (r *Reconciler) finishing(obj *apiv1.Memcached, ok bool) {
	switch obj.Status.State {
	case stateRunning:
		r.settle(obj, ok)
		r.settleSwitch(obj, len(obj.Status.Conditions))
		r.settleHalf(obj, ok)
		r.settleStay(obj, ok)
	}
}

func (r *Reconciler) settle(obj *apiv1.Memcached, ok bool) {
	obj.Status.LastReconcileTime = &metav1.Time{Time: metav1.Now().Time}
	if ok {
		obj.Status.State = stateSubmitted
		obj.Status.Message = "done"
	} else if len(obj.Status.Conditions) > 3 {
		obj.Status.State = stateFailed
	} else {
		obj.Status.Message = "gave up"
		obj.Status.State = stateFailed
	}
}

// Every clause of a switch with a default moves the state.
func (r *Reconciler) settleSwitch(obj *apiv1.Memcached, n int) {
	obj.Status.LastSync = metav1.Now().String()
	switch {
	case n > 2:
		obj.Status.State = stateSubmitted
	default:
		obj.Status.State = stateFailed
	}
}

// An if without an else leaves a path on which the state stays.
func (r *Reconciler) settleHalf(obj *apiv1.Memcached, ok bool) {
	obj.Status.LastSync = metav1.Now().String() // want `metav1.Now\(\) written into status`
	if ok {
		obj.Status.State = stateFailed
	}
}

// A branch that sets the state it was found in moves nothing.
func (r *Reconciler) settleStay(obj *apiv1.Memcached, ok bool) {
	obj.Status.LastSync = metav1.Now().String() // want `metav1.Now\(\) written into status`
	if ok {
		obj.Status.State = stateFailed
	} else {
		obj.Status.State = stateRunning
	}
}
