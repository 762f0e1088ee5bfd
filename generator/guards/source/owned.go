package guards

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
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
func applyOwned[O client.Object, A ownedConfig](ctx context.Context, c client.Client, manager string, desired A, live O, extract func(O, string) (A, error)) (bool, error) {
	name, namespace := desired.GetName(), desired.GetNamespace()
	if name == nil || *name == "" {
		return false, fmt.Errorf("the desired %T names no object", desired)
	}
	key := ownedKey{t: reflect.TypeOf(live)}
	key.Name = *name
	if namespace != nil {
		key.Namespace = *namespace
	}
	want, err := json.Marshal(desired)
	if err != nil {
		return false, err
	}
	sum := sha256.Sum256(want)
	rv := ""
	switch err := c.Get(ctx, key.ObjectKey, live); {
	case err == nil:
		rv = live.GetResourceVersion()
	case !apierrors.IsNotFound(err):
		return false, err
	}
	if ownedSettled(key, rv, sum) {
		return false, nil
	}
	// What is sent is a copy decoded from want: the client writes the server's answer
	// into the configuration it sends, and desired is the caller's. The same copy is what
	// the live fields are compared with, so both sides have been through the same JSON.
	sent := reflect.New(reflect.TypeOf(desired).Elem()).Interface().(A)
	if err := json.Unmarshal(want, sent); err != nil {
		return false, err
	}
	if rv != "" {
		current, err := extract(live, manager)
		if err != nil {
			return false, fmt.Errorf("reading the fields %s owns of %T %s: %w", manager, live, key.ObjectKey, err)
		}
		if equality.Semantic.DeepEqual(current, sent) {
			ownedDecided(key, rv, rv, sum)
			return false, nil
		}
	}
	if err := c.Apply(ctx, sent, client.FieldOwner(manager), client.ForceOwnership); err != nil {
		return false, err
	}
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

// ownedMemory remembers, per owned object (its Go type and key), the last decision of
// the gated apply that left the object holding a desired configuration: an apply of it
// (base is the resourceVersion of the copy it was decided from, "" when the cache did
// not have the object, and result the one the server answered), or a comparison that
// found the copy at a resourceVersion already holding it (base and result that
// version). Of the configuration only its SHA-256 is kept.
//
// It spares two things. A copy that predates the apply (the cache is behind: the copy
// the decision was made from, or any older than the answer, see cacheBehind) would
// judge from fields as they were and send the same configuration again; the answer is
// on its way, so nothing is sent. And a copy at the version already judged, or at the
// server's answer to the apply, is not compared again: the comparison through
// Extract<Kind> converts and validates the whole object (about 80 KiB allocated for a
// Deployment), and a reconcile of the owner happens on every event of its owned
// objects, several times per object for each change. A copy at the answer holds what
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

type ownedKey struct {
	t reflect.Type
	client.ObjectKey
}

type ownedDecision struct {
	base, result string
	sum          [sha256.Size]byte
	at           time.Time
}

// ownedSettled reports whether the object key, seen in the cache at resourceVersion rv
// ("" when the cache has no copy), needs no decision for the configuration whose
// SHA-256 is sum: that configuration is what the last decision left it holding, and
// the copy is the one that decision saw or was answered with, or one older still.
func ownedSettled(key ownedKey, rv string, sum [sha256.Size]byte) bool {
	ownedMemory.Lock()
	defer ownedMemory.Unlock()
	d, ok := ownedMemory.m[key]
	if !ok || d.sum != sum {
		return false
	}
	if rv != "" && rv == d.result {
		// The copy shows the answer: from now on only older copies are behind, and no
		// copy (a deletion) is not the copy a create was decided from.
		if d.base != rv {
			d.base = rv
			ownedMemory.m[key] = d
		}
		return true
	}
	// An informer delivers a write's event within moments; a cache that has not shown
	// it after a minute missed it (a relist that saw the object created and deleted
	// between two lists), and its copy decides.
	return cacheBehind(rv, d.base, d.result) && time.Since(d.at) < time.Minute
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
