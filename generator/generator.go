package generator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator/apf"
	"github.com/opgen-dev/opgen/generator/applyconfig"
	"github.com/opgen-dev/opgen/generator/chart"
	"github.com/opgen-dev/opgen/generator/contract"
	"github.com/opgen-dev/opgen/generator/conversion"
	"github.com/opgen-dev/opgen/generator/crd"
	"github.com/opgen-dev/opgen/generator/deepcopy"
	"github.com/opgen-dev/opgen/generator/envtestsuite"
	"github.com/opgen-dev/opgen/generator/guards"
	"github.com/opgen-dev/opgen/generator/kustomize"
	"github.com/opgen-dev/opgen/generator/manager"
	"github.com/opgen-dev/opgen/generator/monitoring"
	"github.com/opgen-dev/opgen/generator/ownedapply"
	"github.com/opgen-dev/opgen/generator/rbac"
	"github.com/opgen-dev/opgen/generator/reconciler"
	"github.com/opgen-dev/opgen/generator/statuswriter"
	"github.com/opgen-dev/opgen/generator/webhook"
)

// Generators is every generator, in the order a run executes them.
var Generators = []contract.Generator{
	deepcopy.Generator{},
	crd.Generator{},
	rbac.Generator{},
	applyconfig.Generator{},
	conversion.Generator{},
	guards.Generator{},
	statuswriter.Generator{},
	reconciler.Generator{},
	ownedapply.Generator{},
	manager.Generator{},
	apf.Generator{},
	monitoring.Generator{},
	kustomize.Generator{},
	webhook.Generator{},
	chart.Generator{},
	envtestsuite.Generator{},
}

// Config says what to generate.
type Config struct {
	// Dir is the working directory: patterns and diagnostics are relative to it.
	Dir string
	// Patterns are package patterns as the go command takes them; default "./...".
	Patterns []string
	// TemplatesDir, when set, lays a directory of templates over the built-in ones;
	// otherwise opgen.yaml's templates entry does.
	TemplatesDir string
	// Overlay holds file contents, by absolute path, that the run reads instead of the
	// disk's: new files, or new contents of existing ones (opgen create api's scaffold,
	// before anything is written).
	Overlay map[string][]byte
	// NewModule says the module is one opgen init is creating: its load may complete
	// go.mod and go.sum (a run in any other module must change only what its plan says).
	NewModule bool
	// ListMissingHooks lists the conversion functions the user has not written yet in
	// Result.MissingHooks instead of refusing them: opgen create webhook scaffolds them.
	ListMissingHooks bool
	contract.Options
}

// DefaultOptions are the output locations of a project laid out like kubebuilder's.
var DefaultOptions = contract.Options{
	CRDDir:        "config/crd/bases",
	RBACDir:       "config/rbac",
	APFDir:        "config/apf",
	WebhookDir:    "config/webhook",
	ControllerDir: "internal/controller",
	MainPath:      "cmd/main.go",
}

// Result is what a run produced.
type Result struct {
	// ModuleRoot is the absolute directory of the main module; File paths are relative to it.
	ModuleRoot string
	Files      []artifact.File
	// Claims are the places the run accounts for: an opgen-generated file there that
	// Files does not hold is obsolete.
	Claims []artifact.Claim
	// Diagnostics holds warnings, and errors when Files is empty because of them.
	Diagnostics diag.Diagnostics
	// Loaded holds the import path of every package the run's load resolved, the
	// loaded packages and all their dependencies: go.mod and go.sum provide these.
	Loaded map[string]bool
	// Cached says the result came from the cache of an earlier run with the same inputs.
	Cached bool
	// MissingHooks are the conversion functions the generated conversions call that the
	// user has not written yet (opgen create webhook --conversion scaffolds them).
	MissingHooks []conversion.Hook
	// RequirementsSatisfied says that, for these inputs, go.mod and go.sum were found to
	// provide what the generated code imports (see Remember).
	RequirementsSatisfied bool

	id cacheID
	// cfg is the run's configuration, whose settings Remember resolves again after a
	// write: the key the next run will compute.
	cfg Config
}

// ErrDiagnostics is returned, wrapped, when the diagnostics hold an error.
var ErrDiagnostics = errors.New("errors in the input")

// Run is a run of opgen, as a pipeline of four steps, each in its own file:
//
//  1. Resolve (settings.go): the settings, from the configuration, opgen.yaml and the
//     tree, with the survey of the module (survey.go);
//  2. the cache (cache.go): a run over inputs seen before returns their result;
//  3. load (load.go): one load of the packages into the model every generator reads;
//  4. generate (generate.go): the checks, then every generator in order, in memory.
//
// When the input has errors (a syntax or type error, a bad marker, user code the
// generated code cannot call) it returns a Result with every diagnostic, no files, and
// an error wrapping ErrDiagnostics. Run never writes: package output turns the files
// into a plan.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	s, err := Resolve(cfg)
	if err != nil {
		return nil, err
	}
	trace("survey")
	key := cacheKey(s)
	if res := readCache(key); res != nil {
		res.cfg = cfg
		trace("cached")
		res.Diagnostics = res.Diagnostics.Sorted(s.Dir)
		return res, nil
	}
	in, diags, err := load(ctx, s)
	if err != nil {
		return nil, err
	}
	trace("load")
	res, err := generate(ctx, in, diags)
	if res != nil {
		res.id, res.cfg = key, cfg
		res.Diagnostics = res.Diagnostics.Sorted(s.Dir)
	}
	return res, err
}

var traceStart = time.Now()

// Trace prints, with OPGEN_TRACE set, how long the process has run when a step ends.
func Trace(what string) { trace(what) }

func trace(what string) {
	if os.Getenv("OPGEN_TRACE") != "" {
		fmt.Fprintf(os.Stderr, "%8.3fs %s\n", time.Since(traceStart).Seconds(), what)
	}
}
