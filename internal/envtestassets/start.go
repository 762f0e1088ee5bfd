package envtestassets

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// Start starts env, and returns its configuration and a stop that may be called more
// than once. What it starts is stopped on every path: when Start fails half way, on
// SIGINT and SIGTERM (go test interrupted: envtest starts its processes in groups of
// their own, which a Ctrl-C does not reach), and before the test binary's
// -test.timeout ends the process, which runs no deferred function. A TestMain calls it
// after flag.Parse, and defers stop. (Generated suites carry the same function.)
func Start(env *envtest.Environment) (*rest.Config, func(), error) {
	var once sync.Once
	stop := func() {
		once.Do(func() {
			if err := env.Stop(); err != nil {
				fmt.Fprintln(os.Stderr, "stopping envtest:", err)
			}
		})
	}
	// The go command that reads the suite's output may be gone first (its own run
	// interrupted or timed out): a write to that closed pipe would end the process
	// with SIGPIPE before it stops what it started. Ignored, the write fails instead.
	signal.Ignore(syscall.SIGPIPE)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	cfg, err := env.Start()
	if err != nil {
		stop()
		return nil, nil, err
	}
	go func() {
		s := <-signals
		stop()
		fmt.Fprintln(os.Stderr, "envtest stopped:", s)
		os.Exit(1)
	}()
	if f := flag.Lookup("test.timeout"); f != nil {
		if d, ok := f.Value.(flag.Getter).Get().(time.Duration); ok && d > 20*time.Second {
			time.AfterFunc(d-10*time.Second, stop)
		}
	}
	return cfg, stop, nil
}
