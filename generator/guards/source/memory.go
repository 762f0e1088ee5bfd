package guards

import (
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/util/resourceversion"
)

// writeMemory remembers, per object a status writer wrote (key: the object's UID), the
// last write: what was written, the resourceVersion of the copy the decision was made
// from, and the one the server answered. Right after a write the informer cache often
// still holds an older copy, and a reconcile in that window (a second event of the
// object) would judge from it and write the same thing again. Entries live only while
// the cache is behind: the next decision from a copy that shows the write drops the
// entry (recallWrite). The gated apply of owned objects keeps a memory of its own
// (ownedMemory), which also outlives the write.
var writeMemory = struct {
	sync.Mutex
	m map[any]lastWrite
}{m: map[any]lastWrite{}}

// writeMemorySize is opguard_write_memory_entries{memory="status"}.
var writeMemorySize = guardMemorySize("status", func() int {
	writeMemory.Lock()
	defer writeMemory.Unlock()
	return len(writeMemory.m)
})

type lastWrite struct {
	base, result string
	value        any
	at           time.Time
}

// recallWrite returns what was last written to the object key when a copy at
// resourceVersion rv ("" when the cache has no copy) does not show that write yet,
// and nil otherwise: then the copy tells the truth and the entry goes.
func recallWrite(key any, rv string) any {
	writeMemory.Lock()
	defer writeMemory.Unlock()
	last, ok := writeMemory.m[key]
	if !ok {
		return nil
	}
	if !cacheBehind(rv, last.base, last.result) {
		delete(writeMemory.m, key)
		return nil
	}
	return last.value
}

// cacheBehind reports whether a copy at resourceVersion rv predates a write made from
// a copy at base that the server answered with result.
//
// The copy the decision was made from is behind. So is any copy older than the answer:
// a change by someone else that the server stored between base and the write (a
// second spec change), or the answer to an earlier write of this guard, whose event
// reaches the cache after the write was sent. Such a copy still shows the guard's
// fields as they were, and judging from it would write again what the server already
// holds. Resource versions are compared as the API server defines them
// (k8s.io/apimachinery/pkg/util/resourceversion); when either is not a well-formed one
// (a storage that does not promise the order), only the base counts as behind.
func cacheBehind(rv, base, result string) bool {
	if rv == base {
		return true
	}
	if rv == "" || result == "" {
		return false
	}
	return resourceVersionNewer(result, rv)
}

// resourceVersionNewer reports whether resourceVersion a is newer than b, as the API
// server orders them; false when either is not a well-formed one.
func resourceVersionNewer(a, b string) bool {
	order, err := resourceversion.CompareResourceVersion(a, b)
	return err == nil && order > 0
}

// rememberWrite records a successful write.
func rememberWrite(key any, base, result string, value any) {
	writeMemory.Lock()
	defer writeMemory.Unlock()
	now := time.Now()
	writeMemory.m[key] = lastWrite{base: base, result: result, value: value, at: now}
	pruneStale(writeMemory.m, func(v lastWrite) time.Time { return v.at }, now, 10*time.Minute)
}

// pruneStale bounds a per-object memory: past 1024 entries, those older than age go.
// An object deleted never comes back to clear its own entry.
func pruneStale[K comparable, V any](m map[K]V, at func(V) time.Time, now time.Time, age time.Duration) {
	if len(m) <= 1024 {
		return
	}
	for k, v := range m {
		if now.Sub(at(v)) >= age {
			delete(m, k)
		}
	}
}
