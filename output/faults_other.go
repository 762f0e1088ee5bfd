//go:build !unix

package output

import "context"

// faults is the test hook of faults_unix.go; it does nothing where signals cannot be
// sent to oneself.
type faults struct{}

func newFaults() *faults { return &faults{} }

func (*faults) step(context.Context) {}
