package main

import (
	"fmt"
	"os"
)

func main() {
	if err := newRootCommand(os.Stdout, os.Stderr).Execute(); err != nil {
		if _, silent := err.(exitError); !silent {
			fmt.Fprintf(os.Stderr, "opgen: %v\n", err)
		}
		os.Exit(1)
	}
}
