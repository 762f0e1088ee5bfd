package guards

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

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
// would repeat the last one from a copy that predates it is skipped (see recallWrite).
func applyOwned[O client.Object, A ownedConfig](ctx context.Context, c client.Client, manager string, desired A, live O, extract func(O, string) (A, error)) (bool, error) {
	name, namespace := desired.GetName(), desired.GetNamespace()
	if name == nil || *name == "" {
		return false, fmt.Errorf("the desired %T names no object", desired)
	}
	key := client.ObjectKey{Name: *name}
	if namespace != nil {
		key.Namespace = *namespace
	}
	memo := fmt.Sprintf("%T %s", live, key)
	want, err := json.Marshal(desired)
	if err != nil {
		return false, err
	}
	// What is sent is a copy decoded from want: the client writes the server's answer
	// into the configuration it sends, and desired is the caller's. The same copy is what
	// the live fields are compared with, so both sides have been through the same JSON.
	sent := reflect.New(reflect.TypeOf(desired).Elem()).Interface().(A)
	if err := json.Unmarshal(want, sent); err != nil {
		return false, err
	}
	base := ""
	switch err := c.Get(ctx, key, live); {
	case err == nil:
		current, err := extract(live, manager)
		if err != nil {
			return false, fmt.Errorf("reading the fields %s owns of %s: %w", manager, memo, err)
		}
		if equality.Semantic.DeepEqual(current, sent) {
			forgetWrite(memo, live.GetResourceVersion())
			return false, nil
		}
		base = live.GetResourceVersion()
	case !apierrors.IsNotFound(err):
		return false, err
	}
	// Right after an apply the cache often still holds the object as it was; the same
	// configuration is not sent again from a copy that predates it: the answer is on its
	// way. A different configuration (the owner's spec changed) is sent.
	if last, ok := recallWrite(memo, base).([]byte); ok && string(last) == string(want) {
		return false, nil
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
	rememberWrite(memo, base, answer.Metadata.ResourceVersion, want)
	logf.FromContext(ctx).V(1).Info("applied an owned object", "object", memo, "fieldManager", manager)
	return true, nil
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
