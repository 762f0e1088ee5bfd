package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// SIGINT and SIGTERM cancel the run's context: a load stops, a write undoes its
	// temporary files, and a rename phase already under way completes (see package output).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCommand(os.Stdout, os.Stderr).ExecuteContext(ctx)
	stop()
	os.Exit(exitStatus(err, os.Stderr))
}
