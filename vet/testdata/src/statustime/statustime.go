package statustime

import (
	"context"
	"fmt"
	"reflect"
	"time"

	apiv1 "example.com/api/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Reconciler makes this package a controller's: its status writes are in a reconcile
// loop. No For here filters Memcached's updates.
type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// operation is no kind: its Status is no object's status.
type operation struct {
	Status opStatus
}

type opStatus struct {
	Created *metav1.Time
}

func records() []operation {
	now := metav1.Now()
	return []operation{{Status: opStatus{Created: &now}}}
}

func writes(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.LastReconcileTime = &now // want `metav1.Now\(\) through now written into status \(obj.Status.LastReconcileTime\)`
	t := metav1.Now()                   // not status
	_ = t
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}               // want `time.Now\(\) written into status \(obj.Status.LastReconcileTime\): .*update-watch-update loop`
	obj.Status.LastSync = time.Now().Format(time.RFC3339)                       // want `time.Now\(\) written into status \(obj.Status.LastSync\)`
	obj.Status.Conditions = append(obj.Status.Conditions[:0], metav1.Condition{ // emptied and refilled: the time alone moves
		Type:               "Ready",
		LastTransitionTime: metav1.NewTime(time.Now()), // want `time.Now\(\) written into status \(obj.Status.Conditions\)`
	})
	obj.Status.Conditions[0].LastTransitionTime = metav1.Now()                                             // want `metav1.Now\(\) written into status \(obj.Status.Conditions\[0\].LastTransitionTime\)`
	obj.Status = apiv1.MemcachedStatus{LastSync: time.Now().String()}                                      // want `time.Now\(\) written into status \(obj.Status\)`
	_ = &apiv1.Memcached{Status: apiv1.MemcachedStatus{LastReconcileTime: &metav1.Time{Time: time.Now()}}} // want `time.Now\(\) written into status \(Status\)`
	obj.Status.LastSync = func() string { return time.Now().String() }()                                   // function literals are not entered
	stamp := time.Now().UTC()
	synced := stamp.Format(time.RFC3339)
	obj.Status.LastSync = synced // want `time.Now\(\) through synced written into status \(obj.Status.LastSync\)`
	//opguard:ignore statustime the field is +opguard:volatile and the writer leaves it out of the diff
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
}

func fine(obj *apiv1.Memcached) apiv1.MemcachedStatus {
	// SetStatusCondition keeps lastTransitionTime unless the status changed.
	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{Type: "Ready", LastTransitionTime: metav1.Now()})
	// A status returned to a diff-gated writer.
	status := apiv1.MemcachedStatus{LastReconcileTime: &metav1.Time{Time: time.Now()}}
	obj.Spec.Image = time.Now().String()
	start := time.Now()
	obj.Status.ObservedGeneration = int64(time.Since(start))
	// The same duration spelled with Sub: no time either.
	obj.Status.Attempts = int32(metav1.Now().Sub(start) / time.Second)
	obj.Status.Attempts = int32(time.Now().Sub(start).Seconds())
	return status
}

// Through a pointer to a status, a parameter or a local.
func setSynced(status *apiv1.MemcachedStatus) {
	status.LastSync = time.Now().String() // want `time.Now\(\) written into status \(status.LastSync\)`
}

func patchWith(obj *apiv1.Memcached, patcher func(*apiv1.MemcachedStatus)) { patcher(&obj.Status) }

