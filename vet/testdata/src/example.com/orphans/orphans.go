// Package orphans releases objects no controller claims: what it does with one under
// deletion is its caller's to say, by a policy constant.
package orphans

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Policy int

const (
	// ReleaseOnly takes the object's finalizers off and writes it.
	ReleaseOnly Policy = iota
	// FinalizeAnyway leaves the object to the caller's own deletion branch.
	FinalizeAnyway
)

// Release writes the object, and its status, unless the policy is FinalizeAnyway.
func Release(ctx context.Context, c client.Client, p Policy, obj client.Object) error { // want Release:`writes\(status \[3\], update \[3\]\) requires 2==1=false`
	switch {
	case obj.GetName() != "":
		if p == FinalizeAnyway {
			return nil
		}
		if err := c.Status().Update(ctx, obj); err != nil {
			return err
		}
		return c.Update(ctx, obj)
	}
	return nil
}
