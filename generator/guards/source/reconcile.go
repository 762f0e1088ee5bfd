package guards

import (
	"errors"
	"slices"
	"time"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// ReadyCondition is the condition type the generated Reconcile sets to False, with the
// error's reason, when the reconcile logic returns a terminal error.
const ReadyCondition = "Ready"

// Outcome is what a kind's reconcile logic asks of the generated Reconcile besides the
// status to record.
type Outcome struct {
	// RequeueAfter asks for another reconcile after this delay, for state that no watch
	// reports (an external system). Zero: the next event brings the next reconcile.
	// Delays below MinRequeueAfter are raised to it.
	RequeueAfter time.Duration
}

// MinRequeueAfter is the shortest delay an Outcome can ask for. A short fixed requeue
// reconciles every object every few seconds whether anything changed or not; watches
// already deliver every change. Set it before the manager starts to change the policy.
var MinRequeueAfter = 5 * time.Second

// requeueAfter bounds a requested delay below.
func requeueAfter(d time.Duration) time.Duration {
	if d > 0 && d < MinRequeueAfter {
		return MinRequeueAfter
	}
	return d
}

// Terminal marks err as an error no retry can fix (an invalid spec, a reference that
// will not appear): the generated Reconcile records reason and the message in the
// Ready condition, and returns reconcile.TerminalError, so controller-runtime does not
// requeue. The next change of the object brings the next attempt. reconcile.TerminalError
// from controller-runtime is recognised too, with reason "Error".
func Terminal(reason string, err error) error {
	if err == nil {
		return nil
	}
	return &terminal{reason: reason, err: err}
}

type terminal struct {
	reason string
	err    error
}

func (t *terminal) Error() string { return t.err.Error() }
func (t *terminal) Unwrap() error { return t.err }

// terminalReason reports whether err is terminal, and its reason.
func terminalReason(err error) (string, bool) {
	var t *terminal
	if errors.As(err, &t) {
		return t.reason, true
	}
	if err != nil && errors.Is(err, reconcile.TerminalError(nil)) {
		return "Error", true
	}
	return "", false
}

// reconcileResult maps the reconcile logic's outcome and error to what controller-runtime
// expects: a terminal error is not requeued, any other error is retried with per-item
// backoff (see rateLimiter), and a requested delay is bounded below.
func reconcileResult(outcome Outcome, err error) (reconcile.Result, error) {
	if err != nil {
		if _, ok := terminalReason(err); ok && !errors.Is(err, reconcile.TerminalError(nil)) {
			return reconcile.Result{}, reconcile.TerminalError(err)
		}
		return reconcile.Result{}, err
	}
	return reconcile.Result{RequeueAfter: requeueAfter(outcome.RequeueAfter)}, nil
}

// rateLimiter is the retry policy for transient errors: per object 1 s, 2 s, 4 s … up
// to 5 minutes. controller-runtime's default starts at 5 ms, which turns a failing
// dependency into a retry storm.
func rateLimiter() workqueue.TypedRateLimiter[reconcile.Request] {
	return workqueue.NewTypedItemExponentialFailureRateLimiter[reconcile.Request](time.Second, 5*time.Minute)
}

// primaryPredicate lets through what a reconcile of the primary object must see:
// creation, deletion, and updates that change the generation (the spec), set the
// deletion timestamp, change the finalizers, or change one of the watched labels or
// annotations. Status-only and other metadata-only updates, including the writer's own
// status writes, are dropped: they are what feeds an update-watch-update loop.
func primaryPredicate(labels, annotations []string) predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			o, n := e.ObjectOld, e.ObjectNew
			if o == nil || n == nil {
				return true
			}
			switch {
			case o.GetGeneration() != n.GetGeneration(),
				!o.GetDeletionTimestamp().Equal(n.GetDeletionTimestamp()),
				!slices.Equal(o.GetFinalizers(), n.GetFinalizers()):
				return true
			}
			for _, k := range labels {
				if o.GetLabels()[k] != n.GetLabels()[k] {
					return true
				}
			}
			for _, k := range annotations {
				if o.GetAnnotations()[k] != n.GetAnnotations()[k] {
					return true
				}
			}
			return false
		},
	}
}

// ownedPredicate is the filter on owned objects. It never looks at the generation:
// ConfigMaps and Secrets have none, and a Deployment's status, which the owner reports,
// does not change it. It only drops resyncs, which change nothing.
func ownedPredicate() predicate.Predicate {
	return predicate.ResourceVersionChangedPredicate{}
}
