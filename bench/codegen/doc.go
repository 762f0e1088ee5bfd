// Command codegen measures `opgen generate` against `controller-gen object crd
// applyconfiguration` on the same synthetic 50-kind API package, alternating runs so
// that both see the same machine state, and reports each tool's median wall time and
// the median of the per-pair ratios.
//
//	go run ./bench/codegen [-kinds 50] [-runs 9]
//
// Both binaries are built before the first run. A full run starts from a tree with no
// generated files, so each tool does its whole job: deepcopy, CRDs and apply
// configurations (opgen's cache off). A rerun is opgen run again over its own output
// with nothing changed, right after the run that wrote it, its cache on and empty before
// that write: as `go generate` then `--check` in CI meets it. Peak RSS is the tool process's own (the go command it starts is apart).
package main
