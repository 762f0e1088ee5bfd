package guards

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/opgen-dev/opgen/policy"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// TestPrimaryPredicate is the truth table of the primary object's update filter.
func TestPrimaryPredicate(t *testing.T) {
	base := func() *metav1.PartialObjectMetadata {
		return &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{
			Name: "a", Generation: 1, ResourceVersion: "10",
			Labels:      map[string]string{"tier": "gold", "noise": "1"},
			Annotations: map[string]string{"example.com/pause": "false", "noise": "1"},
			Finalizers:  []string{"example.com/cleanup"},
		}}
	}
	now := metav1.Now()
	tests := []struct {
		name   string
		change func(*metav1.PartialObjectMetadata)
		want   bool
	}{
		{"nothing (resync)", func(*metav1.PartialObjectMetadata) {}, false},
		{"status only: resourceVersion moves, generation does not", func(o *metav1.PartialObjectMetadata) { o.ResourceVersion = "11" }, false},
		{"spec: generation", func(o *metav1.PartialObjectMetadata) { o.Generation = 2 }, true},
		{"deletion timestamp set", func(o *metav1.PartialObjectMetadata) { o.DeletionTimestamp = &now }, true},
		{"finalizer removed", func(o *metav1.PartialObjectMetadata) { o.Finalizers = nil }, true},
		{"finalizer added", func(o *metav1.PartialObjectMetadata) { o.Finalizers = append(o.Finalizers, "other.io/x") }, true},
		{"watched label changed", func(o *metav1.PartialObjectMetadata) { o.Labels["tier"] = "silver" }, true},
		{"watched label removed", func(o *metav1.PartialObjectMetadata) { delete(o.Labels, "tier") }, true},
		{"unwatched label changed", func(o *metav1.PartialObjectMetadata) { o.Labels["noise"] = "2" }, false},
		{"unwatched label added", func(o *metav1.PartialObjectMetadata) { o.Labels["new"] = "x" }, false},
		{"watched annotation changed", func(o *metav1.PartialObjectMetadata) { o.Annotations["example.com/pause"] = "true" }, true},
		{"unwatched annotation changed", func(o *metav1.PartialObjectMetadata) { o.Annotations["noise"] = "2" }, false},
		{"owner references changed", func(o *metav1.PartialObjectMetadata) {
			o.OwnerReferences = []metav1.OwnerReference{{Name: "x"}}
		}, false},
		{"managed fields changed", func(o *metav1.PartialObjectMetadata) {
			o.ManagedFields = []metav1.ManagedFieldsEntry{{Manager: "x"}}
		}, false},
	}
	p := primaryPredicate([]string{"tier"}, []string{"example.com/pause"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, n := base(), base()
			tt.change(n)
			if got := p.Update(event.UpdateEvent{ObjectOld: o, ObjectNew: n}); got != tt.want {
				t.Fatalf("Update = %v, want %v", got, tt.want)
			}
		})
	}
	obj := base()
	if !p.Create(event.CreateEvent{Object: obj}) || !p.Delete(event.DeleteEvent{Object: obj}) || !p.Generic(event.GenericEvent{Object: obj}) {
		t.Fatal("create, delete and generic events must pass")
	}
}

func TestOwnedPredicateIgnoresGeneration(t *testing.T) {
	// A ConfigMap has no generation: a data change moves only the resourceVersion.
	o := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Name: "cm", ResourceVersion: "1"}}
	n := o.DeepCopy()
	n.ResourceVersion = "2"
	p := ownedPredicate()
	if !p.Update(event.UpdateEvent{ObjectOld: o, ObjectNew: n}) {
		t.Fatal("a change of an owned object without generation was dropped")
	}
	if p.Update(event.UpdateEvent{ObjectOld: o, ObjectNew: o.DeepCopy()}) {
		t.Fatal("a resync passed")
	}
}

