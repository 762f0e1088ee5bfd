package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/merge"
	"github.com/opgen-dev/opgen/output"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
	"github.com/opgen-dev/opgen/upgrade"
)

// upgradeOptions are opgen upgrade's flags.
type upgradeOptions struct {
	templates, oldTemplates string
	fromSet                 int
	fromSetGiven            bool
	check, verbose          bool
}

func newUpgradeCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var o upgradeOptions
	cmd := &cobra.Command{
		Use:   "upgrade",
		Short: "Move the project to this opgen's scaffold and a new overlay version, keeping your changes",
		Long: `Move a project opgen init made to this opgen's scaffold templates and to a new
version of its templates overlay, without losing a line you wrote.

opgen.yaml records what opgen scaffolded: the template set's version, the overlay's
name, version and digest, and each create command's inputs. opgen upgrade renders that
scaffold again (the base), renders the new one from the same inputs, and merges, file
by file, into your files:

  a file you never changed          replaced by the new scaffold's
  a file only you changed           kept
  a file you and the scaffold changed   merged line by line; where both changed the
                                    same lines differently, conflict markers
                                    (<<<<<<< ours, =======, >>>>>>> theirs), listed,
                                    and exit status 1
  a file the new scaffold adds      added
  a file the new scaffold drops     removed if you never changed it, else kept

then regenerates, as opgen generate does. Everything is one change, written all or
nothing; it says what it did to each file. While a file still holds the markers of a
conflict, opgen upgrade refuses and --check says the project is behind.

The new overlay is --templates DIR (default: opgen.yaml's). The old one, to render the
base, is found by its digest: the same directory when its templates did not change,
else the commit of that directory's git history that holds them; or give it with
--old-templates (a directory, or a git revision of the overlay's repository).

A project scaffolded before opgen kept a record gets one, reconstructed from the tree
(its kinds, webhooks, owned kinds) and the template set whose files it matches best;
--from-set N names the set when that is ambiguous.

With --check nothing is written: exit status 0 when the project is up to date, 1 when
it is behind (the versions and the files an upgrade would change are printed), 2 when
it could not tell.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			o.fromSetGiven = cmd.Flags().Changed("from-set")
			for _, p := range []*string{&o.templates, &o.oldTemplates} {
				if *p != "" && !filepath.IsAbs(*p) {
					if _, err := os.Stat(filepath.Join(wd, *p)); err == nil || p == &o.templates {
						*p = filepath.Join(wd, *p)
					}
				}
			}
			return runUpgrade(cmd.Context(), stdout, stderr, wd, o)
		},
	}
	cmd.Flags().StringVar(&o.templates, "templates", "", "the overlay to move to (default: opgen.yaml's templates); recorded in opgen.yaml")
	cmd.Flags().StringVar(&o.oldTemplates, "old-templates", "", "the overlay the project was scaffolded with: a directory, or a git revision of the overlay's repository (default: found by its digest)")
	cmd.Flags().IntVar(&o.fromSet, "from-set", 0, "for a project without a scaffold record: the template set it was scaffolded with (default: inferred)")
	cmd.Flags().BoolVar(&o.check, "check", false, "write nothing; exit 0 up to date, 1 behind, 2 could not tell")
	cmd.Flags().BoolVarP(&o.verbose, "verbose", "v", false, "also list the files the upgrade leaves as they are")
	return cmd
}

func runUpgrade(ctx context.Context, stdout, stderr io.Writer, wd string, o upgradeOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	failed := func(err error) error {
		if o.check {
			return exitError{code: checkError, err: err}
		}
		return err
	}
	root, modPath, err := generator.FindModule(wd)
	if err != nil {
		return failed(err)
	}
	unlock, err := lockModule(stderr, root)
	if err != nil {
		return failed(err)
	}
	defer unlock()
	if !o.check {
		if rec, err := output.Recover(root); err != nil {
			return failed(err)
		} else if rec != nil {
			fmt.Fprintf(stderr, "opgen: finished an interrupted run (%d files completed, %d temporary files removed)\n", rec.Finished, rec.Undone)
		}
	}
	cfgBytes, err := os.ReadFile(filepath.Join(root, project.FileName))
	if os.IsNotExist(err) {
		return failed(fmt.Errorf("%s has no %s: opgen upgrade moves a project opgen init made", root, project.FileName))
	}
	if err != nil {
		return failed(err)
	}
	cfg, err := project.Parse(cfgBytes)
	if err != nil {
		return failed(err)
	}
	// A conflict an earlier upgrade left is not resolved yet: the project is not up to
	// date, and merging again would take the markers for the user's lines.
	left, err := upgrade.Unresolved(root)
	if err != nil {
		return failed(err)
	}
	if len(left) > 0 {
		if o.check {
			for _, p := range left {
				fmt.Fprintf(stdout, "%-13s %s\n", "CONFLICT", p)
			}
		}
		return exitError{code: 1, err: fmt.Errorf("unresolved conflict markers (%s / %s) in %s: resolve them, then run opgen generate", merge.MarkerOurs, merge.MarkerTheirs, strings.Join(left, ", "))}
	}
	newDir := o.templates
	if newDir == "" && cfg.Templates != "" {
		newDir = filepath.Join(root, filepath.FromSlash(cfg.Templates))
	}
	newSet, err := templates.Load(newDir)
	if err != nil {
		return failed(err)
	}
	rec := cfg.Scaffold
	reconstructed := rec == nil
	oldDir, oldNote := "", ""
	if reconstructed {
		overlayDir := newDir
		if o.oldTemplates != "" {
			dir, cleanup, err := upgrade.OverlayAt(o.oldTemplates, newDir)
			if err != nil {
				return failed(err)
			}
			defer cleanup()
			overlayDir = dir
		}
		var notes []string
		rec, notes, err = upgrade.Reconstruct(root, modPath, upgrade.Settings(root, cfg), overlayDir, o.fromSet, o.fromSetGiven)
		if err != nil {
			return failed(err)
		}
		fmt.Fprintf(stderr, "opgen: %s has no scaffold record (the project is older than opgen's records): reconstructed it from the tree:\n", project.FileName)
		for _, n := range notes {
			fmt.Fprintf(stderr, "opgen:   %s\n", n)
		}
		oldDir = overlayDir
	} else {
		dir, note, cleanup, err := upgrade.OldOverlay(rec.Overlay, o.oldTemplates, newDir)
		if err != nil {
			return failed(err)
		}
		defer cleanup()
		oldDir, oldNote = dir, note
	}
	next := *rec
	next.TemplateSet = newSet.Version()
	next.Overlay = nil
	if ov := newSet.Overlay(); ov != nil {
		next.Overlay = &project.Overlay{Name: ov.Name, Version: ov.Version, Digest: ov.Digest}
	}
	newCfg := *cfg
	newCfg.Scaffold = &next
	if o.templates != "" {
		newCfg.Templates = relativeTo(root, o.templates)
	}
	moves := describeMove(rec, &next)
	if moves == "" {
		if o.check || !reconstructed {
			fmt.Fprintf(stderr, "opgen: up to date: template set %d, overlay %s\n", next.TemplateSet, overlayName(next.Overlay))
			return nil
		}
	}
	if oldNote != "" {
		fmt.Fprintf(stderr, "opgen: %s\n", oldNote)
	}
	oldSet, err := templates.LoadVersion(rec.TemplateSet, oldDir)
	if err != nil {
		return failed(err)
	}
	goMod, _ := os.ReadFile(filepath.Join(root, "go.mod"))
	goSum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	// The chart's Chart.yaml and values.yaml are opgen's scaffold when the project holds
	// them, whatever opgen.yaml's chart says now (upgrade.Settings).
	base, err := upgrade.Render(ctx, upgrade.RenderInput{Record: rec, Config: upgrade.Settings(root, cfg), Set: oldSet, GoMod: goMod, GoSum: goSum, Dir: root})
	if err != nil {
		return failed(fmt.Errorf("the old scaffold: %w", err))
	}
	theirs, err := upgrade.Render(ctx, upgrade.RenderInput{Record: &next, Config: upgrade.Settings(root, &newCfg), Set: newSet, GoMod: goMod, GoSum: goSum, Dir: root})
	if err != nil {
		return failed(fmt.Errorf("the new scaffold: %w", err))
	}
	decisions, err := upgrade.Decide(base, theirs, func(p string) ([]byte, bool) {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		return b, err == nil
	})
	if err != nil {
		return failed(err)
	}
	if o.check {
		n := 0
		for _, f := range decisions {
			if f.Action.Writes() || f.Action == upgrade.KeepDeleted {
				fmt.Fprintf(stdout, "%-13s %s\n", f.Action, f.Path)
				n++
			}
		}
		fmt.Fprintf(stderr, "opgen: behind: %s; an upgrade changes %s (opgen upgrade)\n", moves, files(n))
		return exitError{code: checkStale}
	}

	var scaffolded []artifact.File
	var remove []output.Change
	overlay := map[string][]byte{}
	var conflicts []string
	for _, f := range decisions {
		switch f.Action {
		case upgrade.Replace, upgrade.Merge, upgrade.Add, upgrade.Conflict:
			scaffolded = append(scaffolded, artifact.File{Path: f.Path, Content: f.New, Owner: artifact.Scaffold, Was: f.Old})
			if f.Action == upgrade.Conflict {
				// The generators read the file as it is: they cannot load one with markers.
				conflicts = append(conflicts, f.Path)
			} else {
				overlay[filepath.Join(root, filepath.FromSlash(f.Path))] = f.New
			}
		case upgrade.Remove:
			remove = append(remove, output.Change{Path: f.Path, Action: output.Delete, Old: f.Old})
		}
	}
	scaffolded = append(scaffolded, artifact.File{Path: project.FileName, Content: newCfg.Marshal(), Owner: artifact.Scaffold, Was: cfgBytes})
	if err := runGenerate(ctx, stdout, stderr, generator.Config{Dir: root, TemplatesDir: newDir, Overlay: overlay}, write, runExtras{scaffold: scaffolded, remove: remove, verbose: o.verbose}); err != nil {
		return err
	}
	if moves != "" {
		fmt.Fprintf(stderr, "opgen: upgraded: %s\n", moves)
	} else {
		fmt.Fprintf(stderr, "opgen: recorded the scaffold in %s; it is up to date\n", project.FileName)
	}
	for _, f := range decisions {
		if f.Action == upgrade.Same || (!o.verbose && f.Action == upgrade.UpToDate) {
			continue
		}
		line := fmt.Sprintf("opgen: %-12s %s", f.Action, f.Path)
		if f.Why != "" {
			line += " (" + f.Why + ")"
		}
		fmt.Fprintln(stderr, line)
	}
	if len(conflicts) > 0 {
		fmt.Fprintf(stderr, "opgen: %s with conflicts: resolve the <<<<<<< ours / >>>>>>> theirs markers in %s, then run opgen generate\n", files(len(conflicts)), strings.Join(conflicts, ", "))
		return exitError{code: 1}
	}
	return nil
}

// describeMove says what an upgrade moves, "" when nothing.
func describeMove(from, to *project.Record) string {
	var parts []string
	if from.TemplateSet != to.TemplateSet {
		parts = append(parts, fmt.Sprintf("template set %d to %d", from.TemplateSet, to.TemplateSet))
	}
	fd, td := "", ""
	if from.Overlay != nil {
		fd = from.Overlay.Digest
	}
	if to.Overlay != nil {
		td = to.Overlay.Digest
	}
	if fd != td {
		parts = append(parts, fmt.Sprintf("overlay %s to %s", overlayName(from.Overlay), overlayName(to.Overlay)))
	}
	return strings.Join(parts, ", ")
}

func overlayName(o *project.Overlay) string {
	if o == nil {
		return "none"
	}
	return (&templates.Overlay{Name: o.Name, Version: o.Version, Digest: o.Digest}).String()
}

// relativeTo is dir as opgen.yaml records a templates directory: relative to the
// project when that is shorter than absolute.
func relativeTo(root, dir string) string {
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return filepath.ToSlash(dir)
	}
	return filepath.ToSlash(rel)
}
