// Package guards writes zz_generated.opguard.go into the controller package whenever a
// kind has +opguard:status-owner: the runtime every generated status writer and
// reconciler shares (the owned-fields diff, condition bookkeeping, the memory that skips
// duplicate applies while the cache is behind, predicates, finalizer handling, error
// and requeue policy, Outcome and Terminal).
//
// The file is the Go source of package generator/guards/source, compiled and tested in
// opgen, copied with its package clause renamed; so the code an operator runs is the
// code opgen's tests ran.
package guards
