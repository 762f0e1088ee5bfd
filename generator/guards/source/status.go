package guards

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/events"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// statusEvents records the status writers' Events; SetupReconcilers sets it from the
// manager. Nil records none (a writer called from a test without the wiring).
var statusEvents events.EventRecorder

// reportTakenFields counts, when a status writer of kind is about to apply, one
// take-back per other field manager that holds fields of its status the writer sets
// and does not hold (opguard_status_takebacks_total), and records one Warning Event on
// obj for each: the forced apply takes them back, and the operator's author should see
// that something else writes them (another controller, or a person's kubectl apply
// --server-side --force-conflicts). It fires only with a write, so never in answer to
// the other manager's write (status-only events do not reach the reconciler).
func reportTakenFields(obj client.Object, kind, manager string, desired any) {
	taken := takenFields(obj, manager, desired)
	others := make([]string, 0, len(taken))
	for other := range taken {
		others = append(others, other)
	}
	sort.Strings(others)
	for _, other := range others {
		guardTakebacks.WithLabelValues(kind, guardManagerLabel(other)).Inc()
		if statusEvents == nil || !takenReportDue(obj.GetUID(), other) {
			continue
		}
		statusEvents.Eventf(obj, nil, corev1.EventTypeWarning, "StatusFieldTaken", "ApplyStatus",
			"%s set by field manager %q; %s applies its own value", strings.Join(taken[other], ", "), other, manager)
	}
}

// takenReports remembers when an object's Event last named another manager: a fight
// with a controller that answers every write would otherwise bring one Event per
// take-back (each names the object at a new resourceVersion, so the recorder never
// merges them); one per object and manager every takenReportInterval says as much.
var takenReports = struct {
	sync.Mutex
	m map[string]time.Time
}{m: map[string]time.Time{}}

const takenReportInterval = 10 * time.Minute

// takenReportDue reports whether an Event naming other on the object uid is due, and
// if so records it as sent.
func takenReportDue(uid types.UID, other string) bool {
	takenReports.Lock()
	defer takenReports.Unlock()
	key, now := string(uid)+"/"+other, time.Now()
	if last, ok := takenReports.m[key]; ok && now.Sub(last) < takenReportInterval {
		return false
	}
	takenReports.m[key] = now
	pruneStale(takenReports.m, func(at time.Time) time.Time { return at }, now, takenReportInterval)
	return true
}

// takenFields returns, per field manager other than manager, the paths of the fields
// of desired status that manager's status entries of obj hold and manager's do not
// (".status.phase", `.status.conditions[{"type":"Ready"}]`).
func takenFields(obj client.Object, manager string, desired any) map[string][]string {
	raw, err := json.Marshal(desired)
	if err != nil {
		return nil
	}
	var value any
	if err := json.Unmarshal(raw, &value); err != nil {
		return nil
	}
	mine := map[string]bool{}
	held := map[string][]string{}
	for _, e := range obj.GetManagedFields() {
		if e.Subresource != "status" || e.FieldsV1 == nil {
			continue
		}
		var fields map[string]any
		if json.Unmarshal(e.FieldsV1.Raw, &fields) != nil {
			continue
		}
		status, _ := fields["f:status"].(map[string]any)
		var paths []string
		heldPaths(value, status, ".status", &paths)
		if e.Manager == manager {
			for _, p := range paths {
				mine[p] = true
			}
			continue
		}
		held[e.Manager] = append(held[e.Manager], paths...)
	}
	taken := map[string][]string{}
	for other, paths := range held {
		sort.Strings(paths) // an element before its fields
		seen := map[string]bool{}
		for _, p := range paths {
			if mine[p] || seen[p] || withinPath(p, taken[other]) {
				continue
			}
			seen[p] = true
			taken[other] = append(taken[other], p)
		}
		if len(taken[other]) == 0 {
			delete(taken, other)
		}
	}
	return taken
}

// withinPath reports whether path is a field of one of the paths (an element of a list
// taken whole is reported once, not with each of its fields).
func withinPath(path string, paths []string) bool {
	for _, p := range paths {
		if len(path) > len(p) && path[:len(p)] == p && (path[len(p)] == '.' || path[len(p)] == '[') {
			return true
		}
	}
	return false
}

// heldPaths appends the paths of the fields of value that a managed-fields set names:
// down to the leaves of a map, and for a list, each element (a condition, a port) and
// then its fields. An element both managers hold may have fields only one holds: a
// forced apply of another condition status moves the status, reason and message of
// the condition to the other manager, and the type, equal on both sides, stays shared.
func heldPaths(value any, fields map[string]any, prefix string, out *[]string) {
	if len(fields) == 0 || onlyDot(fields) {
		*out = append(*out, prefix)
		return
	}
	switch v := value.(type) {
	case map[string]any:
		for k, sub := range fields {
			if len(k) > 2 && k[:2] == "f:" {
				if x, ok := v[k[2:]]; ok {
					subFields, _ := sub.(map[string]any)
					heldPaths(x, subFields, prefix+"."+k[2:], out)
				}
			}
		}
	case []any:
		for k := range fields {
			if len(k) < 2 {
				continue
			}
			for _, elem := range v {
				if matches(k, elem, v) {
					at := prefix + "[" + k[2:] + "]"
					*out = append(*out, at)
					if sub, _ := fields[k].(map[string]any); !onlyDot(sub) {
						heldPaths(elem, sub, at, out)
					}
					break
				}
			}
		}
	}
}

