// Package workqueue is a stub of client-go's workqueue package for the analyzers'
// tests.
package workqueue

type TypedInterface[T comparable] interface {
	Add(item T)
	Get() (item T, shutdown bool)
	Done(item T)
}

func NewTyped[T comparable]() TypedInterface[T] { return nil }
