package guards

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"
	goruntime "runtime"
	"slices"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// ownedConfig is what applyOwned needs of an owned object's apply configuration; every
// client-go and opgen apply configuration of a kind has it.
type ownedConfig interface {
	runtime.ApplyConfiguration
	GetName() *string
	GetNamespace() *string
}

// applyOwned is the gated apply of an object a reconciler manages: it sends desired as
// one Server-Side Apply, as manager, with force and without a resourceVersion, only
// when desired differs from the part of the live object manager owns. It reports
// whether it wrote.
//
// The live object is read with c (the manager's cache for a watched kind) into live,
// and extract returns the fields manager owns there (client-go's Extract<Kind>, or the
// one opgen generates for a kind of the module). Comparing with only those fields is
// what lets other managers own other fields of the object — defaults, a replica count
// an autoscaler sets, an annotation a person adds — without a difference that never
// goes away; a field desired sets that another manager took is a difference, and the
// forced apply takes it back. Each apply re-asserts every field desired sets, and a
// field this manager set before and desired leaves out is released.
//
// Right after an apply the cache often still holds the object as it was; an apply that
// would repeat the last one from a copy that predates it is skipped. And a copy that
// has already been compared, or is the server's answer to the last apply, is not
// compared again (see ownedMemory).
func applyOwned[O client.Object, A ownedConfig](ctx context.Context, c client.Client, kind, manager string, desired A, live O, extract func(O, string) (A, error)) (bool, error) {
	name, namespace := desired.GetName(), desired.GetNamespace()
	if name == nil || *name == "" {
		return false, fmt.Errorf("the desired %T names no object", desired)
	}
	key := ownedKey{t: reflect.TypeOf(live), manager: manager}
	key.Name = *name
	if namespace != nil {
		key.Namespace = *namespace
	}
	want, err := json.Marshal(desired)
	if err != nil {
		return false, err
	}
	// What is sent is a copy decoded from want: the client writes the server's answer
	// into the configuration it sends, and desired is the caller's. The same copy is what
	// the live fields are compared with, so both sides have been through the same JSON;
	// encoded again it is canonical (a quantity "0.5" is "500m"), and its digest is
	// what the memory and the cache's digest of the live fields (ownedFields) hold.
	sent := reflect.New(reflect.TypeOf(desired).Elem()).Interface().(A)
	if err := json.Unmarshal(want, sent); err != nil {
		return false, err
	}
	canonical, err := json.Marshal(sent)
	if err != nil {
		return false, err
	}
	sum := sha256.Sum256(canonical)
	rv := ""
	switch err := c.Get(ctx, key.ObjectKey, live); {
	case err == nil:
		rv = live.GetResourceVersion()
	case !apierrors.IsNotFound(err):
		return false, err
	}
	ownedKind := key.t.Elem().Name()
	skip := func(reason string) (bool, error) {
		guardOwnedSkipped.WithLabelValues(kind, ownedKind, reason).Inc()
		return false, nil
	}
	if reason := ownedSettled(key, rv, sum); reason != "" {
		return skip(reason)
	}
	if rv != "" {
		var holds bool
		switch seen, digested := ownedFieldsOf(live, manager); {
		case digested && seen.rv == rv:
			holds = seen.sum == sum
		case digested && resourceVersionNewer(seen.rv, rv):
			// The cache has not stored yet the version its transform digested; storing
			// it is an event of the object, which reconciles the owner again.
			return skip(guardSkipCacheBehind)
		default:
			current, err := extract(live, manager)
			if err != nil {
				return false, fmt.Errorf("reading the fields %s owns of %T %s: %w", manager, live, key.ObjectKey, err)
			}
			holds = equality.Semantic.DeepEqual(current, sent)
		}
		if holds {
			ownedDecided(key, rv, rv, sum)
			return skip(guardSkipUnchanged)
		}
	}
	if err := c.Apply(ctx, sent, client.FieldOwner(manager), client.ForceOwnership); err != nil {
		guardCountConflict(kind, guardWriteOwned, err)
		return false, err
	}
	guardOwnedApplies.WithLabelValues(kind, ownedKind).Inc()
	// The client decoded the server's answer into sent.
	var answer struct {
		Metadata struct {
			ResourceVersion string `json:"resourceVersion"`
		} `json:"metadata"`
	}
	if raw, err := json.Marshal(sent); err == nil {
		_ = json.Unmarshal(raw, &answer)
	}
	ownedDecided(key, rv, answer.Metadata.ResourceVersion, sum)
	logf.FromContext(ctx).V(1).Info("applied an owned object", "object", fmt.Sprintf("%T %s", live, key.ObjectKey), "fieldManager", manager)
	return true, nil
}

