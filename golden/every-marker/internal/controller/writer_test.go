package controller

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "opgen.test/golden/every-marker/api/v1alpha1"
	cachev1alpha1ac "opgen.test/golden/every-marker/api/v1alpha1/applyconfiguration/api/v1alpha1"
)

func ready(message string, status metav1.ConditionStatus) metav1.Condition {
	return metav1.Condition{Type: ReadyCondition, Status: status, Reason: "Test", Message: message}
}

func get(t *testing.T, name string) *cachev1alpha1.Memcached {
	t.Helper()
	var obj cachev1alpha1.Memcached
	if err := direct.Get(context.Background(), client.ObjectKey{Namespace: "matrix", Name: name}, &obj); err != nil {
		t.Fatal(err)
	}
	return &obj
}

// writeStatus calls the writer with a counting client and returns whether it wrote and
// the requests it sent.
func writeStatus(t *testing.T, obj *cachev1alpha1.Memcached, desired cachev1alpha1.MemcachedStatus) (bool, []string) {
	t.Helper()
	c, reqs := countingClient(t)
	written, err := ApplyMemcachedStatus(context.Background(), c, obj, desired)
	if err != nil {
		t.Fatalf("ApplyMemcachedStatus: %v", err)
	}
	return written, reqs.since(0)
}

// outsiderApply sets a condition of its own in status, as another field manager.
func outsiderApply(t *testing.T, name, message string) {
	t.Helper()
	ac := cachev1alpha1ac.Memcached(name, "matrix").WithStatus(cachev1alpha1ac.MemcachedStatus().WithConditions(
		metav1ac.Condition().WithType("Outsider").WithStatus(metav1.ConditionTrue).WithReason("Poke").
			WithMessage(message).WithLastTransitionTime(metav1.Now())))
	if err := direct.Status().Apply(context.Background(), ac, client.FieldOwner("outsider"), client.ForceOwnership); err != nil {
		t.Fatalf("outsider apply: %v", err)
	}
}

