package guards

import (
	"reflect"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	toolscache "k8s.io/client-go/tools/cache"
)

// trimManagedFields returns the informer transform of the operator's cache: an object
// whose Go type keep names keeps only the managedFields entries of those field
// managers, any other object keeps none.
//
// managedFields are often the larger part of a cached object, and every other manager
// that touches an object adds an entry; but the guards read them: the status writer
// compares desired status with what its manager owns (ownedStatus), and the gated apply
// with what client-go's Extract<Kind> finds of its manager. Stripping them all
// (cache.TransformStripManagedFields) would make both compare with the whole object, so
// a field another manager owns would be a difference forever and every reconcile a
// write. Only the entries of other managers are dropped: what the guards read is there,
// the rest is not kept in memory.
//
// An object of a kept type with no entry of these managers keeps an empty, non-nil
// list, so that ownedStatus still tells "this manager owns nothing yet" from a cache
// that strips managedFields (nil).
//
// The informer calls a transform with each object it decoded from a list or a watch
// event, before the object reaches its store or any handler (client-go ≥ 1.27), and
// never with a tombstone; so the object is the transform's to change. The entries are
// copied to a new slice rather than filtered in place: the old backing array, and the
// dropped entries' fields with it, then become garbage. An object that has nothing to
// drop is returned untouched, so the transform is idempotent and never writes an object
// it may already share.
//
// Of the types withStatus names (the status-owner kinds), the status entries of every
// manager stay too: they are small, and they are how a status writer names another
// manager that holds fields it sets (reportTakenFields).
//
// Of the types digest names (the owned kinds), not even the operator's entries stay:
// the digester records what its managers own (digestOwnedFields, ownedFields), which
// is all the gated apply compares, and the object keeps no managedFields at all, as
// with cache.TransformStripManagedFields. When a digester cannot take its digest, the
// object keeps its entries of keep's managers, and the gated apply extracts them.
func trimManagedFields(keep map[reflect.Type][]string, digest map[reflect.Type]func(any) bool, withStatus ...reflect.Type) toolscache.TransformFunc {
	return func(in any) (any, error) {
		obj, ok := in.(metav1.Object)
		if !ok {
			return in, nil
		}
		entries := obj.GetManagedFields()
		if len(entries) == 0 {
			return in, nil // nothing to drop
		}
		managers, kept := keep[reflect.TypeOf(in)]
		if !kept {
			obj.SetManagedFields(nil)
			return in, nil
		}
		if d, ok := digest[reflect.TypeOf(in)]; ok && d(in) {
			obj.SetManagedFields(nil)
			return in, nil
		}
		status := slices.Contains(withStatus, reflect.TypeOf(in))
		keeps := func(e metav1.ManagedFieldsEntry) bool {
			return slices.Contains(managers, e.Manager) || (status && e.Subresource == "status")
		}
		n := 0
		for _, e := range entries {
			if keeps(e) {
				n++
			}
		}
		if n == len(entries) {
			return in, nil
		}
		out := make([]metav1.ManagedFieldsEntry, 0, n)
		for _, e := range entries {
			if keeps(e) {
				out = append(out, e)
			}
		}
		obj.SetManagedFields(out)
		return in, nil
	}
}
