// Command opgen generates storm-proof controller-runtime operators from +opguard:
// markers on Kubernetes API types. See README.md, or `opgen help`.
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
