package guards

import (
	"context"
	"fmt"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ensureFinalizer adds finalizer to obj with a Server-Side Apply that owns only that
// list element: no resourceVersion, so no conflict with writers of other fields or
// other finalizers.
func ensureFinalizer(ctx context.Context, c client.Client, obj client.Object, gvk schema.GroupVersionKind, finalizer, manager string) error {
	if slices.Contains(obj.GetFinalizers(), finalizer) {
		return nil
	}
	if err := c.Apply(ctx, finalizerApply(obj, gvk, finalizer), client.FieldOwner(manager), client.ForceOwnership); err != nil {
		return fmt.Errorf("adding finalizer %s: %w", finalizer, err)
	}
	obj.SetFinalizers(append(obj.GetFinalizers(), finalizer))
	return nil
}

// removeFinalizer releases finalizer: an apply without it drops it if this manager
// alone owns it. One added by someone else (an older operator's Update) is removed with
// a JSON patch that tests the element first, which also needs no resourceVersion.
func removeFinalizer(ctx context.Context, c client.Client, obj client.Object, gvk schema.GroupVersionKind, finalizer, manager string) error {
	i := slices.Index(obj.GetFinalizers(), finalizer)
	if i < 0 {
		return nil
	}
	u := finalizerApply(obj, gvk, "")
	if err := c.Apply(ctx, u, client.FieldOwner(manager), client.ForceOwnership); err != nil {
		return client.IgnoreNotFound(fmt.Errorf("removing finalizer %s: %w", finalizer, err))
	}
	var live unstructured.Unstructured
	live.SetGroupVersionKind(gvk)
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), &live); err != nil {
		return client.IgnoreNotFound(err)
	}
	i = slices.Index(live.GetFinalizers(), finalizer)
	if i < 0 {
		return nil
	}
	patch := fmt.Sprintf(`[{"op":"test","path":"/metadata/finalizers/%d","value":%q},{"op":"remove","path":"/metadata/finalizers/%d"}]`, i, finalizer, i)
	err := c.Patch(ctx, &live, client.RawPatch(types.JSONPatchType, []byte(patch)), client.FieldOwner(manager))
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

func finalizerApply(obj client.Object, gvk schema.GroupVersionKind, finalizer string) runtime.ApplyConfiguration {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(gvk)
	u.SetName(obj.GetName())
	u.SetNamespace(obj.GetNamespace())
	if finalizer != "" {
		u.SetFinalizers([]string{finalizer})
	}
	return client.ApplyConfigurationFromUnstructured(u)
}
