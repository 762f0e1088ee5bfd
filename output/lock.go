package output

import (
	"sync"
)

// A command holds its module's lock from before it plans until its plan is applied
// (Lock), so that two opgen runs in one module serialize: the second waits, then plans
// against what the first wrote, instead of planning against the tree the first is
// about to change and deleting what it added. Apply and Recover take the lock
// themselves, unless this process holds it already.

var (
	heldMu sync.Mutex
	held   = map[string]*rootLock{}
)

// rootLock serializes this process's commands in one module; the file lock, the other
// processes'.
type rootLock struct {
	mu      sync.Mutex
	holding bool
}

// Lock takes the lock of the module at root for a whole command, waiting for another
// opgen run (another process, or another command of this one) to finish first;
// waiting, when not nil, is called once if it has to wait. The returned function
// releases it.
func Lock(root string, waiting func()) (func(), error) {
	heldMu.Lock()
	rl := held[root]
	if rl == nil {
		rl = &rootLock{}
		held[root] = rl
	}
	heldMu.Unlock()
	if !rl.mu.TryLock() {
		if waiting != nil {
			waiting()
			waiting = nil
		}
		rl.mu.Lock()
	}
	release, err := flock(root, waiting)
	if err != nil {
		rl.mu.Unlock()
		return nil, err
	}
	heldMu.Lock()
	rl.holding = true
	heldMu.Unlock()
	return func() {
		heldMu.Lock()
		rl.holding = false
		heldMu.Unlock()
		release()
		rl.mu.Unlock()
	}, nil
}

// lock is the lock Apply and Recover take: none when this process's command holds the
// module's lock already.
func lock(root string) (func(), error) {
	heldMu.Lock()
	rl := held[root]
	holding := rl != nil && rl.holding
	heldMu.Unlock()
	if holding {
		return func() {}, nil
	}
	return flock(root, nil)
}
