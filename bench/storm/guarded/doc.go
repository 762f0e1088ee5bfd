// Package guarded is the storm benchmark's opgen operator: every zz_generated.* file is
// `opgen generate` output for package bench/storm/api/v1 (see the go:generate line in
// bench/storm/generate.go; TestGuardedIsGenerated fails when it is stale or edited), and
// cache_controller.go is the user's one method.
package guarded
