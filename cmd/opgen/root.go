package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/output"
)

// exitError ends the process with status 1 after its message was already printed.
type exitError struct{}

// relativeError shows the paths in an error relative to the working directory, as the
// Go compiler does; controller-tools reports absolute positions.
type relativeError struct {
	err error
	wd  string
}

func (e relativeError) Error() string {
	return strings.ReplaceAll(e.err.Error(), e.wd+string(filepath.Separator), "")
}

func (e relativeError) Unwrap() error { return e.err }

func (exitError) Error() string { return "exit status 1" }

func newRootCommand(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "opgen",
		Short: "Generate storm-proof controller-runtime operators from +opguard: markers",
		Long: `opgen turns marker comments on Kubernetes API types into a controller-runtime
operator that cannot fall into a 409 Conflict storm or an update-watch-update loop.
It scaffolds projects (init, create api), generates everything derived from the
markers (generate: deepcopy, CRDs, RBAC, Server-Side Apply configurations, diff-gated
status writers, guarded reconcilers), and finds the same anti-patterns in hand-written
operators (vet).`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	var dir string
	root.PersistentFlags().StringVarP(&dir, "dir", "C", "", "run as if opgen was started in this directory")
	root.AddCommand(newGenerateCommand(stdout, stderr, &dir), newInitCommand(stdout, stderr, &dir),
		newCreateCommand(stdout, stderr, &dir), newVersionCommand(stdout), newMarkersCommand(stdout))
	root.AddCommand(newVetCommand(stdout, stderr, &dir))
	return root
}

// workDir is the directory a command runs in: -C, else the process's.
func workDir(dir string) (string, error) {
	if dir != "" {
		return filepath.Abs(dir)
	}
	return os.Getwd()
}

func newGenerateCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var check bool
	var templatesDir string
	opts := generator.DefaultOptions
	cmd := &cobra.Command{
		Use:   "generate [packages]",
		Short: "Regenerate everything derived from markers (default ./...)",
		Long: `Regenerate everything derived from markers in the given packages (default ./...):
deepcopy, CRD manifests, RBAC, apply configurations and status writers.

Output paths are relative to the module root, so a //go:generate line in any package
of the module writes to the same place. A file without opgen's header is never
overwritten, except controller-gen's own output for the same artifact. A second run
changes no byte.

With --check nothing is written: stale files are printed as a unified diff on stdout
and the exit status is 1.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			mode := write
			if check {
				mode = checkOnly
			}
			return runGenerate(cmd.Context(), stdout, stderr, generator.Config{Dir: wd, Patterns: args, Options: opts, TemplatesDir: templatesDir}, mode)
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; print a diff of stale files and exit 1 if any")
	cmd.Flags().StringVar(&opts.CRDDir, "crd-dir", opts.CRDDir, "CRD manifests directory, relative to the module root")
	cmd.Flags().StringVar(&opts.RBACDir, "rbac-dir", opts.RBACDir, "RBAC manifests directory, relative to the module root")
	cmd.Flags().StringVar(&opts.ControllerDir, "controller-dir", opts.ControllerDir, "controller package directory, relative to the module root")
	cmd.Flags().StringVar(&opts.APFDir, "apf-dir", opts.APFDir, "API Priority and Fairness manifests directory, relative to the module root")
	cmd.Flags().StringVar(&opts.MainPath, "main-path", opts.MainPath, `where the operator's main is scaffolded when missing, relative to the module root ("none": nowhere)`)
	cmd.Flags().StringVar(&opts.ProjectName, "project-name", "", "operator name for its ServiceAccount and lease (default: opgen.yaml's, else the last element of the module path)")
	cmd.Flags().StringVar(&templatesDir, "templates", "", "a directory of templates laid over the built-in ones (default: opgen.yaml's)")
	return cmd
}

// generateMode says what runGenerate does besides generating.
type generateMode int

const (
	// write the files, and go get what generated code needs.
	write generateMode = iota
	// checkOnly writes nothing and reports stale files.
	checkOnly
	// writeNoRequire writes the files only: opgen init runs go mod tidy afterwards.
	writeNoRequire
)

func runGenerate(ctx context.Context, stdout, stderr io.Writer, cfg generator.Config, mode generateMode) error {
	if ctx == nil {
		ctx = context.Background()
	}
	wd := cfg.Dir
	res, err := generator.Run(ctx, cfg)
	if res != nil {
		printDiagnostics(stderr, res.Diagnostics)
	}
	if errors.Is(err, generator.ErrDiagnostics) {
		return exitError{}
	}
	if err != nil {
		return relativeError{err, wd}
	}
	plan, err := output.Compute(res.ModuleRoot, res.Files, res.Claims)
	if err != nil {
		return err
	}
	if mode == writeNoRequire {
		return plan.Apply()
	}
	reqs, err := output.MissingRequirements(res.ModuleRoot, res.Files, res.Loaded)
	if err != nil {
		return err
	}
	if mode == checkOnly {
		if len(reqs) > 0 && output.Satisfied(res.ModuleRoot, reqs) {
			reqs = nil
		}
		if !plan.Stale() && len(reqs) == 0 {
			return nil
		}
		fmt.Fprint(stdout, plan.Diff())
		if plan.Stale() {
			c, u, d := plan.Count()
			fmt.Fprintf(stderr, "opgen: generated files are stale (%d to create, %d to update, %d to delete); run opgen generate\n", c, u, d)
		}
		for _, r := range reqs {
			fmt.Fprintf(stderr, "opgen: go.mod does not provide what generated code imports from %s; run opgen generate\n", r)
		}
		return exitError{}
	}
	// go.mod first: if `go get` fails, nothing else has changed.
	changed, err := output.Require(res.ModuleRoot, reqs)
	if err != nil {
		return err
	}
	if err := plan.Apply(); err != nil {
		return err
	}
	if changed {
		for _, r := range reqs {
			fmt.Fprintf(stderr, "opgen: go.mod: ran go get for %s, whose packages generated code imports\n", r)
		}
	}
	return nil
}

func printDiagnostics(w io.Writer, ds diag.Diagnostics) {
	for _, d := range ds {
		fmt.Fprintln(w, d.String())
	}
}

func newVersionCommand(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print opgen's version",
		Args:  cobra.NoArgs,
		Run: func(*cobra.Command, []string) {
			fmt.Fprintln(stdout, "opgen", version())
		},
	}
}

// version is the module version the binary was built from, "(devel)" in a checkout.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

func newMarkersCommand(stdout io.Writer) *cobra.Command {
	ref := markers.Reference()
	return &cobra.Command{
		Use:   "markers",
		Short: "The +opguard: marker reference",
		Long:  ref,
		Args:  cobra.NoArgs,
		Run: func(*cobra.Command, []string) {
			fmt.Fprint(stdout, ref)
		},
	}
}
