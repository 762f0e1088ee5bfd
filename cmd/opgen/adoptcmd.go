package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/adopt"
	"github.com/opgen-dev/opgen/project"
)

// maxShown bounds the changed lines adopt prints per file.
const maxShown = 12

func newAdoptCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var partial bool
	cmd := &cobra.Command{
		Use:   "adopt",
		Short: "Write opgen.yaml from how the repository runs controller-gen",
		Long: `Read how the repository runs controller-gen today (the Makefile's recipe lines with
make variables expanded, the files it includes, //go:generate lines) and write
opgen.yaml with the same generators, paths per generator, options, output
directories, header file and role name, so that opgen generate is a drop-in.

Run it at the repository root. It prints what it read, what opgen will do differently
(the controller-tools version it embeds against the one the repository pins, and every
line of the generated files that will change beyond the "Code generated" headers), and
refuses, naming the option, what opgen cannot take: then it writes nothing and exits 1.

With --partial, a line opgen cannot take stays controller-gen's, whole, and is named
("keeps controller-gen for Makefile:150"); the other lines are adopted. A line kept that
runs a generator opgen would also run in the same module is still refused (two writers
of one output).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			return runAdopt(cmd, stdout, stderr, wd, partial)
		},
	}
	cmd.Flags().BoolVar(&partial, "partial", false, "adopt the lines opgen can take and leave the others, named, to controller-gen")
	return cmd
}

func runAdopt(cmd *cobra.Command, stdout, stderr io.Writer, root string, partial bool) error {
	res, err := adopt.Read(root)
	if err != nil {
		return exitError{code: 1, err: fmt.Errorf("adopt: %v", err)}
	}
	var partialErr error
	if partial {
		partialErr = res.Partial(root)
	}
	for _, inv := range res.Invocations {
		where := ""
		if rel, _ := filepath.Rel(root, inv.Dir); rel != "." {
			where = " (in " + filepath.ToSlash(rel) + "/)"
		}
		fmt.Fprintf(stdout, "read %s%s: controller-gen %s\n", inv.Pos, where, strings.Join(inv.Args, " "))
	}
	for _, p := range res.Pins {
		if p.Version == adopt.ControllerToolsVersion {
			fmt.Fprintf(stdout, "controller-tools: the repository pins %s (%s), the version opgen embeds\n", p.Version, p.Pos)
		}
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stdout, "differs: %s\n", n)
	}
	for _, k := range res.Kept {
		for _, why := range k.Reasons {
			fmt.Fprintf(stdout, "keeps controller-gen for %s: %s\n", k.Invocation.Pos, why)
		}
	}
	if len(res.Refusals) > 0 {
		for _, r := range res.Refusals {
			fmt.Fprintf(stdout, "cannot take %s\n", r)
		}
		hint := ""
		if !partial {
			hint = " (opgen adopt --partial adopts the other lines and leaves these to controller-gen)"
		}
		return exitError{code: 1, err: fmt.Errorf("adopt: %d controller-gen option(s) opgen cannot take (listed above); nothing written%s", len(res.Refusals), hint)}
	}
	if partialErr != nil {
		return exitError{code: 1, err: fmt.Errorf("adopt: %v; nothing written", partialErr)}
	}
	restore, err := res.Write()
	if err != nil {
		return err
	}
	for _, m := range res.Modules {
		rel := filepath.ToSlash(filepath.Join(m.Rel, project.FileName))
		p, ds, err := adopt.Dry(cmd.Context(), m.Root)
		printDiagnostics(stderr, ds.Sorted(root))
		if err != nil {
			restore()
			return exitError{code: 1, err: fmt.Errorf("adopt: opgen generate in %s would stop, so nothing is written: %v", displayDir(m.Rel), err)}
		}
		fmt.Fprintf(stdout, "wrote %s\n", rel)
		header, other := 0, 0
		for _, d := range p.Changed {
			if len(d.Other) == 0 {
				header++
			} else {
				other++
			}
		}
		fmt.Fprintf(stdout, "opgen generate in %s will change %d files (%d only in their \"Code generated\" lines), add %d, remove %d\n",
			displayDir(m.Rel), len(p.Changed), header, len(p.Added), len(p.Removed))
		for _, d := range p.Changed {
			if len(d.Other) == 0 {
				continue
			}
			fmt.Fprintf(stdout, "  %s: %d lines beyond the headers\n", filepath.ToSlash(filepath.Join(m.Rel, d.Path)), len(d.Other))
			for i, l := range d.Other {
				if i == maxShown {
					fmt.Fprintf(stdout, "    ... %d more\n", len(d.Other)-maxShown)
					break
				}
				fmt.Fprintf(stdout, "    %s\n", l)
			}
		}
		for _, a := range p.Added {
			fmt.Fprintf(stdout, "  adds %s\n", filepath.ToSlash(filepath.Join(m.Rel, a)))
		}
		for _, a := range p.Removed {
			fmt.Fprintf(stdout, "  removes %s\n", filepath.ToSlash(filepath.Join(m.Rel, a)))
		}
	}
	return nil
}

func displayDir(rel string) string {
	if rel == "." || rel == "" {
		return "the repository root"
	}
	return rel + "/"
}