// TestWriterMatrix runs the status writer's contract case by case against the API
// server, counting every request it sends.
func TestWriterMatrix(t *testing.T) {
	ctx := context.Background()
	obj := &cachev1alpha1.Memcached{}
	obj.Name, obj.Namespace, obj.Spec.Size = "m1", "matrix", 2
	if err := direct.Create(ctx, obj); err != nil {
		t.Fatal(err)
	}
	desired := cachev1alpha1.MemcachedStatus{Nodes: []string{"a", "b"}, Conditions: []metav1.Condition{ready("up", metav1.ConditionTrue)}}

	// The first write is one apply, by the owner, on status, stamped with the generation.
	written, reqs := writeStatus(t, obj, desired)
	if !written || !cmp.Equal(reqs, []string{"APPLY memcacheds/status"}) {
		t.Fatalf("first write: written=%v requests=%v, want one APPLY memcacheds/status", written, reqs)
	}
	if obj.Status.ObservedGeneration != obj.Generation || len(obj.Status.Nodes) != 2 {
		t.Fatalf("obj.Status does not hold the server's answer: %+v", obj.Status)
	}
	var applied bool
	for _, mf := range get(t, "m1").ManagedFields {
		applied = applied || mf.Manager == MemcachedFieldManager && mf.Operation == metav1.ManagedFieldsOperationApply && mf.Subresource == "status"
	}
	if !applied {
		t.Fatalf("no managed fields entry for an Apply by %s on status", MemcachedFieldManager)
	}
	firstLTT := meta.FindStatusCondition(obj.Status.Conditions, ReadyCondition).LastTransitionTime

	// The same desired status, and one that differs only in a volatile field: no request.
	if written, reqs := writeStatus(t, get(t, "m1"), desired); written || len(reqs) != 0 {
		t.Fatalf("unchanged: written=%v requests=%v, want none", written, reqs)
	}
	volatile := *desired.DeepCopy()
	volatile.LastReconcileTime = &metav1.Time{Time: time.Now().Add(time.Hour)}
	if written, reqs := writeStatus(t, get(t, "m1"), volatile); written || len(reqs) != 0 {
		t.Fatalf("volatile only: written=%v requests=%v, want none", written, reqs)
	}

	// A status field owned by another manager is neither a difference nor lost.
	outsiderApply(t, "m1", "hello")
	if written, reqs := writeStatus(t, get(t, "m1"), desired); written || len(reqs) != 0 {
		t.Fatalf("with another manager's condition: written=%v requests=%v, want none", written, reqs)
	}
	time.Sleep(1100 * time.Millisecond) // lastTransitionTime has a precision of a second
	changed := *desired.DeepCopy()
	changed.Conditions = []metav1.Condition{ready("still up", metav1.ConditionTrue)}
	live := get(t, "m1")
	if written, _ := writeStatus(t, live, changed); !written {
		t.Fatal("a changed message was not written")
	}
	if c := meta.FindStatusCondition(live.Status.Conditions, "Outsider"); c == nil || c.Message != "hello" {
		t.Fatalf("another manager's condition was lost: %+v", live.Status.Conditions)
	}
	// lastTransitionTime is kept while the condition's status stays.
	if ltt := meta.FindStatusCondition(live.Status.Conditions, ReadyCondition).LastTransitionTime; !ltt.Equal(&firstLTT) {
		t.Fatalf("lastTransitionTime moved from %v to %v without a status change", firstLTT, ltt)
	}
	flipped := *desired.DeepCopy()
	flipped.Conditions = []metav1.Condition{ready("down", metav1.ConditionFalse)}
	if written, _ := writeStatus(t, live, flipped); !written {
		t.Fatal("a status flip was not written")
	}
	if ltt := meta.FindStatusCondition(live.Status.Conditions, ReadyCondition).LastTransitionTime; !ltt.After(firstLTT.Time) {
		t.Fatalf("lastTransitionTime %v did not move on a status change", ltt)
	}

	// A stale object never yields a 409.
	stale := get(t, "m1")
	outsiderApply(t, "m1", "moved on")
	if written, _ := writeStatus(t, stale, desired); !written {
		t.Fatal("the write from a stale object did not happen")
	}

	// observedGeneration follows a spec change, on status and on every condition.
	spec := get(t, "m1")
	spec.Spec.Size = 3
	if err := direct.Update(ctx, spec); err != nil {
		t.Fatal(err)
	}
	live = get(t, "m1")
	if live.Generation < 2 {
		t.Fatalf("generation %d after a spec change", live.Generation)
	}
	if written, _ := writeStatus(t, live, desired); !written {
		t.Fatal("a new generation was not written")
	}
	live = get(t, "m1")
	if live.Status.ObservedGeneration != live.Generation || meta.FindStatusCondition(live.Status.Conditions, ReadyCondition).ObservedGeneration != live.Generation {
		t.Fatalf("observedGeneration not stamped: status %d, condition %+v, generation %d", live.Status.ObservedGeneration, live.Status.Conditions, live.Generation)
	}

	// Right after a write, the cache may still show the object as it was: the writer
	// does not apply the same status again.
	before := get(t, "m1")
	grown := *desired.DeepCopy()
	grown.Nodes = []string{"a", "b", "c"}
	if written, _ := writeStatus(t, before.DeepCopy(), grown); !written {
		t.Fatal("the grown status was not written")
	}
	if written, reqs := writeStatus(t, before.DeepCopy(), grown); written || len(reqs) != 0 {
		t.Fatalf("a repeat from the stale copy: written=%v requests=%v, want none", written, reqs)
	}

	// A field the owner set before and leaves empty now is released, and removed.
	released := *desired.DeepCopy()
	released.Nodes = nil
	if written, _ := writeStatus(t, get(t, "m1"), released); !written {
		t.Fatal("the release was not written")
	}
	if live := get(t, "m1"); len(live.Status.Nodes) != 0 || meta.FindStatusCondition(live.Status.Conditions, "Outsider") == nil {
		t.Fatalf("after the release: nodes %v, conditions %+v", live.Status.Nodes, live.Status.Conditions)
	}
}

// nextSecond sleeps into the next second: lastTransitionTime has a precision of a second,
// and a reconcile that follows another across a second boundary is the case to prove.
func nextSecond() {
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second + 50*time.Millisecond)))
}

