package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/opgen-dev/opgen/vet"
)

func main() {
	multichecker.Main(vet.Analyzers...)
}
