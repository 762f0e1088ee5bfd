// Package sequence plays randomized sequences of what an opgen user does, to find the
// classes of defects no single test names: create api (with --owns of kinds that can and
// cannot be owned, both scopes, new versions of existing kinds), create webhook (each
// flag, spokes that exist and that do not), marker edits and removals, hand edits of
// the user's files, and runs interrupted before their commit, drawn from valid and
// invalid input.
//
// After each step the invariant of opgen's commands holds: the command succeeded (exit
// status 0) and the project is fresh (generate --check) and builds and vets; or it
// refused (exit 1), said why, and left the tree exactly as it was. Any other outcome is
// a Failure carrying the sequence's seed, so that one sequence can be played again.
//
// The short form runs in opgen's tests (cmd/opgen TestSequences, fixed seeds); the long
// one is bench/sequences, which prints the seed of every failure.
package sequence
