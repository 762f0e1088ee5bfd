// Package diff decides what the analyzers count as a diff: an expression that
// compares the state an object has with the state a controller is about to write.
//
// It is a heuristic on names, and says so. Type information cannot tell
// statusChanged(old, new) from any other function returning a bool, so a call counts
// when the name of its function or method contains equal, chang, diff, modif, dirty or
// consistent, or needs/should (+ status) + update/write/patch, in any case, and it returns more
// than an error (syncOnChanges(…) error is an action named after changes, not a
// comparison)
// (equality.Semantic.DeepEqual, reflect.DeepEqual, cmp.Equal, statusChanged,
// inconsistentStatus), and so does a variable or field so named (changed,
// needsUpdate). Beside names: the StatusUpdated field of the Result of
// controller-runtime's finalizer registry (pkg/finalizer: res, err :=
// finalizers.Finalize(ctx, obj); if res.StatusUpdated { write }), true only when a
// finalizer changed the status; a call of meta.SetStatusCondition or
// meta.RemoveStatusCondition (both report whether they changed anything), and a call
// that returns one bool and is handed two values of one named struct type
// (compare(old.Status, obj.Status)), whatever its name. A deep comparison
// (reflect.DeepEqual, equality.Semantic.DeepEqual, cmp.Equal) of two values of
// different static types, neither an interface, is no diff: it is false whatever they
// hold (NeverEqual).
//
// statusupdate and statustime document this rule in theirs; a diff a reader would
// not recognise by its name is missed, and so is the finding it would have avoided.
package diff
