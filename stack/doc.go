// Package stack is the versions opgen's generated code is written against, once: the
// go.mod of a new project, the requirements opgen generate adds to a module that lacks
// them, and opgen's own go.mod (a test holds them equal) all say the same.
package stack