// ownedMemory remembers, per owned object (its Go type and key) and field manager, the
// last decision of the gated apply that left the object holding a desired
// configuration: an apply of it (base is the resourceVersion of the copy it was decided
// from, "" when the cache did not have the object, and result the one the server
// answered), or a comparison that found the copy at a resourceVersion already holding
// it (base and result that version). Of the configuration only the SHA-256 of its
// canonical JSON is kept, the digest ownedFields holds of live fields.
//
// It spares two things. A copy that predates the apply (the cache is behind: the copy
// the decision was made from, or any older than the answer, see cacheBehind) would
// judge from fields as they were and send the same configuration again; the answer is
// on its way, so nothing is sent. And a copy at the version already judged, or at the
// server's answer to the apply, is not compared again: the comparison through
// Extract<Kind> converts and validates the whole object (about 80 KiB allocated for a
// Deployment; the cache's digest spares it too, see ownedFields), and a reconcile of
// the owner happens on every event of its owned objects, several times per object for
// each change. A copy at the answer holds what
// the apply set, as the server stored it: were a field changed on the way (a mutating
// webhook), a second apply of the same configuration would be changed the same way.
//
// A different configuration (the owner's spec changed) is always a new decision, and a
// copy newer than the one remembered (another manager changed the object, or it was
// deleted: no copy, "") is compared. A cache that has not shown an apply a minute
// after it is no longer taken to be behind: it missed the event.
//
// An entry costs about 150 bytes, against the kilobytes of the object it describes in
// the cache. Past 1024 entries, those decided more than 10 minutes ago go, at most once
// a minute (objects deleted never come back to clear theirs); an object whose entry
// went is compared once more.
var ownedMemory = struct {
	sync.Mutex
	m         map[ownedKey]ownedDecision
	lastPrune time.Time
}{m: map[ownedKey]ownedDecision{}}

// ownedMemorySize is opguard_write_memory_entries{memory="owned"}.
var ownedMemorySize = guardMemorySize("owned", func() int {
	ownedMemory.Lock()
	defer ownedMemory.Unlock()
	return len(ownedMemory.m)
})

type ownedKey struct {
	t       reflect.Type
	manager string
	client.ObjectKey
}

type ownedDecision struct {
	base, result string
	sum          [sha256.Size]byte
	at           time.Time
}

// ownedSettled reports why the object key, seen in the cache at resourceVersion rv
// ("" when the cache has no copy), needs no decision for the configuration whose
// SHA-256 is sum, or "" when it does: that configuration is what the last decision
// left it holding, and the copy is the one that decision saw or was answered with
// (guardSkipUnchanged), or one older still (guardSkipCacheBehind).
func ownedSettled(key ownedKey, rv string, sum [sha256.Size]byte) string {
	ownedMemory.Lock()
	defer ownedMemory.Unlock()
	d, ok := ownedMemory.m[key]
	if !ok || d.sum != sum {
		return ""
	}
	if rv != "" && rv == d.result {
		// The copy shows the answer: from now on only older copies are behind, and no
		// copy (a deletion) is not the copy a create was decided from.
		if d.base != rv {
			d.base = rv
			ownedMemory.m[key] = d
		}
		return guardSkipUnchanged
	}
	// An informer delivers a write's event within moments; a cache that has not shown
	// it after a minute missed it (a relist that saw the object created and deleted
	// between two lists), and its copy decides.
	if cacheBehind(rv, d.base, d.result) && time.Since(d.at) < time.Minute {
		return guardSkipCacheBehind
	}
	return ""
}

// ownedAnswered returns the digest of the configuration the gated apply sent to the
// object key, when rv is the server's answer to that apply.
func ownedAnswered(key ownedKey, rv string) ([sha256.Size]byte, bool) {
	ownedMemory.Lock()
	defer ownedMemory.Unlock()
	d, ok := ownedMemory.m[key]
	if !ok || rv == "" || d.result != rv {
		return [sha256.Size]byte{}, false
	}
	return d.sum, true
}

// ownedDecided records that the object key holds the configuration with SHA-256 sum
// from resourceVersion result on: applied from a copy at base, or found in it (base ==
// result).
func ownedDecided(key ownedKey, base, result string, sum [sha256.Size]byte) {
	ownedMemory.Lock()
	defer ownedMemory.Unlock()
	now := time.Now()
	ownedMemory.m[key] = ownedDecision{base: base, result: result, sum: sum, at: now}
	if now.Sub(ownedMemory.lastPrune) >= time.Minute {
		ownedMemory.lastPrune = now
		pruneStale(ownedMemory.m, func(d ownedDecision) time.Time { return d.at }, now, 10*time.Minute)
	}
}

// ownedFields holds, for each owned object in the operator's cache and each field
// manager that applies it, the SHA-256 of the configuration that manager owns there
// (client-go's Extract<Kind>, encoded as JSON) at the object's resourceVersion. The
// cache's transform (digestOwnedFields, installed by trimManagedFields) records it and
// then drops the object's managedFields: the gated apply compares digests, so the
// cache need not keep the field sets, which cannot be shared between objects (each
// names its owner's UID) and are most of what managedFields cost in memory.
//
// An entry lives as long as the cached copy it was made from: a cleanup
// (runtime.AddCleanup) removes it once that copy is garbage (replaced by a newer one,
// or deleted from the cache), unless a newer copy replaced the entry first (token).
var ownedFields = struct {
	sync.Mutex
	m     map[ownedFieldsKey]ownedFieldsAt
	token uint64
}{m: map[ownedFieldsKey]ownedFieldsAt{}}

