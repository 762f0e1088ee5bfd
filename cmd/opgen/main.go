package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// SIGINT and SIGTERM cancel the run's context: a load stops, a write undoes its
	// temporary files, and a rename phase already under way completes (see package output).
	// The handler stays until the process exits: a signal after the run, while its
	// status is reported, must not kill it by the default action (exit by signal, no
	// message) after its change was committed.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCommand(os.Stdout, os.Stderr).ExecuteContext(ctx)
	if err != nil && ctx.Err() != nil {
		// Whichever step the signal stopped (the load, the go command, a write before
		// its commit), the run undid what it had begun: one message says so, whatever
		// the step's own error was.
		err = exitError{code: 1, err: errors.New("interrupted; nothing was changed")}
	}
	os.Exit(exitStatus(err, os.Stderr))
}
