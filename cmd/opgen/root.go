package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/output"
)

// exitError ends the process with a status, after its message was printed (err nil)
// or with err as the message.
type exitError struct {
	code int
	err  error
}

// Exit statuses of opgen generate --check, as diff's: fresh, stale, could not check.
const (
	checkFresh = 0
	checkStale = 1
	checkError = 2
)

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

func (e exitError) Error() string {
	if e.err != nil {
		return e.err.Error()
	}
	return fmt.Sprintf("exit status %d", e.code)
}

func (e exitError) Unwrap() error { return e.err }

// exitStatus prints what err says, unless it was printed already, and returns the
// process's exit status.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	code := 1
	var ee exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil {
			return code
		}
		err = ee.err
	}
	fmt.Fprintf(stderr, "opgen: %v\n", err)
	return code
}

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
		newCreateCommand(stdout, stderr, &dir), newUpgradeCommand(stdout, stderr, &dir), newVersionCommand(stdout), newMarkersCommand(stdout))
	root.AddCommand(newVetCommand(stdout, stderr, &dir))
	root.AddCommand(newAdoptCommand(stdout, stderr, &dir))
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
	var check, verbose, chart bool
	var templatesDir string
	opts := generator.DefaultOptions
	cmd := &cobra.Command{
		Use:   "generate [packages]",
		Short: "Regenerate everything derived from markers (default ./...)",
		Long: `Regenerate everything derived from markers: ` + generatorList() + `.

The patterns (default ./...) choose the packages whose own directory opgen writes into
(deepcopy, apply configurations). Everything else (CRDs, RBAC, the controller package,
main, config/) always describes every API package of the module, whatever the patterns,
so a //go:generate line in one package never drops another's output.
In a repository opgen adopt took over, opgen.yaml's controllerGen section decides
instead: which of deepcopy, CRDs, RBAC and webhook configurations run, over which
packages, into which directories, with which options.

Output paths are relative to the module root, so a //go:generate line in any package
of the module writes to the same place; manifest directories may lie outside the module,
inside the repository (an API module in api/: --crd-dir ../config/crd/bases). A file without opgen's header is never
overwritten, except controller-gen's own output for the same artifact; a generated
file whose cause is gone (a marker removed, a kind deleted) is removed. A second run
changes no byte. Writing is all or nothing, even when the run is interrupted or killed:
the next run finishes or undoes what a killed one left.

With --check nothing is written: what a run would change is printed on stdout as a
patch that git apply accepts, and the exit status is 0 when the tree is fresh, 1 when
it is stale, 2 when it could not be checked (errors in the input).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("chart") {
				opts.Chart = strconv.FormatBool(chart)
			}
			// A directory the command line leaves out is opgen.yaml's (opgen adopt),
			// else the default.
			for flag, dst := range map[string]*string{"crd-dir": &opts.CRDDir, "rbac-dir": &opts.RBACDir, "webhook-dir": &opts.WebhookDir} {
				if !cmd.Flags().Changed(flag) {
					*dst = ""
				}
			}
			mode := write
			if check {
				mode = checkOnly
			}
			unlock, err := lockModule(stderr, wd)
			if err != nil {
				if check {
					return exitError{code: checkError, err: err}
				}
				return err
			}
			defer unlock()
			return runGenerate(cmd.Context(), stdout, stderr, generator.Config{Dir: wd, Patterns: args, Options: opts, TemplatesDir: templatesDir}, mode, runExtras{verbose: verbose})
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing; print a patch of what would change; exit 0 fresh, 1 stale, 2 could not check")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "list every file written or removed")
	cmd.Flags().StringVar(&opts.CRDDir, "crd-dir", opts.CRDDir, "CRD manifests directory, relative to the module root, inside the repository (default: opgen.yaml's controllerGen, else config/crd/bases)")
	cmd.Flags().StringVar(&opts.RBACDir, "rbac-dir", opts.RBACDir, "RBAC manifests directory, relative to the module root (may lie outside it, inside the repository)")
	cmd.Flags().StringVar(&opts.WebhookDir, "webhook-dir", opts.WebhookDir, "webhook configurations directory (manifests.yaml) outside an opgen project, relative to the module root")
	cmd.Flags().StringVar(&opts.ControllerDir, "controller-dir", opts.ControllerDir, "controller package directory, relative to the module root")
	cmd.Flags().StringVar(&opts.APFDir, "apf-dir", opts.APFDir, "API Priority and Fairness manifests directory, relative to the module root (may lie outside it, inside the repository)")
	cmd.Flags().StringVar(&opts.MainPath, "main-path", opts.MainPath, `where the operator's main is scaffolded when missing, relative to the module root ("none": nowhere)`)
	cmd.Flags().StringVar(&opts.ProjectName, "project-name", "", "operator name for its ServiceAccount and lease (default: opgen.yaml's, else a kubebuilder PROJECT's, else the module path's last element)")
	cmd.Flags().StringVar(&templatesDir, "templates", "", "a directory of templates laid over the built-in ones (default: opgen.yaml's)")
	cmd.Flags().StringVar(&opts.RoleName, "role-name", "", "name of the generated ClusterRole (default: the one config/rbac/role.yaml declares, else manager-role)")
	cmd.Flags().StringVar(&opts.HeaderFile, "header-file", "", "license header of every generated Go file, Go comments (default: "+generator.DefaultHeaderFile+" when it exists)")
	cmd.Flags().StringVar(&opts.Year, "year", "", `replaces " YEAR" in the header (default: the year the generated files carry, else none, as controller-gen)`)
	cmd.Flags().BoolVar(&chart, "chart", false, "write the Helm chart dist/chart (default: on in a project opgen init made, unless opgen.yaml says chart: false; off elsewhere)")
	return cmd
}

