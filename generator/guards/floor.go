package guards

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/guards/symbols"
	"github.com/opgen-dev/opgen/stack"
)

// A floor is the oldest release of a module a part of the runtime compiles against.
// The runtime is written for the pinned stack; an operator on older releases gets the
// floor and the command that reaches it, before anything is written, instead of a
// `go get` of a package its release lacks or generated code that does not build.
type floor struct {
	part            symbols.Part
	module, version string
	// uses names what of the module the part needs.
	uses string
}

// floors are the parts' floors, checked by building the runtime against each release.
var floors = []floor{
	// The status writer sends its apply to the status subresource.
	{symbols.Status, "sigs.k8s.io/controller-runtime", "v0.23.0", "SubResourceWriter.Apply"},
	// The memory orders resourceVersions.
	{symbols.Memory, "k8s.io/apimachinery", "v0.35.0", "k8s.io/apimachinery/pkg/util/resourceversion"},
}

// Check implements contract.Checker: every floor of the parts the run emits is met by
// the module's go.mod (a replace directive's version wins), else one error, at the
// kind that asks for the runtime, naming what is needed and the command that gets it.
func (Generator) Check(ctx *contract.Context) diag.Diagnostics {
	parts := InUse(ctx)
	if len(writerPackages(ctx)) > 0 {
		parts = append(parts, symbols.Status, symbols.Memory)
	}
	if len(parts) == 0 {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(ctx.ModuleRoot, "go.mod"))
	if err != nil {
		return nil
	}
	mf, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		return nil
	}
	in := map[symbols.Part]bool{}
	for _, p := range parts {
		in[p] = true
	}
	var needs, have, get, edit []string
	for _, f := range floors {
		if !in[f.part] {
			continue
		}
		v, replaced := effectiveVersion(mf, f.module)
		if v == "" || semver.Compare(v, f.version) >= 0 {
			continue
		}
		needs = append(needs, fmt.Sprintf("%s %s (%s)", f.module, f.version, f.uses))
		if replaced {
			have = append(have, fmt.Sprintf("%s replaced with %s", f.module, v))
			// The modules released in lockstep move together, or they do not build.
			mods := []string{f.module}
			if strings.HasPrefix(f.module, "k8s.io/") {
				mods = stack.KubernetesModules
			}
			for _, m := range mods {
				if rv, r := effectiveVersion(mf, m); r && semver.Compare(rv, f.version) < 0 {
					edit = append(edit, fmt.Sprintf("-replace=%s=%s@%s", m, m, f.version))
				}
			}
			continue
		}
		have = append(have, fmt.Sprintf("%s %s", f.module, v))
		get = append(get, f.module+"@"+f.version)
	}
	if len(needs) == 0 {
		return nil
	}
	var cmds []string
	if len(edit) > 0 {
		cmds = append(cmds, "go mod edit "+strings.Join(edit, " "))
	}
	if len(get) > 0 {
		cmds = append(cmds, "go get "+strings.Join(get, " "))
	}
	var ds diag.Diagnostics
	ds.Errorf(floorPos(ctx), "the code opgen generates for this kind needs %s; go.mod has %s: run %s", strings.Join(needs, " and "), strings.Join(have, " and "), strings.Join(cmds, " && "))
	return ds
}

// effectiveVersion is the version of module the build uses: a replace directive's
// (without a version: a directory, not checked), else the requirement's.
func effectiveVersion(mf *modfile.File, module string) (string, bool) {
	for _, r := range mf.Replace {
		if r.Old.Path == module {
			if r.New.Version == "" {
				return "", true
			}
			return r.New.Version, true
		}
	}
	for _, r := range mf.Require {
		if r.Mod.Path == module {
			return r.Mod.Version, false
		}
	}
	return "", false
}

// floorPos is where the floor is reported: the first kind with a status writer, else
// with a reconciler, else go.mod.
func floorPos(ctx *contract.Context) token.Position {
	if k := ctx.API.StatusOwners(); len(k) > 0 {
		return k[0].Pos
	}
	if k := ctx.API.Reconciled(); len(k) > 0 {
		return k[0].Pos
	}
	return token.Position{Filename: filepath.Join(ctx.ModuleRoot, "go.mod")}
}
