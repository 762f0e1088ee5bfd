// Package common holds helpers of an operator that its controllers share, in a
// package of their own: what they write reaches the controllers as facts.
package common

import (
	"context"

	apiv1 "example.com/api/v1"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// UpdateStatus writes the object's status whole.
func UpdateStatus(ctx context.Context, c client.Client, obj client.Object) error { // want UpdateStatus:`writes\(status \[2\], update \[2\]\)`
	return c.Status().Update(ctx, obj)
}

// EnsureFinalizer adds a finalizer with Update, through another helper.
func EnsureFinalizer(ctx context.Context, c client.Client, obj client.Object, name string) error { // want EnsureFinalizer:`writes\(status \[\], update \[2\]\)`
	controllerutil.AddFinalizer(obj, name)
	return save(ctx, c, obj)
}

func save(ctx context.Context, c client.Client, o client.Object) error { // want save:`writes\(status \[\], update \[2\]\)`
	copied := o.DeepCopyObject().(client.Object)
	return c.Update(ctx, copied)
}

// Refresh reads the object again before the Update: it sends what it read itself,
// not what it was given, and that is the cache's when c is the manager's client.
func Refresh(ctx context.Context, c client.Client, obj client.Object) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return err
	}
	return c.Update(ctx, obj)
}

// PatchStatus writes status with a patch: no Update.
func PatchStatus(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error { // want PatchStatus:`writes\(status \[2\], update \[\]\)`
	return c.Status().Patch(ctx, obj, patch)
}

// Params hands a helper the object it writes in a field.
type Params struct {
	Object client.Object
	Client client.Client
	Force  bool
}

// UpdateWith sends params.Object whole with Update.
func UpdateWith(ctx context.Context, params Params) error { // want UpdateWith:`writes\(status \[\], update \[\]\) fields\(status \[\], update \[1.Object\]\)`
	return params.Client.Update(ctx, params.Object)
}

// StatusWith writes params.Object's status through UpdateStatus, handing it on.
func StatusWith(ctx context.Context, params *Params) error { // want StatusWith:`writes\(status \[\], update \[\]\) fields\(status \[1.Object\], update \[1.Object\]\)`
	return UpdateStatus(ctx, params.Client, params.Object)
}

// Fetch reads the object from the client it is given and returns it.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey) (*apiv1.Memcached, error) {
	var obj apiv1.Memcached
	if err := c.Get(ctx, key, &obj); err != nil {
		return nil, err
	}
	return &obj, nil
}

// ClearStatus sets one key of the object's status to null with a raw JSON merge patch.
func ClearStatus(ctx context.Context, c client.Client, obj *apiv1.Memcached, key string) error { // want ClearStatus:`writes\(status \[2\], update \[\]\)`
	patch := []byte(`{"status":{"` + key + `": null}}`)
	return c.Status().Patch(ctx, obj, client.RawPatch(types.MergePatchType, patch))
}
