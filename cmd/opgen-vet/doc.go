// Command opgen-vet runs opgen's analyzers (package vet) as a vet tool:
//
//	go install github.com/opgen-dev/opgen/cmd/opgen-vet
//	go vet -vettool=$(which opgen-vet) ./...
//
// It is built on multichecker, which serves both ways of being run: invoked by go vet
// (with a single *.cfg argument, or -flags / -V=full to describe itself) it is a
// unitchecker, analyzing one package at a time from the compiler's export data, with
// go vet's caching and its output; run directly with package patterns
// (opgen-vet ./...) it loads them itself. Each analyzer's flags are prefixed with its
// name: -requeue.min=10s, -workers.max=4; -<analyzer>=false turns one off, and -fix
// applies every suggested fix, those that change what the program does included (as
// opgen vet -fix=all; a bare opgen vet -fix applies only those that cannot).
//
// `opgen vet` runs the same analyzers with opgen's own output format, exit status and
// -json; this binary exists so that the analyzers fit wherever go vet already runs.
package main
