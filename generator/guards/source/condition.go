package guards

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
)

// conditionKey is the write memory's key of an owned condition: the object and the
// condition type (a status writer's key is the UID alone).
type conditionKey struct {
	uid  types.UID
	kind string
}

// applyCondition is the gated apply of the one condition type an operator owns on an
// object of a kind it does not define (+opguard:own-condition): the kind's
// status.conditions is a list keyed by type (listType=map), so one Server-Side Apply of
// the status subresource holding that entry alone makes manager its owner and leaves
// every other manager's entries as they are. It is sent only when the entry in live
// (obj's conditions, or this writer's last apply while the cache is behind it, see
// recallWrite) differs from want in status, reason, message or observedGeneration; the
// lastTransitionTime is carried over unless the status changed. It reports whether it
// sent an apply, counted with kind's status writes.
func applyCondition(ctx context.Context, c client.Client, obj client.Object, live []metav1.Condition, want metav1.Condition, kind, manager string) (bool, error) {
	key := conditionKey{obj.GetUID(), want.Type}
	last, behind := recallWrite(key, obj.GetResourceVersion()).(metav1.Condition)
	if behind {
		live = []metav1.Condition{last}
	}
	var old *metav1.Condition
	for i := range live {
		if live[i].Type == want.Type {
			old = &live[i]
		}
	}
	if old != nil && conditionEqual(*old, want) {
		countStatusSkipped(kind, behind)
		return false, nil
	}
	want.LastTransitionTime = metav1.NewTime(time.Now().Truncate(time.Second))
	if old != nil && old.Status == want.Status {
		want.LastTransitionTime = old.LastTransitionTime
	}
	gvk, err := apiutil.GVKForObject(obj, c.Scheme())
	if err != nil {
		return false, err
	}
	entry, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&want)
	if err != nil {
		return false, err
	}
	u := &unstructured.Unstructured{Object: map[string]any{"status": map[string]any{"conditions": []any{entry}}}}
	u.SetGroupVersionKind(gvk)
	u.SetName(obj.GetName())
	u.SetNamespace(obj.GetNamespace())
	base := obj.GetResourceVersion()
	if err := c.Status().Apply(ctx, client.ApplyConfigurationFromUnstructured(u), client.FieldOwner(manager), client.ForceOwnership); err != nil {
		countStatusFailed(kind, err)
		return false, err
	}
	countStatusSent(kind, false)
	rememberWrite(key, base, u.GetResourceVersion(), want)
	return true, nil
}

// conditionEqual reports whether two conditions say the same: status, reason, message
// and observedGeneration (the transition time follows the status).
func conditionEqual(a, b metav1.Condition) bool {
	return a.Status == b.Status && a.Reason == b.Reason && a.Message == b.Message && a.ObservedGeneration == b.ObservedGeneration
}
