package main

import (
	"context"
	"fmt"

	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/output"
)

//go:generate go run ../../cmd/opgen -C ../.. generate --crd-dir bench/storm/config/crd --rbac-dir bench/storm/config/rbac --apf-dir bench/storm/config/apf --controller-dir bench/storm/guarded --main-path none --project-name storm ./bench/storm/api/...

// generateConfig is the go:generate line above, as a generator configuration.
func generateConfig(repo string) generator.Config {
	opts := generator.DefaultOptions
	opts.CRDDir, opts.RBACDir, opts.APFDir = "bench/storm/config/crd", "bench/storm/config/rbac", "bench/storm/config/apf"
	opts.ControllerDir, opts.MainPath, opts.ProjectName = "bench/storm/guarded", "none", "storm"
	return generator.Config{Dir: repo, Patterns: []string{"./bench/storm/api/..."}, Options: opts}
}

// checkGenerated fails when the guarded operator is not exactly what opgen generates
// from the API package today: the benchmark measures opgen's output, not a copy.
func checkGenerated(ctx context.Context, repo string) error {
	res, err := generator.Run(ctx, generateConfig(repo))
	if err != nil {
		return err
	}
	plan, err := output.Compute(res.ModuleRoot, res.Files, res.Claims)
	if err != nil {
		return err
	}
	if plan.Stale() {
		return fmt.Errorf("the guarded operator is stale or edited:\n%s\nrun go generate ./bench/storm", plan.Diff())
	}
	return nil
}
