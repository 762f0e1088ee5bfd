package generator

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/conversion"
)

// generate runs the checks of every generator (a Checker) and then every generator, in
// Generators order, on what the load produced: the files and claims of a run, or its
// diagnostics. It touches no disk.
func generate(ctx context.Context, in *contract.Context, diags diag.Diagnostics) (*Result, error) {
	if !diags.HasErrors() {
		for _, g := range Generators {
			if c, ok := g.(contract.Checker); ok {
				diags = append(diags, c.Check(in)...)
			}
		}
	}
	res := &Result{ModuleRoot: in.ModuleRoot, Diagnostics: diags, Loaded: loadedPackages(in.Roots)}
	if diags.HasErrors() {
		return res, fmt.Errorf("%w", ErrDiagnostics)
	}
	seen := map[string]string{}
	for _, g := range Generators {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		files, err := g.Generate(in)
		var de *diag.DiagnosticsError
		if errors.As(err, &de) {
			res.Diagnostics = append(res.Diagnostics, de.Diagnostics...)
			return res, fmt.Errorf("%w", ErrDiagnostics)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.Name(), err)
		}
		trace(g.Name())
		res.Claims = append(res.Claims, g.Claims(in)...)
		for _, f := range files {
			if prev, dup := seen[f.Path]; dup {
				return nil, fmt.Errorf("%s and %s both generate %s", prev, g.Name(), f.Path)
			}
			seen[f.Path] = g.Name()
			res.Files = append(res.Files, f)
		}
	}
	sort.Slice(res.Files, func(i, j int) bool { return res.Files[i].Path < res.Files[j].Path })
	res.MissingHooks = conversion.MissingHooks(in.API, in.Rel)
	return res, nil
}