// TestWriterBehindItsOwnWrite: the writer called again with the object as it was before
// its own apply, as the generated Reconcile does when a second event (an owned object's)
// comes before the cache shows the write. The condition is new to that stale object, so
// its lastTransitionTime is set afresh on every call (by meta.SetStatusCondition, or by
// the writer when the reconciler leaves it zero), and the second call comes in a later
// second: the writer must still see its last apply, send nothing, and leave the time that
// apply recorded. Likewise after a flip, and a return to what the stale object shows must
// be written, because the server no longer holds it.
func TestWriterBehindItsOwnWrite(t *testing.T) {
	ctx := context.Background()
	withSetStatusCondition := func(status metav1.ConditionStatus) cachev1alpha1.MemcachedStatus {
		var s cachev1alpha1.MemcachedStatus
		meta.SetStatusCondition(&s.Conditions, ready("up", status)) // lastTransitionTime: time.Now()
		return s
	}
	withoutTime := func(status metav1.ConditionStatus) cachev1alpha1.MemcachedStatus {
		return cachev1alpha1.MemcachedStatus{Conditions: []metav1.Condition{ready("up", status)}} // the writer stamps it
	}
	for _, tc := range []struct {
		name    string
		desired func(metav1.ConditionStatus) cachev1alpha1.MemcachedStatus
	}{
		{"behind-set-status-condition", withSetStatusCondition},
		{"behind-zero-time", withoutTime},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obj := &cachev1alpha1.Memcached{}
			obj.Name, obj.Namespace, obj.Spec.Size = tc.name, "matrix", 1
			if err := direct.Create(ctx, obj); err != nil {
				t.Fatal(err)
			}
			readyTime := func() metav1.Time {
				t.Helper()
				c := meta.FindStatusCondition(get(t, tc.name).Status.Conditions, ReadyCondition)
				if c == nil {
					t.Fatal("no Ready condition stored")
				}
				return c.LastTransitionTime
			}

			// The cache's copy, held behind: it never shows the writer's applies.
			created := get(t, tc.name)
			if written, reqs := writeStatus(t, created.DeepCopy(), tc.desired(metav1.ConditionTrue)); !written || len(reqs) != 1 {
				t.Fatalf("first write: written=%v requests=%v, want one apply", written, reqs)
			}
			recorded := readyTime()
			nextSecond()
			if written, reqs := writeStatus(t, created.DeepCopy(), tc.desired(metav1.ConditionTrue)); written || len(reqs) != 0 {
				t.Fatalf("second reconcile from the object before the write, a second later: written=%v requests=%v, want none", written, reqs)
			}
			if ltt := readyTime(); !ltt.Equal(&recorded) {
				t.Fatalf("lastTransitionTime moved from %v to %v without a status change", recorded, ltt)
			}

			// A flip from an object the cache shows caught up, then the same from it again.
			caughtUp := get(t, tc.name)
			nextSecond()
			if written, _ := writeStatus(t, caughtUp.DeepCopy(), tc.desired(metav1.ConditionFalse)); !written {
				t.Fatal("the flip was not written")
			}
			flipped := readyTime()
			if !flipped.After(recorded.Time) {
				t.Fatalf("lastTransitionTime %v did not move on the flip from %v", flipped, recorded)
			}
			nextSecond()
			if written, reqs := writeStatus(t, caughtUp.DeepCopy(), tc.desired(metav1.ConditionFalse)); written || len(reqs) != 0 {
				t.Fatalf("the flip again from the object before it, a second later: written=%v requests=%v, want none", written, reqs)
			}
			if ltt := readyTime(); !ltt.Equal(&flipped) {
				t.Fatalf("lastTransitionTime of the flip moved from %v to %v", flipped, ltt)
			}

			// Back to True, which the stale object still shows but the server does not.
			if written, _ := writeStatus(t, caughtUp.DeepCopy(), tc.desired(metav1.ConditionTrue)); !written {
				t.Fatal("a return to the status the stale object shows was not written: the server holds False")
			}
			if c := meta.FindStatusCondition(get(t, tc.name).Status.Conditions, ReadyCondition); c.Status != metav1.ConditionTrue {
				t.Fatalf("Ready is %s on the server, want True", c.Status)
			}
		})
	}
}
