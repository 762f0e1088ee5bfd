// Package golden is the module of opgen's expected output: golden/<case>/ holds the
// whole tree `opgen generate` produces from testdata/<case>/, or, for a case that
// must fail, only the exact stderr.golden. It is its own module so that the root
// module's ./... skips it, and so that one `go build ./... && go vet ./...` here
// proves every golden tree compiles. At the repository root,
//
//	go test ./cmd/opgen -run 'TestGolden$|TestGoldenInit$' -update
//
// rewrites it (-update is a flag of cmd/opgen's tests only).
package golden
