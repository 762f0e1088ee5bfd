// Package guards writes zz_generated.opguard.go into the controller package: the
// runtime every generated status writer and reconciler shares (the owned-fields diff,
// condition bookkeeping, the memory that skips duplicate applies while the cache is
// behind, predicates, finalizer handling, error and requeue policy, Outcome and
// Terminal, the client-side rate limit, the cache transform that keeps only the
// operator's own managedFields entries).
//
// The file is assembled from the parts of package generator/guards/source that the run
// uses ([InUse]): those the generated code calls, and those whose exported names the
// user's own files of the controller package use, so that removing the last marker
// never breaks a file the user owns. Each part is copied verbatim, so the code an
// operator runs is the code opgen's tests ran; the imports are the union of the parts'.
// No part in use, no file. A package other than the controller package that holds a
// status writer (see package statuswriter) gets its own copy of the parts a writer
// calls (status, memory).
//
// Before anything is written, Check holds the module's go.mod to the floors of the
// parts it emits (the oldest controller-runtime and apimachinery they compile against)
// and refuses, at the kind, with the command that reaches them.
package guards
