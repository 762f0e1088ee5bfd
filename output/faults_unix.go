//go:build unix

package output

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// faults is a test hook that kills or interrupts the process at a chosen step of
// Apply, so that tests can stop a real run anywhere: OPGEN_FAULT=kill@3 sends SIGKILL
// after the third step, int@3 SIGINT. Steps are: the journal written, each temporary
// file written, the journal committed, each target renamed or removed.
type faults struct {
	mu   sync.Mutex
	sig  syscall.Signal
	at   int
	done int
}

func newFaults() *faults {
	spec := os.Getenv("OPGEN_FAULT")
	if spec == "" {
		return &faults{}
	}
	what, at, _ := strings.Cut(spec, "@")
	n, _ := strconv.Atoi(at)
	f := &faults{at: n}
	switch what {
	case "kill":
		f.sig = syscall.SIGKILL
	case "int":
		f.sig = syscall.SIGINT
	case "term":
		f.sig = syscall.SIGTERM
	}
	return f
}

func (f *faults) step(ctx context.Context) {
	f.mu.Lock()
	f.done++
	hit := f.sig != 0 && f.done == f.at
	f.mu.Unlock()
	if !hit {
		return
	}
	syscall.Kill(os.Getpid(), f.sig)
	// A caught signal cancels ctx from another goroutine; wait for it, so that the
	// step after this one sees it as a real interruption there would.
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
	}
}
