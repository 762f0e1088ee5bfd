// Package statuswriter generates, for each kind with +opguard:status-owner, the file
// zz_generated.<kind>_status.go with the writer any reconciler can call, in each
// package of the module whose code writes the kind's status (Context.WriterPackages:
// a controller in internal/controller/<kind>/ gets it there), else in the controller
// package:
//
//	func Apply<Kind>Status(ctx context.Context, c client.Client, obj *<api>.<Kind>, desired <api>.<Kind>Status) (written bool, err error)
//
// and <Kind>FieldManager, the marker's field manager. The writer
//
//   - stamps status.observedGeneration and each condition's observedGeneration from
//     obj.Generation (+opguard:observed-generation);
//   - carries each condition's lastTransitionTime over from the live condition of the
//     same type unless its status changed, and sets it when it did: an apply must
//     re-assert every field it owns;
//   - compares the result, semantically (equality.Semantic, conditions as a set by
//     type, +opguard:volatile fields ignored), with the part of the live status this
//     field manager owns; equal means no request at all;
//   - skips an apply that repeats its own last one while the informer cache has not
//     caught up with it;
//   - otherwise sends one Server-Side Apply to the status subresource, as the field
//     manager, with force and without a resourceVersion, so a stale obj never gets a 409;
//     fields owned by other managers are untouched, and a field this manager set before
//     and now leaves empty is released (removed unless someone else owns it);
//   - on success leaves the server's answer in obj.Status and obj.ResourceVersion.
package statuswriter
