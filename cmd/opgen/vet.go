package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet"
)

// vetFinding is one line of `opgen vet -json`.
type vetFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Analyzer string `json:"analyzer"`
	Message  string `json:"message"`
	// Fix names the suggested fix that -fix would apply, when there is one.
	Fix string `json:"fix,omitempty"`
}

// printFindings prints findings as file:line:col: message (analyzer), paths relative to
// wd and sorted by them, or as a JSON array.
func printFindings(w io.Writer, wd string, findings []vet.Finding, asJSON bool) error {
	if asJSON {
		out := make([]vetFinding, 0, len(findings))
		for _, f := range findings {
			vf := vetFinding{File: relPath(wd, f.Pos.Filename), Line: f.Pos.Line, Column: f.Pos.Column, Analyzer: f.Analyzer, Message: f.Message}
			if f.Fix != nil {
				vf.Fix = f.Fix.Message
			}
			out = append(out, vf)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	lines := make([]string, 0, len(findings))
	for _, f := range findings {
		lines = append(lines, fmt.Sprintf("%s:%d:%d: %s (%s)", relPath(wd, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Message, f.Analyzer))
	}
	// Sorted again after relativizing, so the order is that of the printed paths.
	sort.SliceStable(lines, func(i, j int) bool { return lessPosition(lines[i], lines[j]) })
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return nil
}

func newVetCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var asJSON, fix bool
	var disable []string
	// Each analyzer flag is offered as --<analyzer>.<flag>, the spelling go vet uses
	// with -vettool, and set on the analyzer before every run (its value is global).
	type analyzerFlag struct {
		a     *analysis.Analyzer
		name  string
		value *string
	}
	var aflags []analyzerFlag
	cmd := &cobra.Command{
		Use:   "vet [packages]",
		Short: "Find the 409-storm and update-loop anti-patterns in controller code (default ./...)",
		Long: `Run opgen's analyzers on the given packages (default ./...) and print every finding
as file:line:col: message (analyzer), relative to the working directory, sorted.
The exit status is 1 when anything is found.

Analyzers: ` + strings.Join(analyzerNames(vet.Analyzers), ", ") + `.
A finding is silenced by "//opguard:ignore <analyzer> <reason>" on its line or alone
on the line above; the reason is required.

With -fix the suggested fixes (reflect.DeepEqual -> equality.Semantic.DeepEqual,
Requeue: true -> RequeueAfter) are written to the files, and only what is left is
printed. The same analyzers run as go vet -vettool=$(which opgen-vet).

Flags may be written with one dash, as go vet's are (-json, -fix, -disable=x).`,
		// Flags are parsed below, so that go vet's one-dash spelling works too.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			args, help, err := parseVetFlags(cmd, args)
			if err != nil || help {
				if err == nil {
					err = cmd.Help()
				}
				return err
			}
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			analyzers, err := selectAnalyzers(disable)
			if err != nil {
				return err
			}
			for _, f := range aflags {
				if err := f.a.Flags.Set(f.name, *f.value); err != nil {
					return fmt.Errorf("--%s.%s: %v", f.a.Name, f.name, err)
				}
			}
			findings, err := vet.Check(cmd.Context(), vet.Config{Dir: wd, Patterns: args, Analyzers: analyzers})
			if err != nil {
				return relativeError{err, wd}
			}
			if fix {
				fixed, err := vet.Fixes(findings)
				if err != nil {
					return relativeError{err, wd}
				}
				if err := writeFixed(fixed.Files); err != nil {
					return err
				}
				findings = fixed.Left
				if len(fixed.Applied) > 0 {
					fmt.Fprintf(stderr, "opgen vet: applied %d fixes in %d files\n", len(fixed.Applied), len(fixed.Files))
					// A fix may remove the code other findings were about (a status
					// write moved to the generated writer): what is left is what a new
					// look at the fixed code finds.
					if findings, err = vet.Check(cmd.Context(), vet.Config{Dir: wd, Patterns: args, Analyzers: analyzers}); err != nil {
						return relativeError{err, wd}
					}
				}
			}
			if err := printFindings(stdout, wd, findings, asJSON); err != nil {
				return err
			}
			if len(findings) > 0 {
				return exitError{code: 1}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print findings as a JSON array of {file, line, column, analyzer, message, fix}")
	cmd.Flags().BoolVar(&fix, "fix", false, "apply suggested fixes to the files, then print what is left")
	cmd.Flags().StringSliceVar(&disable, "disable", nil, "analyzers not to run, comma-separated")
	for _, a := range vet.Analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) {
			v := new(string)
			cmd.Flags().StringVar(v, a.Name+"."+f.Name, f.DefValue, f.Usage)
			aflags = append(aflags, analyzerFlag{a, f.Name, v})
		})
	}
	return cmd
}

// parseVetFlags parses the command's own and inherited flags (-C) from args, after
// turning go vet's one-dash long flags (-json, -disable=x) into pflag's two-dash
// form, and returns the package patterns and whether help was asked for.
func parseVetFlags(cmd *cobra.Command, args []string) ([]string, bool, error) {
	cmd.InitDefaultHelpFlag()
	fs := pflag.NewFlagSet("vet", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.AddFlagSet(cmd.Flags())
	fs.AddFlagSet(cmd.InheritedFlags())
	norm := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			norm = append(norm, args[i:]...)
			break
		}
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && len(a) > 2 {
			name, _, _ := strings.Cut(a[1:], "=")
			if fs.Lookup(name) != nil {
				a = "-" + a
			}
		}
		norm = append(norm, a)
	}
	if err := fs.Parse(norm); err != nil {
		return nil, false, err
	}
	help, _ := fs.GetBool("help")
	return fs.Args(), help, nil
}

