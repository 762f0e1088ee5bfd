// Package sequence plays randomized sequences of what an opgen user does, to find the
// classes of defects no single test names: create api (with --owns of kinds that can and
// cannot be owned, both scopes, new versions of existing kinds), create webhook (each
// flag, spokes that exist and that do not), create controller (kinds of k8s.io/api
// and ones it refuses, with its selectors, finalizer and owned kinds), marker edits and
// removals, hand edits of the user's files, the chart turned off and on in opgen.yaml or
// generated once with --chart, and runs interrupted before their commit, drawn from
// valid and invalid input.
//
// After each step the invariant of opgen's commands holds: the command succeeded (exit
// status 0) and the project is fresh (generate --check) and builds and vets; or it
// refused (exit 1), said why, and left the tree exactly as it was. Any other outcome is
// a Failure carrying the sequence's seed, so that one sequence can be played again.
// With Options.Record, a command that succeeded also left a scaffold record that
// accounts for every file of the user's it scaffolded: opgen upgrade --check says up to
// date, and the record renders those files as opgen upgrade renders a project's base
// (byte for byte until the sequence edits a file), so that no command scaffolds what
// an upgrade would never reach.
//
// The short form runs in opgen's tests (cmd/opgen TestSequences, fixed seeds); the long
// one is bench/sequences, which prints the seed of every failure.
package sequence
