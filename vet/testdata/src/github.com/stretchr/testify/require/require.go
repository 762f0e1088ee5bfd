// Package require is a stub of github.com/stretchr/testify/require for analysistest.
package require

import "time"

type TestingT interface {
	Errorf(format string, args ...any)
	FailNow()
}

// Eventually calls condition until it returns true or waitFor has passed.
func Eventually(t TestingT, condition func() bool, waitFor, tick time.Duration, msgAndArgs ...any) {}
