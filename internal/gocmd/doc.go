// Package gocmd runs the go command for opgen: with the user's environment, except
// that the go command may never rewrite go.mod or go.sum on its own. A user's
// GOFLAGS=-mod=mod would let `go list` do so during a load, so that a failing run or a
// --check changed the module; opgen changes go.mod only through a plan, like any other
// file. It is internal because it is policy, not API: the generator's load and the
// output's requirement checks share it.
package gocmd
