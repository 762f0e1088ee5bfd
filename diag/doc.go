// Package diag is how opgen reports problems in the user's input: a [Diagnostic] is
// one problem at a position, printed as the Go compiler prints its errors,
// "path/file.go:LINE:COL: message", and [Diagnostics] is everything one run found,
// errors and warnings together.
//
// Every stage that reads the user's code reports through it: the marker scanner, the
// model's rules between markers and types, the load (syntax and type errors, a
// missing go.sum entry) and the checks of user code the generated code calls. A run
// collects them all before it decides anything, so one run shows every independent
// problem, sorted by position, and writes nothing when one is an error.
//
// It imports nothing of opgen.
package diag