func TestReconcileResult(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name        string
		outcome     Outcome
		err         error
		wantAfter   time.Duration
		wantTerm    bool
		wantErrText string
	}{
		{name: "done"},
		{name: "requeue raised to the minimum", outcome: Outcome{RequeueAfter: time.Millisecond}, wantAfter: MinRequeueAfter},
		{name: "requeue kept", outcome: Outcome{RequeueAfter: time.Minute}, wantAfter: time.Minute},
		{name: "transient", err: boom, wantErrText: "boom"},
		{name: "transient ignores the requeue", outcome: Outcome{RequeueAfter: time.Minute}, err: boom, wantErrText: "boom"},
		{name: "terminal", err: Terminal("InvalidSpec", boom), wantTerm: true, wantErrText: "boom"},
		{name: "controller-runtime terminal", err: reconcile.TerminalError(boom), wantTerm: true, wantErrText: "terminal error: boom"},
		{name: "wrapped terminal", err: fmt.Errorf("step: %w", Terminal("X", boom)), wantTerm: true, wantErrText: "step: boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := reconcileResult(tt.outcome, tt.err)
			if res.RequeueAfter != tt.wantAfter {
				t.Errorf("RequeueAfter = %v, want %v", res.RequeueAfter, tt.wantAfter)
			}
			if got := errors.Is(err, reconcile.TerminalError(nil)); got != tt.wantTerm {
				t.Errorf("terminal = %v, want %v (%v)", got, tt.wantTerm, err)
			}
			if tt.wantErrText == "" && err != nil || tt.wantErrText != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErrText)) {
				t.Errorf("error = %v, want %q", err, tt.wantErrText)
			}
		})
	}
	if r, ok := terminalReason(Terminal("InvalidSpec", errors.New("x"))); !ok || r != "InvalidSpec" {
		t.Fatalf("terminalReason = %q, %v", r, ok)
	}
	if Terminal("x", nil) != nil {
		t.Fatal("Terminal(nil) must be nil")
	}
}

func TestPrepareConditions(t *testing.T) {
	then := metav1.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	now := metav1.NewTime(time.Date(2026, 2, 2, 0, 0, 0, 0, time.UTC))
	live := []metav1.Condition{
		{Type: "Ready", Status: metav1.ConditionTrue, LastTransitionTime: then},
		{Type: "Degraded", Status: metav1.ConditionFalse, LastTransitionTime: then},
	}
	desired := []metav1.Condition{
		{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up"},
		{Type: "Degraded", Status: metav1.ConditionTrue, Reason: "Slow"},
		{Type: "New", Status: metav1.ConditionUnknown},
	}
	prepareConditions(desired, live, 7, now)
	want := []metav1.Condition{
		{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up", LastTransitionTime: then, ObservedGeneration: 7},
		{Type: "Degraded", Status: metav1.ConditionTrue, Reason: "Slow", LastTransitionTime: now, ObservedGeneration: 7},
		{Type: "New", Status: metav1.ConditionUnknown, LastTransitionTime: now, ObservedGeneration: 7},
	}
	if d := cmp.Diff(want, desired); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	unstamped := []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue}}
	prepareConditions(unstamped, live, 0, now)
	if unstamped[0].ObservedGeneration != 0 || !unstamped[0].LastTransitionTime.Equal(&then) {
		t.Fatalf("without a generation: %+v", unstamped[0])
	}
}

type status struct {
	Ready      bool               `json:"ready,omitempty"`
	Phase      string             `json:"phase,omitempty"`
	Nodes      []string           `json:"nodes,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	Foreign    string             `json:"foreign,omitempty"`
}

func managed(manager, fields string) []metav1.ManagedFieldsEntry {
	return []metav1.ManagedFieldsEntry{
		{Manager: "someone-else", Operation: metav1.ManagedFieldsOperationApply, Subresource: "status",
			FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:status":{"f:foreign":{},"f:conditions":{"k:{\"type\":\"Theirs\"}":{".":{},"f:type":{},"f:status":{}}}}}`)}},
		{Manager: manager, Operation: metav1.ManagedFieldsOperationUpdate, Subresource: "status",
			FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:status":{"f:phase":{}}}`)}},
		{Manager: manager, Operation: metav1.ManagedFieldsOperationApply, Subresource: "status",
			FieldsV1: &metav1.FieldsV1{Raw: []byte(fields)}},
	}
}