func analyzerNames(as []*analysis.Analyzer) []string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = a.Name
	}
	return names
}

// selectAnalyzers is every analyzer except the disabled ones; an unknown name is an
// error rather than a check silently left on.
func selectAnalyzers(disable []string) ([]*analysis.Analyzer, error) {
	for _, name := range disable {
		if vet.ByName(name) == nil {
			return nil, fmt.Errorf("--disable: unknown analyzer %q (have %s)", name, strings.Join(analyzerNames(vet.Analyzers), ", "))
		}
	}
	var out []*analysis.Analyzer
	for _, a := range vet.Analyzers {
		if !slices.Contains(disable, a.Name) {
			out = append(out, a)
		}
	}
	return out, nil
}

// relPath is name relative to wd when it lies below it, as the compiler prints it.
func relPath(wd, name string) string {
	if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}

// lessPosition orders "file:line:col: …" lines by file, then line and column as numbers.
func lessPosition(a, b string) bool {
	fa, la, ca := splitPosition(a)
	fb, lb, cb := splitPosition(b)
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	if ca != cb {
		return ca < cb
	}
	return a < b
}

func splitPosition(s string) (file string, line, col int) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) < 3 {
		return s, 0, 0
	}
	fmt.Sscan(parts[1], &line)
	fmt.Sscan(parts[2], &col)
	return parts[0], line, col
}

// writeFixed writes every file beside its target first and renames them into place
// only when all were written, so a failure leaves the tree as it was.
func writeFixed(files map[string][]byte) error {
	names := slices.Sorted(maps.Keys(files))
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, name := range names {
		info, err := os.Stat(name)
		if err != nil {
			cleanup()
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(name), ".opgen-vet-*")
		if err != nil {
			cleanup()
			return err
		}
		temps = append(temps, f.Name())
		_, werr := f.Write(files[name])
		cerr := f.Close()
		if err := errors.Join(werr, cerr, os.Chmod(f.Name(), info.Mode().Perm())); err != nil {
			cleanup()
			return err
		}
	}
	for i, name := range names {
		if err := os.Rename(temps[i], name); err != nil {
			cleanup()
			return err
		}
	}
	return nil
}
