// Package retry is a stub of github.com/avast/retry-go/v4: Do calls its function
// again while it returns an error.
package retry

// Option configures Do.
type Option func()

// Attempts sets how many times Do calls its function.
func Attempts(n uint) Option { return func() {} }

// Do calls fn until it returns nil or the attempts run out.
func Do(fn func() error, opts ...Option) error { return fn() }