// TestOwnedStatus projects a live status onto what the manager applied: other
// managers' fields and list elements, and fields it set by Update, are left out.
func TestOwnedStatus(t *testing.T) {
	live := status{
		Ready: true, Phase: "Running", Nodes: []string{"a", "b"}, Foreign: "theirs",
		Conditions: []metav1.Condition{
			{Type: "Theirs", Status: metav1.ConditionTrue},
			{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up"},
		},
	}
	obj := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{ManagedFields: managed("me",
		`{"f:status":{"f:ready":{},"f:nodes":{},"f:conditions":{"k:{\"type\":\"Ready\"}":{".":{},"f:type":{},"f:status":{},"f:reason":{}}}}}`)}}
	var got status
	ok, err := ownedStatus(obj, "me", live, &got)
	if err != nil || !ok {
		t.Fatalf("ownedStatus: %v, %v", ok, err)
	}
	want := status{Ready: true, Nodes: []string{"a", "b"}, Conditions: []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up"}}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}

	var none status
	if ok, err := ownedStatus(&metav1.PartialObjectMetadata{}, "me", live, &none); ok || err != nil {
		t.Fatalf("without managed fields: %v, %v", ok, err)
	}
	var nothingOwned status
	obj = &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{ManagedFields: managed("other", `{}`)}}
	if ok, err := ownedStatus(obj, "me", live, &nothingOwned); !ok || err != nil || !cmp.Equal(nothingOwned, status{}) {
		t.Fatalf("nothing owned: %v, %v, %+v", ok, err, nothingOwned)
	}
}

func TestProjectSetsAndIndexes(t *testing.T) {
	var v any
	if err := json.Unmarshal([]byte(`{"tags":["a","b","c"],"ports":[{"port":80,"name":"http"},{"port":443,"name":"https"}]}`), &v); err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal([]byte(`{"f:tags":{"v:\"b\"":{}},"f:ports":{"k:{\"port\":443}":{".":{},"f:name":{}}}}`), &fields); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(project(v, fields))
	if want := `{"ports":[{"name":"https"}],"tags":["b"]}`; string(got) != want {
		t.Fatalf("project = %s, want %s", got, want)
	}
}

// TestWriteMemory is the rule for when a copy of an object predates the guard's last
// write to it, so that the write is recalled instead of judged from the copy.
func TestWriteMemory(t *testing.T) {
	for _, c := range []struct {
		name, base, result, rv string
		behind                 bool
	}{
		{"the copy the write was decided from", "10", "14", "10", true},
		{"a change stored between that copy and the write", "10", "14", "12", true},
		{"the answer to an earlier write, arriving late", "10", "14", "9", true},
		{"the answer itself", "10", "14", "14", false},
		{"a later change", "10", "14", "15", false},
		{"a longer, hence later, resourceVersion", "10", "14", "100", false},
		{"a storage whose versions are not ordered: only the base", "a", "b", "0x", false},
		{"a storage whose versions are not ordered, at the base", "a", "b", "a", true},
		{"a create the cache has not seen", "", "14", "", true},
		{"a create the cache shows", "", "14", "14", false},
		{"an object gone from the cache after an update", "10", "14", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			key := types.UID(c.name)
			if got := recallWrite(key, c.rv); got != nil {
				t.Fatalf("nothing remembered yet, got %v", got)
			}
			rememberWrite(key, c.base, c.result, "s")
			want := any(nil)
			if c.behind {
				want = "s"
			}
			if got := recallWrite(key, c.rv); got != want {
				t.Fatalf("recallWrite at %q after a write from %q answered %q = %v, want %v", c.rv, c.base, c.result, got, want)
			}
			if c.behind {
				if got := recallWrite(key, c.rv); got != "s" {
					t.Fatalf("asking again while the cache is behind: got %v", got)
				}
				if got := recallWrite(key, c.result); got != nil {
					t.Fatalf("once the cache shows the write the copy decides; got %v", got)
				}
			}
			if got := recallWrite(key, c.base); got != nil {
				t.Fatalf("the entry must be gone once the cache caught up; got %v", got)
			}
		})
	}
	// Keys of different types never meet.
	rememberWrite(types.UID("same"), "1", "2", "status")
	if got := recallWrite("same", "1"); got != nil {
		t.Fatalf("a string key found the UID's entry: %v", got)
	}
}

