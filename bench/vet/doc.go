// Command vet measures `opgen vet ./...` against `go vet ./...` on the same generated
// operator module: an API package of 50 kinds and a controller package of 50
// reconcilers written the way real ones are (a Get, a finalizer, an owned Deployment
// applied with Server-Side Apply, conditions, a status write, SetupWithManager; every
// fifth one in kubebuilder's deploy-image style, so the analyzers have something to
// report). It runs the two tools alternately so both see the same machine state, and
// reports each one's median wall time and the median of the per-pair ratios.
//
//	go run ./bench/vet [-controllers 50] [-runs 9]
//
// The module is built with `go build ./...` first, so both tools start from a warm
// build cache, as in a developer's loop or a CI job after the build step; one untimed
// run of each warms their own caches. The target is opgen vet within 1.5x of
// go vet.
package main