// lockModule takes the lock of the module that holds dir for a whole command, from
// before it reads the tree until its changes are written: two opgen runs in one module
// serialize, the second planning against what the first wrote.
func lockModule(stderr io.Writer, dir string) (func(), error) {
	root, _, err := generator.FindModule(dir)
	if err != nil {
		return nil, err
	}
	return output.Lock(root, func() {
		fmt.Fprintf(stderr, "opgen: waiting for another opgen run in %s\n", root)
	})
}

// generatorList names every generator of a run, in order.
func generatorList() string {
	names := make([]string, len(generator.Generators))
	for i, g := range generator.Generators {
		names[i] = g.Name()
	}
	return strings.Join(names, ", ")
}

// generateMode says what runGenerate does besides generating.
type generateMode int

const (
	// write the files, and go.mod's new requirements.
	write generateMode = iota
	// checkOnly writes nothing and reports what would change.
	checkOnly
	// writeNoRequire writes the files only: opgen init runs go mod tidy afterwards.
	writeNoRequire
)

// runExtras are what a command that generates adds to a plain generate run.
type runExtras struct {
	// verbose lists every file written or removed.
	verbose bool
	// scaffold are files written with the generated ones, in the same plan (opgen create
	// api's); the run sees them through its overlay. A file the run scaffolds where
	// missing (cmd/main.go, a reconciler) at one of their paths is theirs.
	scaffold []artifact.File
	// remove are files deleted in the same plan (opgen upgrade's, of the user's files the
	// new scaffold drops).
	remove []output.Change
}