// TestOwnedMemory: which copies the gated apply's memory settles without a comparison,
// after an apply from a copy at base answered with result, or a comparison that found
// the copy at base already holding the configuration (result == base).
func TestOwnedMemory(t *testing.T) {
	same, other := sha256.Sum256([]byte("a")), sha256.Sum256([]byte("b"))
	// settled is why the copy needs no decision: the answer (or the copy compared), or
	// one older (the cache behind); "" when it needs one.
	for _, c := range []struct {
		name, base, result, rv, settled string
	}{
		{"the copy the apply was decided from", "10", "14", "10", guardSkipCacheBehind},
		{"a change stored between that copy and the apply", "10", "14", "12", guardSkipCacheBehind},
		{"the answer to an earlier apply, arriving late", "10", "14", "9", guardSkipCacheBehind},
		{"the answer itself", "10", "14", "14", guardSkipUnchanged},
		{"a later change", "10", "14", "15", ""},
		{"a longer, hence later, resourceVersion", "10", "14", "100", ""},
		{"a storage whose versions are not ordered, at the answer", "a", "b", "b", guardSkipUnchanged},
		{"a storage whose versions are not ordered: only the base and the answer", "a", "b", "0x", ""},
		{"a create the cache has not seen", "", "14", "", guardSkipCacheBehind},
		{"a create the cache shows", "", "14", "14", guardSkipUnchanged},
		{"an object gone from the cache after an update", "10", "14", "", ""},
		{"a copy compared before", "14", "14", "14", guardSkipUnchanged},
		{"an object gone from the cache after a comparison", "14", "14", "", ""},
	} {
		key := ownedKey{t: reflect.TypeFor[*metav1.PartialObjectMetadata](), ObjectKey: client.ObjectKey{Name: c.name}}
		if ownedSettled(key, c.rv, same) != "" {
			t.Fatalf("%s: settled with nothing remembered", c.name)
		}
		ownedDecided(key, c.base, c.result, same)
		if got := ownedSettled(key, c.rv, same); got != c.settled {
			t.Fatalf("%s: settled at %q after a decision from %q answered %q = %q, want %q", c.name, c.rv, c.base, c.result, got, c.settled)
		}
		if ownedSettled(key, c.rv, other) != "" {
			t.Fatalf("%s: another configuration was settled", c.name)
		}
	}
	// Once a copy showed a create, no copy (a deletion) is no longer the one the create
	// was decided from.
	key := ownedKey{t: reflect.TypeFor[*metav1.PartialObjectMetadata](), ObjectKey: client.ObjectKey{Name: "deleted"}}
	ownedDecided(key, "", "14", same)
	if ownedSettled(key, "14", same) != guardSkipUnchanged || ownedSettled(key, "", same) != "" {
		t.Fatal("a deletion after the create was shown was taken for the create in flight")
	}
	// A cache that never showed the write, a minute later, decides.
	ownedDecided(key, "", "15", same)
	ownedMemory.Lock()
	d := ownedMemory.m[key]
	d.at = d.at.Add(-time.Minute)
	ownedMemory.m[key] = d
	ownedMemory.Unlock()
	if ownedSettled(key, "", same) != "" {
		t.Fatal("a write the cache has not shown for a minute still held the decision back")
	}
	// Objects of different types with one name never meet.
	key = ownedKey{t: reflect.TypeFor[*metav1.PartialObjectMetadata](), ObjectKey: client.ObjectKey{Name: "x"}}
	ownedDecided(key, "1", "1", same)
	key.t = reflect.TypeFor[*metav1.Status]()
	if ownedSettled(key, "1", same) != "" {
		t.Fatal("a Status key found a PartialObjectMetadata's entry")
	}
	// Nor do two field managers of one object (two reconcilers owning it).
	key.t = reflect.TypeFor[*metav1.PartialObjectMetadata]()
	key.manager = "another"
	if ownedSettled(key, "1", same) != "" {
		t.Fatal("another field manager found the first one's entry")
	}
}

