// Package mock is a stub of github.com/stretchr/testify/mock for analysistest.
package mock

// Mock is the stub of testify's mock, embedded by a test double.
type Mock struct{}

// Arguments is the stub of the arguments a double was called with.
type Arguments []any

// Called is the stub of recording a call.
func (m *Mock) Called(args ...any) Arguments { return nil }

// Error is the stub of the error argument at index.
func (a Arguments) Error(index int) error { return nil }