type ownedFieldsKey struct {
	uid     types.UID
	manager string
}

type ownedFieldsAt struct {
	rv    string
	sum   [sha256.Size]byte
	token uint64
}

type ownedFieldsRef struct {
	key   ownedFieldsKey
	token uint64
}

// digestOwnedFields returns the cache transform's step for an owned kind whose objects
// managers apply: for each manager with an applied entry on the object, the digest of
// what it owns goes to ownedFields, and for each without one, any entry goes. It
// reports whether every digest was taken; if an extraction failed, the transform keeps
// the entries instead, and the gated apply extracts (and reports the error) itself.
//
// The answer to the gated apply's own write is not extracted: ownedMemory knows what
// that apply sent, the digest the extraction would give (see ownedSettled). Only an
// object another manager changed, or that the operator finds at its start, costs an
// extraction, once per version and here rather than in every reconcile.
func digestOwnedFields[T any, O interface {
	*T
	client.Object
}, A any](extract func(O, string) (A, error), managers ...string) func(any) bool {
	return func(in any) bool {
		obj, ok := in.(O)
		if !ok {
			return false
		}
		rv := obj.GetResourceVersion()
		sums := make([]*[sha256.Size]byte, len(managers))
		for i, m := range managers {
			if !hasAppliedEntry(obj, m) {
				continue
			}
			key := ownedKey{t: reflect.TypeOf(in), manager: m, ObjectKey: client.ObjectKeyFromObject(obj)}
			if sum, ok := ownedAnswered(key, rv); ok {
				sums[i] = &sum
				continue
			}
			owned, err := extract(obj, m)
			if err != nil {
				return false
			}
			raw, err := json.Marshal(owned)
			if err != nil {
				return false
			}
			sum := sha256.Sum256(raw)
			sums[i] = &sum
		}
		ownedFields.Lock()
		defer ownedFields.Unlock()
		for i, m := range managers {
			key := ownedFieldsKey{uid: obj.GetUID(), manager: m}
			if sums[i] == nil {
				delete(ownedFields.m, key)
				continue
			}
			ownedFields.token++
			ownedFields.m[key] = ownedFieldsAt{rv: rv, sum: *sums[i], token: ownedFields.token}
			goruntime.AddCleanup((*T)(obj), dropOwnedFields, ownedFieldsRef{key: key, token: ownedFields.token})
		}
		return true
	}
}

// hasAppliedEntry reports whether obj's managedFields hold the entry of what manager
// applied to the object itself (not a subresource): the entry Extract<Kind> reads.
func hasAppliedEntry(obj client.Object, manager string) bool {
	return slices.ContainsFunc(obj.GetManagedFields(), func(e metav1.ManagedFieldsEntry) bool {
		return e.Manager == manager && e.Operation == metav1.ManagedFieldsOperationApply && e.Subresource == ""
	})
}

// dropOwnedFields removes the entry ref made, if no newer copy replaced it.
func dropOwnedFields(ref ownedFieldsRef) {
	ownedFields.Lock()
	defer ownedFields.Unlock()
	if at, ok := ownedFields.m[ref.key]; ok && at.token == ref.token {
		delete(ownedFields.m, ref.key)
	}
}

// ownedFieldsOf returns the digest the cache's transform took of what manager owns of
// live, when live's managedFields hold no applied entry of manager (they were dropped
// after the digest was taken); a copy that still has its entry (a cache without the
// transform, a read from the server) is extracted instead.
func ownedFieldsOf(live client.Object, manager string) (ownedFieldsAt, bool) {
	if hasAppliedEntry(live, manager) {
		return ownedFieldsAt{}, false
	}
	ownedFields.Lock()
	defer ownedFields.Unlock()
	at, ok := ownedFields.m[ownedFieldsKey{uid: live.GetUID(), manager: manager}]
	return at, ok
}

// hasController reports whether refs name a controller.
func hasController(refs []metav1ac.OwnerReferenceApplyConfiguration) bool {
	for _, r := range refs {
		if r.Controller != nil && *r.Controller {
			return true
		}
	}
	return false
}

// controllerReference is owner as the controller of an object it manages: the garbage
// collector deletes the object with its owner, and Owns() maps the object's events to
// the owner's reconcile.
func controllerReference(owner client.Object, apiVersion, kind string) *metav1ac.OwnerReferenceApplyConfiguration {
	return metav1ac.OwnerReference().
		WithAPIVersion(apiVersion).
		WithKind(kind).
		WithName(owner.GetName()).
		WithUID(owner.GetUID()).
		WithController(true).
		WithBlockOwnerDeletion(true)
}
