package statusupdate

// SetMaxStates sets the bound past which the path analysis joins its paths, for a
// test that makes it join everywhere; the returned function restores it.
func SetMaxStates(n int) (restore func()) {
	old := maxStates
	maxStates = n
	return func() { maxStates = old }
}
