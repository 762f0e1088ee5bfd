//go:build !unix

package output

// flock is a no-op where directories cannot be locked.
func flock(string, func()) (func(), error) { return func() {}, nil }