// TestConditionsWhileCacheBehind is a second reconcile from the object as it was before
// the writer's apply, in a later second, with the condition built by
// meta.SetStatusCondition (whose lastTransitionTime is time.Now()): prepared against the
// conditions of the last apply, as the generated writer does while recallWrite returns
// them, the condition keeps the time that apply recorded, so the desired status equals
// it; prepared against the stale object's, it gets a new time and would be applied again.
func TestConditionsWhileCacheBehind(t *testing.T) {
	first := metav1.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	applied := []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up", ObservedGeneration: 1, LastTransitionTime: first}}
	desired := func() []metav1.Condition {
		var conds []metav1.Condition
		meta.SetStatusCondition(&conds, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up"})
		return conds
	}
	later := metav1.NewTime(first.Add(time.Second))

	fromApplied := desired()
	prepareConditions(fromApplied, applied, 1, later)
	if d := cmp.Diff(applied, fromApplied); d != "" {
		t.Fatalf("against the last apply's conditions (-applied +desired):\n%s", d)
	}
	fromStale := desired()
	prepareConditions(fromStale, nil, 1, later)
	if fromStale[0].LastTransitionTime.Equal(&first) {
		t.Fatal("against the stale object's conditions the time cannot be the applied one: the test proves nothing")
	}
}

// TestPolicy holds the runtime's copy of opgen's policy equal to package policy, which
// opgen generate and opgen vet read.
func TestPolicy(t *testing.T) {
	if MinRequeueAfter != policy.MinRequeueAfter {
		t.Errorf("MinRequeueAfter is %v, policy says %v", MinRequeueAfter, policy.MinRequeueAfter)
	}
}

// TestTakenFields: the fields of desired status another manager's status entry holds
// and the writer's does not, by manager; fields both hold (the same value, shared) and
// fields desired does not set are not taken; entries of the main resource do not count.
func TestTakenFields(t *testing.T) {
	type status struct {
		Phase      string             `json:"phase,omitempty"`
		Message    string             `json:"message,omitempty"`
		Conditions []metav1.Condition `json:"conditions,omitempty"`
	}
	entry := func(manager, subresource, fields string) metav1.ManagedFieldsEntry {
		return metav1.ManagedFieldsEntry{Manager: manager, Operation: metav1.ManagedFieldsOperationApply, Subresource: subresource,
			FieldsType: "FieldsV1", FieldsV1: &metav1.FieldsV1{Raw: []byte(fields)}}
	}
	obj := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{ManagedFields: []metav1.ManagedFieldsEntry{
		entry("me", "status", `{"f:status":{"f:message":{},"f:conditions":{"k:{\"type\":\"Ready\"}":{".":{},"f:type":{},"f:status":{}}}}}`),
		entry("intruder", "status", `{"f:status":{"f:phase":{},"f:message":{},"f:conditions":{"k:{\"type\":\"Degraded\"}":{".":{},"f:type":{}}}}}`),
		entry("other", "status", `{"f:status":{"f:conditions":{"k:{\"type\":\"Outsider\"}":{".":{},"f:type":{}}}}}`),
		entry("kubectl", "", `{"f:status":{"f:phase":{}}}`),
	}}}
	desired := status{Phase: "Running", Message: "ok", Conditions: []metav1.Condition{{Type: "Ready"}, {Type: "Degraded"}}}
	got := takenFields(obj, "me", desired)
	want := map[string][]string{"intruder": {`.status.conditions[{"type":"Degraded"}]`, ".status.phase"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("takenFields (-want +got):\n%s", d)
	}
	if got := takenFields(obj, "me", status{Message: "ok"}); len(got) != 0 {
		t.Fatalf("a field both hold was reported taken: %v", got)
	}
	// A forced apply of another status of a condition both manage: the other manager
	// holds its status and reason, the type stays shared.
	obj.ManagedFields = []metav1.ManagedFieldsEntry{
		entry("me", "status", `{"f:status":{"f:conditions":{"k:{\"type\":\"Ready\"}":{".":{},"f:type":{},"f:message":{}}}}}`),
		entry("intruder", "status", `{"f:status":{"f:conditions":{"k:{\"type\":\"Ready\"}":{".":{},"f:type":{},"f:status":{},"f:reason":{}}}}}`),
	}
	got = takenFields(obj, "me", status{Conditions: []metav1.Condition{{Type: "Ready", Status: "True", Reason: "Up", Message: "ok"}}})
	want = map[string][]string{"intruder": {`.status.conditions[{"type":"Ready"}].reason`, `.status.conditions[{"type":"Ready"}].status`}}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("takenFields of a shared condition (-want +got):\n%s", d)
	}
}

// TestTakenReportDue: one Event per object and other manager per interval.
func TestTakenReportDue(t *testing.T) {
	if !takenReportDue("u-report", "intruder") {
		t.Fatal("the first report was not due")
	}
	if takenReportDue("u-report", "intruder") {
		t.Fatal("a second report within the interval was due")
	}
	if !takenReportDue("u-report", "another") || !takenReportDue("u-other", "intruder") {
		t.Fatal("another manager, or another object, shared the first one's interval")
	}
}
