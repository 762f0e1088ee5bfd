// Package backoff is a stub of github.com/cenkalti/backoff/v4: Retry calls its
// operation again while it returns an error.
package backoff

// BackOff says how long to wait between attempts.
type BackOff interface{}

// NewExponentialBackOff is an exponential BackOff.
func NewExponentialBackOff() BackOff { return nil }

// Retry calls o until it returns nil or b stops.
func Retry(o func() error, b BackOff) error { return o() }

// Permanent wraps an error that stops Retry.
func Permanent(err error) error { return err }