// ownedStatus returns the part of obj's status that manager owns through Server-Side
// Apply on the status subresource, decoded through JSON into out, which must be zero.
// It reports false when obj carries no managed fields (nil: a cache that strips them),
// in which case the caller must compare with the whole status. An empty, non-nil list
// (the operator's cache trims other managers' entries, see trimManagedFields) means
// manager owns nothing.
//
// Comparing desired status with only what the writer owns is what keeps fields written
// by other managers from looking like a difference forever: the writer would re-apply
// on every reconcile and never converge.
func ownedStatus(obj client.Object, manager string, status any, out any) (bool, error) {
	mf := obj.GetManagedFields()
	if mf == nil {
		return false, nil
	}
	var fields map[string]any
	for _, e := range mf {
		if e.Manager == manager && e.Operation == metav1.ManagedFieldsOperationApply && e.Subresource == "status" && e.FieldsV1 != nil {
			if err := json.Unmarshal(e.FieldsV1.Raw, &fields); err != nil {
				return false, fmt.Errorf("decoding managed fields of %s: %w", manager, err)
			}
		}
	}
	owned, _ := fields["f:status"].(map[string]any)
	if owned == nil {
		// The manager owns nothing in status yet.
		return true, json.Unmarshal([]byte("{}"), out)
	}
	raw, err := json.Marshal(status)
	if err != nil {
		return false, err
	}
	var live any
	if err := json.Unmarshal(raw, &live); err != nil {
		return false, err
	}
	projected := project(live, owned)
	if projected == nil {
		projected = map[string]any{}
	}
	raw, err = json.Marshal(projected)
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(raw, out)
}

// project keeps the parts of a decoded JSON value that a managed-fields set names:
// "f:<name>" for a map key, "k:<json>" for a list element with those key fields,
// "v:<json>" for a set element, "i:<n>" for an index; an empty set keeps the whole value.
func project(value any, fields map[string]any) any {
	if len(fields) == 0 || onlyDot(fields) {
		return value
	}
	switch v := value.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, sub := range fields {
			if len(k) > 2 && k[:2] == "f:" {
				if x, ok := v[k[2:]]; ok {
					subFields, _ := sub.(map[string]any)
					out[k[2:]] = project(x, subFields)
				}
			}
		}
		return out
	case []any:
		var out []any
		for _, elem := range v {
			for k, sub := range fields {
				if len(k) < 2 {
					continue
				}
				subFields, _ := sub.(map[string]any)
				if matches(k, elem, v) {
					out = append(out, project(elem, subFields))
					break
				}
			}
		}
		return out
	}
	return value
}

func onlyDot(fields map[string]any) bool {
	_, dot := fields["."]
	return dot && len(fields) == 1
}

// matches reports whether a list element is the one a managed-fields key names.
func matches(key string, elem any, list []any) bool {
	var want any
	switch key[:2] {
	case "k:":
		if err := json.Unmarshal([]byte(key[2:]), &want); err != nil {
			return false
		}
		m, ok := elem.(map[string]any)
		wantMap, ok2 := want.(map[string]any)
		if !ok || !ok2 {
			return false
		}
		for f, v := range wantMap {
			if !jsonEqual(m[f], v) {
				return false
			}
		}
		return true
	case "v:":
		if err := json.Unmarshal([]byte(key[2:]), &want); err != nil {
			return false
		}
		return jsonEqual(elem, want)
	case "i:":
		var i int
		if _, err := fmt.Sscanf(key[2:], "%d", &i); err != nil || i < 0 || i >= len(list) {
			return false
		}
		return jsonEqual(list[i], elem)
	}
	return false
}

func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// prepareConditions readies the conditions a writer applies: each keeps the
// lastTransitionTime of the live condition of its type unless its status changed (a
// Server-Side Apply must re-assert every field it owns, so the time is carried over
// rather than left out), gets now when it changed or is new, and with generation > 0
// records it as its observedGeneration. While the cache is behind the writer's last
// apply, live is the conditions of that apply (see recallWrite): comparing only the
// new desired status with that apply is not enough, since a condition new to the stale
// copy would get a fresh transition time on every reconcile (meta.SetStatusCondition's
// time.Now(), or now() in the next second) and a second reconcile before the cache
// catches up would apply again and move the time the first apply recorded.
func prepareConditions(desired, live []metav1.Condition, generation int64, now metav1.Time) {
	for i := range desired {
		d := &desired[i]
		if generation > 0 {
			d.ObservedGeneration = generation
		}
		var old *metav1.Condition
		for j := range live {
			if live[j].Type == d.Type {
				old = &live[j]
				break
			}
		}
		switch {
		case old != nil && old.Status == d.Status:
			d.LastTransitionTime = old.LastTransitionTime
		case d.LastTransitionTime.IsZero():
			d.LastTransitionTime = now
		}
	}
}

// sortConditions orders conditions by type, so that a diff does not see a change where
// only the order differs; they are a map keyed by type.
func sortConditions(conds []metav1.Condition) {
	sort.SliceStable(conds, func(i, j int) bool { return conds[i].Type < conds[j].Type })
}

// now is the time written into conditions, at the second precision the API stores.
func now() metav1.Time { return metav1.NewTime(time.Now().Truncate(time.Second)) }

// convert copies between API types and apply configurations through their shared JSON form.
func convert(from, to any) error {
	raw, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, to)
}