func runGenerate(ctx context.Context, stdout, stderr io.Writer, cfg generator.Config, mode generateMode, extras runExtras) error {
	if ctx == nil {
		ctx = context.Background()
	}
	failed := func(err error) error {
		if mode == checkOnly {
			return exitError{code: checkError, err: err}
		}
		return err
	}
	wd := cfg.Dir
	root, _, err := generator.FindModule(wd)
	if err != nil {
		return failed(err)
	}
	// A run journals where its plan is rooted: the module, or the repository when it
	// writes outside the module (see planFiles).
	for _, r := range slices.Compact([]string{root, generator.RepositoryRoot(root)}) {
		if mode == checkOnly {
			if phase, pending := output.Pending(r); pending {
				fmt.Fprintf(stderr, "opgen: an interrupted opgen run left the tree half-changed (%s, phase %s); run opgen generate to finish it\n", filepath.Join(r, output.JournalName), phase)
				return exitError{code: checkStale}
			}
		} else if rec, err := output.Recover(r); err != nil {
			return failed(err)
		} else if rec != nil {
			fmt.Fprintf(stderr, "opgen: finished an interrupted run (%d files completed, %d temporary files removed)\n", rec.Finished, rec.Undone)
		}
	}
	res, err := generator.Run(ctx, cfg)
	if res != nil {
		printDiagnostics(stderr, inNewFiles(res.Diagnostics, cfg.Overlay, wd))
	}
	if errors.Is(err, generator.ErrDiagnostics) {
		if mode == checkOnly {
			return exitError{code: checkError}
		}
		return exitError{code: 1}
	}
	if err != nil {
		return failed(relativeError{err, wd})
	}
	files := append([]artifact.File(nil), extras.scaffold...)
	given := map[string]bool{}
	for _, f := range extras.scaffold {
		given[f.Path] = true
	}
	for _, f := range res.Files {
		if f.Owner != artifact.Scaffold || !given[f.Path] {
			files = append(files, f)
		}
	}
	planRoot, module, files, claims := generator.PlanRoot(res.ModuleRoot, files, res.Claims)
	plan, err := output.Compute(planRoot, files, claims)
	if err != nil {
		return failed(err)
	}
	plan.Module = module
	for _, c := range extras.remove {
		// opgen upgrade's removals are of the module's files; a plan rooted at the
		// repository names them from there.
		c.Path = path.Join(module, c.Path)
		plan.Set(c)
	}
	generator.Trace("plan")
	// satisfied: go.mod and go.sum provide what the files import, as a run with the
	// same inputs found before, or as this run finds.
	satisfied := res.RequirementsSatisfied
	if mode != writeNoRequire && !satisfied {
		reqs, err := output.MissingRequirements(plan, res.Loaded)
		if err != nil {
			return failed(err)
		}
		changed, added, err := output.Require(plan, reqs)
		if err != nil {
			return failed(err)
		}
		for _, r := range added {
			fmt.Fprintf(stderr, "opgen: go.mod: requires %s, which generated code imports\n", r)
		}
		satisfied = !changed
		generator.Trace("go.mod")
	}
	if mode == checkOnly {
		if !plan.Stale() {
			res.Remember(satisfied)
			return nil
		}
		fmt.Fprint(stdout, plan.Diff())
		c, u, d, _ := plan.Count()
		fmt.Fprintf(stderr, "opgen: generated files are stale (%d to create, %d to update, %d to delete); run opgen generate\n", c, u, d)
		return exitError{code: checkStale}
	}
	if err := plan.Apply(ctx); err != nil {
		return err
	}
	generator.Trace("apply")
	if mode == write {
		res.Remember(satisfied)
	}
	report(stderr, plan, extras.verbose)
	return nil
}

// report says what a run changed, in one line, as the go command's habits suggest:
// nothing when nothing changed; every path with -v.
func report(w io.Writer, plan *output.Plan, verbose bool) {
	if !plan.Stale() {
		return
	}
	created, updated, deleted, unchanged := plan.Count()
	if verbose {
		for _, c := range plan.Changes {
			switch c.Action {
			case output.Create:
				fmt.Fprintf(w, "opgen: wrote %s (new)\n", c.Path)
			case output.Update:
				fmt.Fprintf(w, "opgen: wrote %s\n", c.Path)
			case output.Delete:
				fmt.Fprintf(w, "opgen: removed %s\n", c.Path)
			}
		}
	}
	fmt.Fprintf(w, "opgen: %s written, %s removed, %d unchanged\n", files(created+updated), files(deleted), unchanged)
}

func files(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}

// inNewFiles says so of each diagnostic positioned in a file the command is about to
// write (opgen create api's types): it is not on disk yet to be opened.
func inNewFiles(ds diag.Diagnostics, overlay map[string][]byte, wd string) diag.Diagnostics {
	if len(overlay) == 0 {
		return ds
	}
	out := make(diag.Diagnostics, len(ds))
	for i, d := range ds {
		abs := d.Pos.Filename
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, abs)
		}
		if _, over := overlay[abs]; over {
			if _, err := os.Stat(abs); os.IsNotExist(err) {
				d.Msg += " [in a file this command writes; nothing was written]"
			}
		}
		out[i] = d
	}
	return out
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
