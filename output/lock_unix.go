//go:build unix

package output

import (
	"fmt"
	"os"
	"syscall"
)

// flock takes an exclusive lock on the module root directory itself, so that two opgen
// processes in one module (two //go:generate lines run in parallel) never interleave
// their changes; it leaves no file behind. waiting, when not nil, is called if another
// process holds it.
func flock(root string, waiting func()) (func(), error) {
	d, err := os.Open(root)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if waiting != nil {
			waiting()
		}
		if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX); err != nil {
			d.Close()
			return nil, fmt.Errorf("locking %s: %w", root, err)
		}
	}
	return func() {
		syscall.Flock(int(d.Fd()), syscall.LOCK_UN)
		d.Close()
	}, nil
}
