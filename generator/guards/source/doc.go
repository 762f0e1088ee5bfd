// Package guards is the source of zz_generated.opguard.go, the one runtime file opgen
// generates into a controller package: the logic every generated status writer and
// reconciler shares, kept in one place instead of repeated per kind.
//
// It is split into parts, one file each, and a project gets only the parts it uses
// (see generator/guards/symbols): reconcile.go (Outcome, Terminal, the retry policy,
// the predicates), status.go (what the status writers call), clientlimits.go (the
// client-side rate limit flags), finalizer.go (finalizers added and released by
// Server-Side Apply), owned.go (the gated apply of objects a reconciler owns),
// memory.go (a guard's last write, recalled while the cache is behind it) and
// managedfields.go (the cache transform that keeps only the operator's own managedFields
// entries, which the status writer and the gated apply read) and external.go (the
// primary filter of a kind the project does not define, on content, not generation).
// The parts import nothing of each other.
//
// It is compiled and tested here, in opgen's module, and copied verbatim into projects
// with its package clause rewritten (package generator/guards does that). It must
// therefore import nothing of opgen's, only the libraries an operator already uses;
// this doc.go is not copied. Its constants that opgen's policy fixes are held equal to
// package policy by a test.
package guards
