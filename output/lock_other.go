//go:build !unix

package output

// lock is a no-op where directories cannot be locked.
func lock(string) (func(), error) { return func() {}, nil }