func patchers(obj *apiv1.Memcached) {
	patchWith(obj, func(s *apiv1.MemcachedStatus) {
		s.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status \(s.LastReconcileTime\)`
	})
	st := &obj.Status
	st.LastSync = time.Now().String() // want `time.Now\(\) written into status \(st.LastSync\)`
	// A value copy of a status is a local being built, not the object's status.
	var built apiv1.MemcachedStatus
	built.LastSync = time.Now().String()
	_ = built
	// A pointer to some other struct is not a status.
	spec := &obj.Spec
	spec.Image = time.Now().String()
	// A time read into a variable that changes more than once is not followed.
	last := time.Time{}
	if obj.Status.LastSync == "" {
		last = time.Now()
	}
	obj.Status.LastReconcileTime = &metav1.Time{Time: last}
}

// Set once, or only when something changed: no new value on every reconcile.
func onChange(obj *apiv1.Memcached, oldSync string, patch func(func(*apiv1.MemcachedStatus))) {
	if obj.Status.LastReconcileTime == nil {
		obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	}
	if obj.Status.LastReconcileTime.IsZero() {
		obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	}
	if obj.Status.ObservedGeneration != obj.Generation {
		obj.Status.LastSync = time.Now().String()
	}
	// The guard outside a patcher literal reads the field the literal sets.
	now := time.Now()
	if obj.Status.LastReconcileTime == nil {
		patch(func(status *apiv1.MemcachedStatus) {
			status.LastReconcileTime = &metav1.Time{Time: now}
		})
	}
	// A condition that reads some other field is no guard.
	if obj.Status.LastSync != "" {
		obj.Status.LastReconcileTime = &metav1.Time{Time: now} // want `time.Now\(\) through now written into status`
	}
}

// A value computed from the time by a function is no time.
func computed(obj *apiv1.Memcached, check func(time.Time) []string) {
	checkedAt := time.Now()
	healthy := check(checkedAt)
	obj.Status.Nodes = healthy
	obj.Status.LastSync = fmt.Sprint(checkedAt) // want `time.Now\(\) through checkedAt written into status`
}

// Set once: an earlier early exit when the very field is already set.
func startOnce(obj *apiv1.Memcached) bool {
	if obj.Status.LastReconcileTime != nil {
		return false
	}
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	return true
}

// An early exit on something else does not guard the field.
func startAlways(obj *apiv1.Memcached) {
	if obj.Spec.Size == 0 {
		return
	}
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status`
}

// stamped compares two statuses field by field, the time among them: the time makes
// every comparison differ.
func stamped(old, new *apiv1.MemcachedStatus) bool { // want stamped:`compares example.com/api/v1.MemcachedStatus \[LastReconcileTime Nodes\]`
	return old.LastReconcileTime != new.LastReconcileTime || len(old.Nodes) != len(new.Nodes)
}

// whole uses the statuses whole: it compares every field, and is no field-by-field
// comparison.
func whole(old, new apiv1.MemcachedStatus) bool {
	return fmt.Sprint(old) == fmt.Sprint(new)
}

// A start is a moment that happens once: set with the phase that begins.
func markStarted(obj *apiv1.Memcached) {
	now := metav1.Now()
	obj.Status.StartTime = &now
}

// fieldOfLiteral: a field of a local status literal is the value the literal gives it;
// only the field that holds the clock hands it on.
func fieldOfLiteral(obj *apiv1.Memcached) {
	common := apiv1.MemcachedStatus{LastSync: time.Now().String(), State: "Initializing", Attempts: 1}
	obj.Status.State = common.State
	obj.Status.Attempts = common.Attempts
	obj.Status.Message = common.Message   // not in the literal: its zero value
	obj.Status.LastSync = common.LastSync // want `time.Now\(\) through common written into status \(obj.Status.LastSync\)`
	obj.Status = common                   // want `time.Now\(\) through common written into status \(obj.Status\)`
	nested := &wrapped{St: apiv1.MemcachedStatus{State: "Ready", LastSync: time.Now().String()}}
	obj.Status.State = nested.St.State
	obj.Status.LastSync = nested.St.LastSync // want `time.Now\(\) through nested written into status`
}

type wrapped struct{ St apiv1.MemcachedStatus }

// A helper that stamps a field, called only where the field was found empty: the
// stamp is set once, whatever its name.
func firstMissing(obj *apiv1.Memcached, missing bool) {
	if !missing {
		return
	}
	if obj.Status.LastReconcileTime == nil {
		stampMissing(obj)
	}
}

func stampMissing(obj *apiv1.Memcached) {
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
}

// Called once behind such a test and once without: the stamp is renewed on the
// second path's every pass.
func missingAgain(obj *apiv1.Memcached, missing bool) {
	if obj.Status.LastReconcileTime == nil {
		stampAgain(obj)
	}
	if missing {
		stampAgain(obj)
	}
}

func stampAgain(obj *apiv1.Memcached) {
	obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status`
}

// A deep comparison of a pointer with a value is never equal: the stamp behind it is
// written on every pass. The same comparison of one type is a diff.
func behindNeverEqual(obj *apiv1.Memcached, nodes []string, want *[]string) {
	if !reflect.DeepEqual(obj.Status.Nodes, want) {
		obj.Status.Nodes = nodes
		obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()} // want `time.Now\(\) written into status`
	}
	if !reflect.DeepEqual(obj.Status.Nodes, *want) {
		obj.Status.Nodes = nodes
		obj.Status.LastReconcileTime = &metav1.Time{Time: time.Now()}
	}
}

// An injected clock is the clock: its Now, a method that takes nothing and gives a
// time, reads it. A method of that name given a time, or giving something else, is
// no clock.
type clockSource interface {
	Now() time.Time
}

type window struct{ start time.Time }

func (w window) Now(at time.Time) time.Time { return w.start }

type tick struct{ n int }

func (t tick) Now() int { return t.n }

func injected(obj *apiv1.Memcached, c clockSource, w window, t tick) {
	now := metav1.NewTime(c.Now())
	obj.Status.LastReconcileTime = &now // want `c.Now\(\) through now written into status`
	obj.Status.LastSync = w.Now(time.Time{}).String()
	obj.Status.LastSync = fmt.Sprint(t.Now())
}
