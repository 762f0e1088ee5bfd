// Package admission holds a helper that writes the object's status only when its
// caller switches it on: a caller that hands in Apply: false writes nothing.
package admission

import (
	"context"

	apiv1 "example.com/api/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Params hands the helper the object, the client, and whether it may write.
type Params struct {
	Object *apiv1.Memcached
	Client client.Client
	// Apply is true only in the controller that owns the object's status.
	Apply bool
}

// Ensure checks the object and records a failure in its status.
func Ensure(ctx context.Context, params Params) error { // want Ensure:`writes\(status \[\], update \[\]\) fields\(status \[1.Object\], update \[1.Object\]\) kinds \[example.com/api/v1.Memcached\] requires 1.Apply=true`
	if err := ensureValid(ctx, params); err != nil {
		return err
	}
	return nil
}

func ensureValid(ctx context.Context, params Params) error { // want ensureValid:`fields\(status \[1.Object\], update \[1.Object\]\) kinds \[example.com/api/v1.Memcached\] requires 1.Apply=true`
	if params.Object.Spec.Image != "" {
		hadMessage := params.Apply && params.Object.Status.Message != "invalid"
		if hadMessage {
			params.Object.Status.Message = "invalid"
			return params.Client.Status().Update(ctx, params.Object)
		}
		return nil
	}
	if !params.Apply {
		return nil
	}
	params.Object.Status.State = "Failed"
	return params.Client.Status().Update(ctx, params.Object)
}

// Default fills in the object's defaults and, when Apply, sends it whole.
func Default(ctx context.Context, params Params) error { // want Default:`writes\(status \[\], update \[\]\) fields\(status \[\], update \[1.Object\]\) requires 1.Apply=true`
	if params.Object.Spec.Image != "" {
		return nil
	}
	params.Object.Spec.Image = "memcached:1.6"
	if params.Apply {
		return params.Client.Update(ctx, params.Object)
	}
	return nil
}
