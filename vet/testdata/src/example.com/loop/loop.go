// Package loop declares a sentinel error that other packages return with a Result.
package loop

import "errors"

// ErrNextLoop asks the caller to come back later; it is no failure.
var ErrNextLoop = errors.New("reconcile again later")
